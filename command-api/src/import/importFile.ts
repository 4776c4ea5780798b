import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { importRoutes, ResponseOf } from '@ghg/api';
import { foldRecorded, importsDecider, importStreamId, KEY, type ImportSourceType, type ImportState } from '@ghg/domain';
import { WrongExpectedVersionError, type EventMetadata, type NewEvent, type StreamWrite } from '@ghg/events';
import type { CommandApiDeps } from '../core/deps';
import { toNewEvent } from '../core/executeCommand';
import { Refusal } from '../core/httpErrors';
import { claim } from '../core/entityCommand';
import { metadataFor, type Session } from '../core/session';
import { loadImportContext } from './importContext';
import { LINES_PER_TURN, runRows, type ImportTally, type LineRef, type PlannedWrite, type RowSource } from './importRun';
import { readStreamsOf } from './readStreams';
import { eventSinkFor, type EventSink } from './eventSink';
import type { Progress } from './uploads';

type Outcome = ResponseOf<typeof importRoutes.upload>;

/** The file-name claim of an import: one successful import per file name and company (released by undo). */
export const fileNameGuard = (companyId: string, fileName: string) => ['importFileName', companyId, fileName.normalize('NFKC').trim().toLowerCase()];

/** An import stream's claims: its file name while it stands. */
export const importKind = (companyId: string) => ({
  decider: importsDecider,
  claimsOf: (s: ImportState) => (s.status === 'success' && s.summary ? [{ guard: fileNameGuard(companyId, s.summary.fileName), value: KEY }] : []),
  heldBy: 'import_exists' as const,
});

export interface ImportJob {
  fileName: string;
  sourceType: ImportSourceType;
  source: RowSource;
  sha256: string;
  dryRun: boolean;
  importId: string;
  uploadId: string | null;
  progress: Progress;
}

const roundKg = (x: number) => Math.round(x * 1e6) / 1e6;
const roundedTotals = (t: ImportTally['totals']) => ({ co2eKg: roundKg(t.co2eKg), byCategory: Object.fromEntries(Object.entries(t.byCategory).map(([k, v]) => [k, roundKg(v)])) });

/** The answer for a tally: 'error' when any row is refused or unclassified (nothing was written). */
export function outcomeOf(job: Pick<ImportJob, 'fileName' | 'sourceType' | 'source'>, tally: ImportTally, status: 'preview' | 'success', ids: { importId: string | null; uploadId: string | null }): Outcome {
  const refused = tally.errorCount > 0 || tally.unmatchedCount > 0 || tally.headerProblems.length > 0;
  return {
    status: refused ? 'error' : status,
    importId: refused ? null : ids.importId,
    uploadId: ids.uploadId,
    fileName: job.fileName,
    sourceType: job.sourceType,
    encoding: job.source.encoding(),
    rows: tally.rows,
    created: tally.created,
    updated: tally.updated,
    unchanged: tally.unchanged,
    excluded: tally.excluded,
    totals: roundedTotals(tally.totals),
    columns: tally.columns,
    sample: tally.sample,
    errors: tally.errors,
    errorCount: tally.errorCount,
    headerProblems: tally.headerProblems,
    unmatched: [...tally.unmatched.values()].sort((a, b) => b.count - a.count).slice(0, 200),
    unmatchedCount: tally.unmatchedCount,
    replayed: false,
  };
}

/** The answer of an import already written (a retried upload with the same idempotency key). */
export async function recordedOutcome(deps: CommandApiDeps, companyId: string, importId: string): Promise<Outcome | null> {
  const state = foldRecorded(importsDecider, await deps.eventStore.readStream(importStreamId(companyId, importId)));
  const s = state.summary;
  if (!s) return null;
  return {
    status: 'success',
    importId,
    uploadId: null,
    fileName: s.fileName,
    sourceType: s.sourceType,
    encoding: s.encoding,
    rows: s.rows,
    created: s.created,
    updated: s.updated,
    unchanged: s.unchanged,
    excluded: s.excluded,
    totals: s.totals,
    columns: [],
    sample: [],
    errors: [],
    errorCount: 0,
    headerProblems: [],
    unmatched: [],
    unmatchedCount: 0,
    replayed: true,
  };
}

/** Is a file of this name already imported (and not undone) by the company? */
export async function fileNameTaken(deps: CommandApiDeps, companyId: string, fileName: string): Promise<boolean> {
  const row = await deps.db.knex('import_history').where({ company_id: companyId, status: 'success' }).whereRaw('lower(file_name) = ?', [fileName.normalize('NFKC').trim().toLowerCase()]).first('import_id');
  return row !== undefined;
}

/**
 * Reads every row once: checks, classifies and decides it. A dry run only counts; an import also
 * hands the decided events to its sink as it goes (eventSink.ts: staged in the database, or
 * spilled to a file) and, if no row was refused or unclassified, appends them with the import's
 * own events as one atomic batch. Nothing is written for a file with any bad or unclassified row.
 */
