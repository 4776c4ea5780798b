import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { importRoutes, type ResponseOf } from '@ghg/api';
import type { Cell, ImportSourceType } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import { idempotencyKeyOf } from '../core/idempotency';
import type { Session } from '../core/session';
import { importIdOfKey } from './ids';
import { fileNameTaken, newImportId, recordedOutcome, runImport, type ImportJob } from './importFile';
import type { RowSource } from './importRun';
import { ImportFileProblem, importFileKind } from './readFile';
import { fileSource } from './fileSource';
import { registerImportRuleRoutes } from './rules';
import { registerUndoReapplyRoutes } from './undoReapply';
import { discardUpload, keepUpload, keptUpload, MAX_IMPORT_BYTES, progressOf, receiveFile, trackProgress, type Progress } from './uploads';

type Outcome = ResponseOf<typeof importRoutes.upload>;

/** File types sent as the body itself: passed on as a stream, never buffered. */
const RAW_TYPES = ['text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'];

/** Imports processed at once by this process; more are refused with 429 rather than queued behind a long one. */
const MAX_RUNNING = 2;
let running = 0;

/** Characters no file name may hold: folders, wildcards and quotes Windows refuses, control characters. */
const forbidden = (ch: string) => '\\/:*?"<>|'.includes(ch) || ch.codePointAt(0)! < 0x20;
const plainName = (name: string) => name.trim() === name && name.length > 0 && [...name].length <= 200 && ![...name].some(forbidden);
/** A file's name as the user named it: no folders, no control characters, a .csv, .txt or .xlsx file. */
const validFileName = (name: string) => plainName(name) && /\.(csv|txt|xlsx)$/i.test(name);
/** A batch of JSON rows is named freely, within the same characters. */
const validBatchName = plainName;

function invalidFileName(name: string): Refusal {
  return new Refusal('invalid_file_name', { message: `${name} is not a valid file name.` });
}

function companyOf(session: Session): string {
  if (!session.selectedCompanyId) throw new Refusal('no_company_selected', { message: 'No company is selected.' });
  return session.selectedCompanyId;
}

/** A problem of the file itself as a refusal naming the row (and column) where known. */
function fileRefusal(error: unknown): never {
  if (error instanceof ImportFileProblem) {
    const fields = [...(error.row === null ? [] : [`row:${error.row}`]), ...(error.column === null ? [] : [`column:${error.column}`])];
    throw new Refusal(error.code, { fields });
  }
  throw error;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) throw new Refusal('import_busy');
  running += 1;
  try {
    return await work();
  } catch (error) {
    return fileRefusal(error);
  } finally {
    running -= 1;
  }
}

/** A refused file answers 400 with the same shape as an accepted one, so a client lists its rows. */
function answer(reply: FastifyReply, outcome: Outcome): Outcome | FastifyReply {
  return outcome.status === 'error' ? reply.code(400).send(outcome) : outcome;
}

/** The upload's body: the raw file, or the `file` part of a multipart form (its name when the query has none). */
async function bodyOf(request: FastifyRequest): Promise<{ stream: Readable; name: string | null }> {
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
    if (!part) throw new Refusal('empty_file');
    return { stream: part.file, name: part.filename || null };
  }
  return { stream: request.body as Readable, name: null };
}

/** An Idempotency-Key names the import: a retry of the same upload answers the first one. */
const OWN_IDEMPOTENCY = { idempotency: 'own' } as const;

function idempotentImportId(request: FastifyRequest, session: Session): string | null {
  const key = idempotencyKeyOf(request);
  return key === null ? null : importIdOfKey(session.selectedCompanyId, session.apiTokenId ? `token:${session.apiTokenId}` : session.userId, key);
}

async function startJob(deps: CommandApiDeps, session: Session, fileName: string, importId: string | null): Promise<{ importId: string; replay: Outcome | null }> {
  const companyId = companyOf(session);
  if (importId) {
    const replay = await recordedOutcome(deps, companyId, importId);
    if (replay) return { importId, replay };
  }
  if (await fileNameTaken(deps, companyId, fileName)) throw new Refusal('duplicate_file_name', { message: 'Cannot import because data with the same file name already exists' });
  return { importId: importId ?? newImportId(), replay: null };
}

