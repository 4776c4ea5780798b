import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { boundedText, idText, LIMITS, longText } from '@ghg/events';
import {
  companyFactorSetsDecider,
  companyFactorSetStreamId,
  factorRowErrors,
  type CompanyFactorSetsState,
  type FactorRow,
  type FactorTableColumn,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { IdParam, loadState, runCompanyCommand } from '../core/companyCommand';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { decodeBase64File } from './upload/base64';
import { checkUploadedTable } from './upload/checkUploadedTable';
import { UPLOAD_BODY_LIMIT, UPLOAD_LIMITS, uploadRefusalStatus, type UploadRefusalCode } from './upload/limits';

const version = z.number().int().min(0).max(LIMITS.maxVersion).optional();
const text = longText().nullish();
const labels = z.union([longText().transform((ja) => ({ ja })), z.object({ ja: text, en: text, zhHans: text })]);

const CreateSetArgs = z.object({
  setId: idText().trim().min(1),
  title: labels,
  publisher: longText().optional(),
  citation: longText().optional(),
  licence: longText().optional(),
});

// Cells are checked by the table's own row rules (too_long, invalid_text …), which name the field.
const cell = z.union([longText(), z.number()]).nullish();
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
  fileName: boundedText(LIMITS.shortTextLength, 1).trim().min(1),
  // Its size and alphabet are checked by decodeBase64File, which names the problem.
  contentBase64: z.string().min(1),
  mode: z.enum(['merge', 'replace']).default('merge'),
  expectedVersion: version,
});

const FactorParams = z.object({ id: idText(), key: idText() });

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
  reply.status(uploadRefusalStatus[code]).send({
    message: code.replaceAll('_', ' '),
    code,
    fields: code === 'invalid_base64' ? ['contentBase64'] : [],
    limits: { maxFileBytes: UPLOAD_LIMITS.maxFileBytes, maxUncompressedBytes: UPLOAD_LIMITS.maxUncompressedBytes, maxDataRows: UPLOAD_LIMITS.maxDataRows },
  });

const refuse = (reply: FastifyReply, code: string, message: string, errors: { row?: number; field: string | null; code: string }[]) =>
  reply.status(400).send({ message, code, fields: [...new Set(errors.map((e) => e.field).filter((f): f is string => f !== null))], errors });

export function registerCompanyFactorSetRoutes(app: FastifyInstance, deps: CommandApiDeps): void {

  app.post('/api/company-factor-sets', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(CreateSetArgs, request.body);
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
    const { state } = await runCompanyCommand(deps, session, companyFactorSetStreamId(companyId, setId), companyFactorSetsDecider, {
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
  app.post('/api/company-factor-sets/:id/upload', { preHandler: authenticate(deps.eventStore), bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    const session = requireSession(request, 'company.configure');
    const { id: setId } = parseArgs(IdParam, request.params);
    const args = parseArgs(UploadArgs, request.body);
    const companyId = session.selectedCompanyId;
    // An unknown set is 404 before the file is read.
    const streamId = companyFactorSetStreamId(companyId, setId);
    const before = await loadState(deps, streamId, companyFactorSetsDecider);
    if (!before.sets.has(setId)) return reply.status(404).send({ message: 'factor set not found', code: 'factor_set_not_found' });

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
  });
}
