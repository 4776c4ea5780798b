import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyFactorSetRoutes } from '@ghg/api';
import { factorTableCsv } from '@ghg/domain';
import type { CompanyFactorEntry } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import type { CompanySetRow } from './factorLibrary';

type SetRow = CompanySetRow & { id: string; entry_count: number | string };

interface VersionRow {
  set_id: string;
  version: number | string;
  change: string;
  mode: string | null;
  file_name: string | null;
  format: string | null;
  entry_count: number | string;
  actor_user_id: string | null;
  published_at: string | Date;
}

const entryOf = (r: Record<string, unknown>): CompanyFactorEntry => {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    key: String(r.key),
    label: { ja: String(r.label_ja), en: String(r.label_en), zhHans: String(r.label_zh_hans) },
    value: Number(r.value),
    unit: String(r.unit),
    stage: str(r.stage) as CompanyFactorEntry['stage'],
    validFrom: str(r.valid_from),
    validTo: str(r.valid_to),
    source: str(r.source),
    licenceNote: str(r.licence_note),
    category: str(r.category),
  };
};

/**
 * A CSV download: the file itself when the client asks for `text/csv` (Accept header), otherwise
 * JSON `{fileName, mediaType, content}` (a client that fetches with a bearer token builds the file
 * from it). `content` is the exact file text, byte-order mark included.
 */
function sendCsv(request: FastifyRequest, reply: FastifyReply, fileName: string, content: string) {
  const mediaType = 'text/csv; charset=utf-8';
  if (!String(request.headers.accept ?? '').includes('text/csv')) return { fileName, mediaType, content };
  return reply
    .headers({
      'content-type': mediaType,
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    })
    .send(content);
}

export function registerCompanyFactorSetQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, companyFactorSetRoutes.list, async ({ reader: { selectedCompanyId: companyId } }) => {
    const sets: SetRow[] = await knex('company_factor_sets').where({ company_id: companyId }).orderBy('set_id');
    const versions: VersionRow[] = await knex('company_factor_set_versions').where({ company_id: companyId }).orderBy(['set_id', 'version']);
    return {
      companyFactorSets: sets.map((s) => ({
        id: s.id,
        setId: s.set_id,
        title: { ja: s.title_ja, en: s.title_en, zhHans: s.title_zh_hans },
        publisher: s.publisher,
        citation: s.citation,
        licence: s.licence,
        version: Number(s.latest_version),
        entryCount: Number(s.entry_count),
        versions: versions
          .filter((v) => v.set_id === s.set_id)
          .map((v) => ({
            version: Number(v.version),
            change: v.change,
            mode: v.mode ?? null,
            fileName: v.file_name ?? null,
            format: v.format ?? null,
            entryCount: Number(v.entry_count),
            actorUserId: v.actor_user_id ?? null,
            publishedAt: new Date(v.published_at).toISOString(),
          })),
      })),
    };
  });

  // The upload template: the header row, UTF-8 with BOM.
  registerRoute(app, deps, companyFactorSetRoutes.template, async ({ request, reply }) => {
    return sendCsv(request, reply, 'company-factors-template.csv', factorTableCsv([]));
  });

  // One version of a set (default: the newest) as CSV in the upload format; re-uploading it changes nothing.
  registerRoute(app, deps, companyFactorSetRoutes.download, async ({ reader: { selectedCompanyId: companyId }, params: { id: setId }, query, request, reply, refuse }) => {
    const set: SetRow | undefined = await knex('company_factor_sets').where({ company_id: companyId, set_id: setId }).first();
    if (!set) throw refuse('factor_set_not_found');
    const version = query.version ?? Number(set.latest_version);
    if (version > Number(set.latest_version)) throw refuse('factor_set_version_not_found');
    const rows = await knex('company_factor_entries')
      .where({ company_id: companyId, set_id: setId })
      .where('from_version', '<=', version)
      .where((q) => q.whereNull('to_version').orWhere('to_version', '>', version))
      .orderBy('key');
    return sendCsv(request, reply, `${setId}-v${version}.csv`, factorTableCsv(rows.map(entryOf)));
  });
}