export function registerImportRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(RAW_TYPES, (_request, payload, done) => done(null, payload));
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });

    registerRoute(scope, deps, importRoutes.upload, async ({ session, query, request, reply }) => {
      companyOf(session);
      const uploadId = query.uploadId ?? newImportId();
      const length = Number(request.headers['content-length']);
      const progress = trackProgress(uploadId, session.userId, Number.isFinite(length) ? length : null);
      const body = await bodyOf(request);
      const fileName = query.fileName ?? body.name ?? '';
      if (!validFileName(fileName)) {
        body.stream.resume();
        throw invalidFileName(fileName);
      }
      const { importId, replay } = await startJob(deps, session, fileName, idempotentImportId(request, session));
      if (replay) {
        body.stream.resume();
        return replay;
      }
      return guarded(async () => {
        const file = await receiveFile(body.stream, progress);
        const kind = importFileKind(fileName, file.firstBytes);
        if (!kind) {
          await discardUpload(uploadId, file.path);
          throw new Refusal('unsupported_file_type');
        }
        const dryRun = query.dryRun === 'true';
        const job: ImportJob = { fileName, sourceType: query.sourceType, source: fileSource(file.path, kind), sha256: file.sha256, dryRun, importId, uploadId, progress };
        try {
          const outcome = await runImport(deps, session, job);
          if (dryRun && outcome.status === 'preview') keepUpload({ uploadId, companyId: session.selectedCompanyId, userId: session.userId, path: file.path, fileName, sourceType: query.sourceType, sha256: file.sha256, bytes: file.bytes });
          else await discardUpload(uploadId, file.path);
          return answer(reply, outcome);
        } catch (error) {
          await discardUpload(uploadId, file.path);
          throw error;
        }
      });
    }, OWN_IDEMPOTENCY);
  });

  registerRoute(app, deps, importRoutes.confirm, async ({ session, body, request, reply }) => {
    const upload = keptUpload(body.uploadId, companyOf(session), session.userId);
    if (!upload) throw new Refusal('upload_not_found');
    const { importId, replay } = await startJob(deps, session, upload.fileName, idempotentImportId(request, session));
    if (replay) return replay;
    return guarded(async () => {
      const progress = trackProgress(upload.uploadId, session.userId, upload.bytes);
      progress.bytes = upload.bytes;
      const kind = importFileKind(upload.fileName, Buffer.alloc(0)) ?? 'csv';
      const dryRun = body.dryRun === true;
      const job: ImportJob = { fileName: upload.fileName, sourceType: upload.sourceType, source: fileSource(upload.path, kind), sha256: upload.sha256, dryRun, importId, uploadId: upload.uploadId, progress };
      const outcome = await runImport(deps, session, job);
      // A preview keeps the file for its confirmation; an import (or a refusal after a change) is done with it.
      if (!dryRun && outcome.status !== 'error') await discardUpload(upload.uploadId, upload.path);
      return answer(reply, outcome);
    });
  }, OWN_IDEMPOTENCY);

  registerRoute(app, deps, importRoutes.uploadRows, async ({ session, body, request, reply }) => {
    companyOf(session);
    if (!validBatchName(body.fileName)) throw invalidFileName(body.fileName);
    const { importId, replay } = await startJob(deps, session, body.fileName, idempotentImportId(request, session));
    if (replay) return replay;
    return guarded(async () => {
      const progress: Progress = trackProgress(importId, session.userId, null);
      const rows: { row: number; cells: readonly Cell[] }[] = [{ row: 1, cells: body.header }, ...body.rows.map((cells, i) => ({ row: i + 2, cells }))];
      const source: RowSource = {
        rows: () => (async function* () { yield* rows; })(),
        encoding: () => 'json',
      };
      const sha256 = createHash('sha256').update(JSON.stringify([body.header, body.rows])).digest('hex');
      const job: ImportJob = { fileName: body.fileName, sourceType: body.sourceType as ImportSourceType, source, sha256, dryRun: body.dryRun === true, importId, uploadId: null, progress };
      return answer(reply, await runImport(deps, session, job));
    });
  }, OWN_IDEMPOTENCY);

  registerRoute(app, deps, importRoutes.progress, async ({ session, body }) => {
    const p = progressOf(body.uploadId, session.userId);
    if (!p) throw new Refusal('upload_not_found');
    return { ...p };
  });

  registerUndoReapplyRoutes(app, deps);
  registerImportRuleRoutes(app, deps);
}
