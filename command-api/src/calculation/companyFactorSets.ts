import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  companyFactorSetsDecider,
  companyFactorSetsStreamId,
  factorRowErrors,
  validateFactorTable,
  type CompanyFactorSetsState,
  type FactorRow,
  type FactorTableColumn,
} from '@ghg/domain/calculation/companyFactors/index';
import type { CommandApiDeps } from '../core/deps';
import { IdParam, loadState, runCompanyCommand } from '../core/companyCommand';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { readFactorTable } from './factorTable';

const version = z.number().int().min(0).optional();
const text = z.string().nullish();
const labels = z.union([z.string().transform((ja) => ({ ja })), z.object({ ja: text, en: text, zhHans: text })]);

const CreateSetArgs = z.object({
  setId: z.string().trim().min(1),
  title: labels,
  publisher: z.string().optional(),
  citation: z.string().optional(),
  licence: z.string().optional(),
});

const cell = z.union([z.string(), z.number()]).nullish();
const SaveFactorArgs = z.object({
  key: cell,
  label: z.object({ ja: text, en: text, zhHans: text }).optional(),
  value: cell,
  unit: cell,
  stage: cell,
  validFrom: cell,
  validTo: cell,
  source: cell,
  licenceNote: cell,
  category: cell,
  expectedVersion: version,
});

const UploadArgs = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentBase64: z.string().min(1),
  mode: z.enum(['merge', 'replace']).default('merge'),
  expectedVersion: version,
});

const FactorParams = z.object({ id: z.string().min(1), key: z.string().min(1) });

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

const refuse = (reply: FastifyReply, code: string, message: string, errors: { row?: number; field: string | null; code: string }[]) =>
  reply.status(400).send({ message, code, fields: [...new Set(errors.map((e) => e.field).filter((f): f is string => f !== null))], errors });

export function registerCompanyFactorSetRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const streamOf = (companyId: string) => companyFactorSetsStreamId(companyId);

  app.post('/api/company-factor-sets', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(CreateSetArgs, request.body);
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, streamOf(companyId), companyFactorSetsDecider, {
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
  app.post('/api/company-factor-sets/:id/factors', { preHandler: authenticate(deps.eventStore) }, async (request, reply) => {
    const session = requireSession(request, 'company.configure');
    const { id: setId } = parseArgs(IdParam, request.params);
    const { expectedVersion, label, validFrom, validTo, licenceNote, ...rest } = parseArgs(SaveFactorArgs, request.body);
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
    const { state } = await runCompanyCommand(deps, session, streamOf(companyId), companyFactorSetsDecider, {
      type: 'SaveCompanyFactor',
      companyId,
      setId,
      row,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { companyFactorSet: companyFactorSetView(state, setId) };
  });

  app.delete('/api/company-factor-sets/:id/factors/:key', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id: setId, key } = parseArgs(FactorParams, request.params);
    const { expectedVersion } = parseArgs(z.object({ expectedVersion: version }), request.body);
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, streamOf(companyId), companyFactorSetsDecider, {
      type: 'RemoveCompanyFactor',
      companyId,
      setId,
      key,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { companyFactorSet: companyFactorSetView(state, setId) };
  });

  // A whole table (CSV or .xlsx, base64 in JSON): all rows valid → one event, a new version; else nothing.
  app.post('/api/company-factor-sets/:id/upload', { preHandler: authenticate(deps.eventStore), bodyLimit: 32 * 1024 * 1024 }, async (request, reply) => {
    const session = requireSession(request, 'company.configure');
    const { id: setId } = parseArgs(IdParam, request.params);
    const args = parseArgs(UploadArgs, request.body);
    const companyId = session.selectedCompanyId;
    // An unknown set is 404 before the file is read.
    const before = await loadState(deps, streamOf(companyId), companyFactorSetsDecider);
    if (!before.sets.has(setId)) return reply.status(404).send({ message: 'factor set not found', code: 'factor_set_not_found' });

    const bytes = Buffer.from(args.contentBase64, 'base64');
    if (bytes.length === 0) return refuse(reply, 'invalid_file', 'invalid file', [{ row: 1, field: null, code: 'empty_file' }]);
    const table = await readFactorTable(args.fileName, bytes);
    if (!table.ok) return refuse(reply, 'invalid_file', 'invalid file', [{ row: table.row ?? 1, field: null, code: table.code }]);
    const checked = validateFactorTable(table.rows);
    if (!checked.ok) return refuse(reply, 'invalid_factor_table', 'invalid factor table', [...checked.errors]);

    const outcome = await runCompanyCommand(deps, session, streamOf(companyId), companyFactorSetsDecider, {
      type: 'UploadCompanyFactorTable',
      companyId,
      setId,
      mode: args.mode,
      fileName: args.fileName,
      format: table.format,
      entries: checked.entries,
      ...(args.expectedVersion === undefined ? {} : { expectedVersion: args.expectedVersion }),
    });
    return { companyFactorSet: companyFactorSetView(outcome.state, setId), format: table.format, rows: checked.entries.length, changed: outcome.appended > 0 };
  });
}
