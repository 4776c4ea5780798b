import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyFactorSetRoutes, uploadRefusals, type UploadRefusalCode } from '@ghg/api';
import {
  companyFactorSetsDecider,
  companyFactorSetStreamId,
  factorRowErrors,
  type CompanyFactorSetsState,
  type FactorRow,
  type FactorTableColumn,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { loadState, runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';
import { decodeBase64File } from './upload/base64';
import { checkUploadedTable } from './upload/checkUploadedTable';
import { UPLOAD_BODY_LIMIT, UPLOAD_LIMITS } from './upload/limits';

const { upload } = companyFactorSetRoutes;

/** Table column → JSON field of the single-factor form, so a form error names the field it shows. */
const jsonField: Record<FactorTableColumn, string> = {
  key: 'key',
  label_ja: 'label.ja',
  label_en: 'label.en',
  label_zhHans: 'label.zhHans',
  value: 'value',
  unit: 'unit',
  stage: 'stage',
  valid_from: 'validFrom',
  valid_to: 'validTo',
  source: 'source',
  licence_note: 'licenceNote',
  category: 'category',
};

export const companyFactorSetView = (state: CompanyFactorSetsState, setId: string) => {
  const s = state.sets.get(setId);
  return s
    ? { id: s.id, setId: s.setId, title: s.title, publisher: s.publisher, citation: s.citation, licence: s.licence, version: s.version, entryCount: s.entries.size }
    : null;
};

/** A file refused for its size or cost (413), its encoding (400), or a full upload queue (429). */
const refuseFile = (reply: FastifyReply, code: UploadRefusalCode) =>
  reply.status(uploadRefusals[code]).send({
    message: code.replaceAll('_', ' '),
    code,
    fields: code === 'invalid_base64' ? ['contentBase64'] : [],
    limits: { maxFileBytes: UPLOAD_LIMITS.maxFileBytes, maxUncompressedBytes: UPLOAD_LIMITS.maxUncompressedBytes, maxDataRows: UPLOAD_LIMITS.maxDataRows },
  });

const refuse = (reply: FastifyReply, code: 'invalid_factor' | 'invalid_file' | 'invalid_factor_table', message: string, errors: { row?: number; field: string | null; code: string }[]) =>
  reply.status(upload.errors[code]).send({ message, code, fields: [...new Set(errors.map((e) => e.field).filter((f): f is string => f !== null))], errors });

export function registerCompanyFactorSetRoutes(app: FastifyInstance, deps: CommandApiDeps): void {

  registerRoute(app, deps, companyFactorSetRoutes.create, async ({ session, body: args }) => {
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, companyFactorSetStreamId(companyId, args.setId), companyFactorSetsDecider, {
      type: 'CreateCompanyFactorSet',
      companyId,
      newId: randomUUID(),
      setId: args.setId,
      title: { ja: args.title.ja ?? '', en: 'en' in args.title ? (args.title.en ?? '') : '', zhHans: 'zhHans' in args.title ? (args.title.zhHans ?? '') : '' },
      ...(args.publisher === undefined ? {} : { publisher: args.publisher }),
      ...(args.citation === undefined ? {} : { citation: args.citation }),
      ...(args.licence === undefined ? {} : { licence: args.licence }),
    });
    return { companyFactorSet: companyFactorSetView(state, args.setId) };
  });

  // One factor added or changed by hand: a new version of the set.
  registerRoute(app, deps, companyFactorSetRoutes.saveFactor, async ({ session, params: { id: setId }, body, reply }) => {
    const { expectedVersion, label, validFrom, validTo, licenceNote, ...rest } = body;
    const row: FactorRow = {
      ...rest,
      label_ja: label?.ja,
      label_en: label?.en,
      label_zhHans: label?.zhHans,
      valid_from: validFrom,
      valid_to: validTo,
      licence_note: licenceNote,
    };
    const errors = factorRowErrors(row);
    if (errors.length > 0) return refuse(reply, 'invalid_factor', 'invalid factor', errors.map((e) => ({ field: jsonField[e.field], code: e.code })));
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, companyFactorSetStreamId(companyId, setId), companyFactorSetsDecider, {
      type: 'SaveCompanyFactor',
      companyId,
      setId,
      row,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { companyFactorSet: companyFactorSetView(state, setId) };
  });

  registerRoute(app, deps, companyFactorSetRoutes.removeFactor, async ({ session, params: { id: setId, key }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, companyFactorSetStreamId(companyId, setId), companyFactorSetsDecider, {
      type: 'RemoveCompanyFactor',
      companyId,
      setId,
      key,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { companyFactorSet: companyFactorSetView(state, setId) };
  });

  // A whole table (CSV or .xlsx, base64 in JSON): all rows valid → one event, a new version; else nothing.
  registerRoute(
    app,
    deps,
    upload,
    async ({ session, params: { id: setId }, body: args, reply, refuse: refusal }) => {
      const companyId = session.selectedCompanyId;
      // An unknown set is 404 before the file is read.
      const streamId = companyFactorSetStreamId(companyId, setId);
      const before = await loadState(deps, streamId, companyFactorSetsDecider);
      if (!before.sets.has(setId)) throw refusal('factor_set_not_found');

      const file = decodeBase64File(args.contentBase64);
      if (!file.ok) return file.code === 'empty_file' ? refuse(reply, 'invalid_file', 'invalid file', [{ row: 1, field: null, code: 'empty_file' }]) : refuseFile(reply, file.code);
      // Read and checked in a worker thread under the upload caps (upload/limits.ts).
      const checked = await checkUploadedTable(args.fileName, file.bytes);
      if (!checked.ok) {
        if (checked.kind === 'refused') return refuseFile(reply, checked.code);
        if (checked.kind === 'file') return refuse(reply, 'invalid_file', 'invalid file', [checked.error]);
        return refuse(reply, 'invalid_factor_table', 'invalid factor table', [...checked.errors]);
      }

      const outcome = await runCompanyCommand(deps, session, streamId, companyFactorSetsDecider, {
        type: 'UploadCompanyFactorTable',
        companyId,
        setId,
        mode: args.mode,
        fileName: args.fileName,
        format: checked.format,
        entries: checked.entries,
        ...(args.expectedVersion === undefined ? {} : { expectedVersion: args.expectedVersion }),
      });
      return { companyFactorSet: companyFactorSetView(outcome.state, setId), format: checked.format, rows: checked.entries.length, changed: outcome.appended > 0 };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
}