export async function runImport(deps: CommandApiDeps, session: Session, job: ImportJob): Promise<Outcome> {
  const ctx = await loadImportContext(deps, session);
  const readStreams = readStreamsOf(deps);
  const metadata = metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date());
  const sink = job.dryRun ? null : eventSinkFor(deps.eventStore);
  job.progress.phase = 'reading';
  try {
    const emit = sink ? async (planned: PlannedWrite[]) => sink.write(await checkedWrites(planned, metadata)) : undefined;
    const listing = importListing(session.selectedCompanyId, job.importId, -1, importsDecider.initialState());
    const tally = await runRows({ eventStore: deps.eventStore, readStreams }, ctx, job.sourceType, job.source, {
      importId: job.importId,
      ...(emit ? { emit, list: listing.list } : {}),
      onRows: (n) => (job.progress.rows = n),
    });
    const refused = tally.errorCount > 0 || tally.unmatchedCount > 0 || tally.headerProblems.length > 0;
    // A header and nothing under it is most likely the wrong file (or an export that failed).
    if (!refused && tally.rows === 0) throw new Refusal('no_data_rows');
    if (!sink || refused) {
      job.progress.phase = 'done';
      return outcomeOf(job, tally, 'preview', { importId: null, uploadId: refused ? null : job.uploadId });
    }
    return await appendImport(deps, session, job, tally, sink, metadata, listing.version());
  } finally {
    // Unless committed: a refused file, a failure or a refusal on the way leave nothing.
    await sink?.abandon();
  }
}

/** The import's own events after its lines, the file name claimed, and everything appended as one. */
async function appendImport(deps: CommandApiDeps, session: Session, job: ImportJob, tally: ImportTally, sink: EventSink, metadata: EventMetadata, streamVersion: number): Promise<Outcome> {
  const companyId = session.selectedCompanyId;
  const decision = importsDecider.decide(
    {
      type: 'RecordImport',
      companyId,
      summary: {
        importId: job.importId,
        fileName: job.fileName,
        sourceType: job.sourceType,
        encoding: job.source.encoding(),
        sha256: job.sha256,
        rows: tally.rows,
        created: tally.created,
        updated: tally.updated,
        unchanged: tally.unchanged,
        excluded: tally.excluded,
        totals: roundedTotals(tally.totals),
        fiscalYears: [...tally.fiscalYears].sort(),
        ruleVersions: tally.ruleVersions,
      },
    },
    importsDecider.initialState(),
  );
  if (!decision.ok) throw new Refusal(decision.error);
  const streamId = importStreamId(companyId, job.importId);
  await sink.write([{ streamId, events: decision.events.map((e) => toNewEvent(e, metadata)), expectedVersion: streamVersion === -1 ? 'no_stream' : streamVersion }]);
  // The file name is claimed just before the append: of two uploads of one file at once, one writes.
  const guard = { guard: fileNameGuard(companyId, job.fileName), value: KEY };
  const claimed = await claim(deps, importKind(companyId), streamId, guard, metadata);
  if (!claimed) throw new Refusal('duplicate_file_name');
  job.progress.phase = 'writing';
  let appended;
  try {
    appended = await sink.commit();
  } catch (error) {
    // Nothing was written: the claim lapses (an import stream that does not exist holds nothing).
    if (error instanceof WrongExpectedVersionError) throw new Refusal('version_conflict');
    throw error;
  }
  job.progress.phase = 'done';
  if (appended.lastPosition) await deps.awaitProjection?.(appended.lastPosition);
  return outcomeOf(job, tally, 'success', { importId: job.importId, uploadId: null });
}

export const newImportId = () => randomUUID();

/** The writes' events checked against their contracts (toNewEvent), a few hundred per turn of the event loop. */
async function checkedWrites(planned: readonly PlannedWrite[], metadata: EventMetadata): Promise<StreamWrite[]> {
  let checked = 0;
  const writes: StreamWrite[] = [];
  for (const w of planned) {
    const events: NewEvent[] = [];
    for (const e of w.events) {
      if (++checked % LINES_PER_TURN === 0) await nextTurn();
      events.push(toNewEvent(e, metadata));
    }
    writes.push({ streamId: w.streamId, events, expectedVersion: w.expectedVersion });
  }
  return writes;
}

/**
 * The import stream's writes that list each chunk's lines as the chunk is written (so no list of a
 * million lines is held anywhere), numbered on from the stream's version `from`.
 */
export function importListing(companyId: string, importId: string, from: number, state: ImportState) {
  let version = from;
  return {
    list: (created: LineRef[], updated: LineRef[]): PlannedWrite | null => {
      const decision = importsDecider.decide({ type: 'ListImportedLines', companyId, importId, created, updated }, state);
      if (!decision.ok) throw new Refusal(decision.error);
      const write: PlannedWrite = { streamId: importStreamId(companyId, importId), events: decision.events, expectedVersion: version === -1 ? 'no_stream' : version };
      version += decision.events.length;
      return write;
    },
    version: () => version,
  };
}
