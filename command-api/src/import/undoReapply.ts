import type { FastifyInstance } from 'fastify';
import { importRoutes } from '@ghg/api';
import {
  activityLinesDecider,
  activityLineStreamId,
  foldRecorded,
  importProblem,
  importsDecider,
  importStreamId,
  KEY,
  recordOfOrigin,
  type ActivityLineView,
  type ImportCommand,
  type ImportState,
  type LinkedRecord,
} from '@ghg/domain';
import { WrongExpectedVersionError, type RecordedEvent, type StreamWrite } from '@ghg/events';
import type { CommandApiDeps } from '../core/deps';
import { toNewEvent } from '../core/executeCommand';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import { release } from '../core/entityCommand';
import { metadataFor, type Session } from '../core/session';
import { sectionFacts } from '../settings/scopeSetting';
import { fileNameGuard, importListing } from './importFile';
import { loadImportContext } from './importContext';
import { CHUNK, runRows, type PlannedWrite } from './importRun';
import { readStreamsOf } from './readStreams';

const lastVersion = (history: readonly RecordedEvent[]) => history.at(-1)?.streamPosition ?? -1;

/**
 * Whether a line is still as this import (or a re-application of its rules, or an undo of a later
 * import) left it: it exists and its origin names this import. A line edited by hand has no
 * origin; one a later import updated names that import.
 */
const isOurs = (line: ActivityLineView | null, importId: string) => line !== null && line.origin?.importId === importId;
const MAX_NAMED = 20;

async function loadImport(deps: CommandApiDeps, companyId: string, importId: string, command: ImportCommand) {
  const streamId = importStreamId(companyId, importId);
  const history = await deps.eventStore.readStream(streamId);
  const state = foldRecorded(importsDecider, history);
  const problem = importProblem(command, state);
  if (problem) throw new Refusal(problem);
  return { streamId, history, state };
}

/** Each line the import left, with its stream's history now, a chunk of streams at a time. */
async function* importedLines(deps: CommandApiDeps, companyId: string, state: ImportState) {
  const readStreams = readStreamsOf(deps);
  const entries = [...state.lines];
  for (let at = 0; at < entries.length; at += CHUNK) {
    const part = entries.slice(at, at + CHUNK);
    const ids = part.map(([dealId]) => activityLineStreamId(companyId, dealId));
    const histories = await readStreams(ids);
    for (const [i, [dealId, ref]] of part.entries()) yield { dealId, ref, streamId: ids[i]!, history: histories.get(ids[i]!) ?? [] };
  }
}

async function appendAll(deps: CommandApiDeps, writes: StreamWrite[]) {
  try {
    const results = await deps.eventStore.appendToStreams(writes);
    const last = results.at(-1);
    if (last) await deps.awaitProjection?.(last.lastPosition);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new Refusal('version_conflict');
    throw error;
  }
}

/** One write per stream (appendToStreams takes each stream once): a stream's later writes follow its first. */
function mergeStreams(writes: readonly StreamWrite[]): StreamWrite[] {
  const byStream = new Map<string, StreamWrite>();
  for (const w of writes) {
    const known = byStream.get(w.streamId);
    byStream.set(w.streamId, known ? { ...known, events: [...known.events, ...w.events] } : w);
  }
  return [...byStream.values()];
}

const totalsOf = (lines: readonly ActivityLineView[]) => {
  const byCategory: Record<string, number> = {};
  let co2eKg = 0;
  for (const l of lines) {
    co2eKg += l.calculation.co2eKg;
    byCategory[l.scopeCategory] = (byCategory[l.scopeCategory] ?? 0) + l.calculation.co2eKg;
  }
  return { co2eKg, byCategory };
};
const round = (t: { co2eKg: number; byCategory: Record<string, number> }) => ({
  co2eKg: Math.round(t.co2eKg * 1e6) / 1e6,
  byCategory: Object.fromEntries(Object.entries(t.byCategory).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6])),
});

async function undo(deps: CommandApiDeps, session: Session, importId: string) {
  const companyId = session.selectedCompanyId;
  const { streamId, history, state } = await loadImport(deps, companyId, importId, { type: 'UndoImport', companyId, importId, removed: 0, restored: 0 });
  const sections = await sectionFacts(deps, session);
  const metadata = metadataFor(session, companyId, deps.now?.() ?? new Date());
  const writes: StreamWrite[] = [];
  const changedSince: string[] = [];
  let removed = 0;
  let restored = 0;
  for await (const { dealId, ref, streamId: lineStream, history: lineHistory } of importedLines(deps, companyId, state)) {
    const current = foldRecorded(activityLinesDecider, lineHistory).line;
    if (!isOurs(current, importId)) {
      if (changedSince.length < MAX_NAMED) changedSince.push(`row:${current?.origin?.row ?? dealId}`);
      continue;
    }
    if (current && sections.permittedSectionIds !== null && !sections.permittedSectionIds.includes(current.section)) throw new Refusal('section_not_permitted');
    // The line as it was before the import first wrote it (none for a line the import created).
    const before = ref.created ? null : foldRecorded(activityLinesDecider, lineHistory.filter((e) => e.streamPosition < ref.firstVersion)).line;
    let event;
    if (before) {
      const { version: _version, ...data } = before;
      event = { type: 'ActivityLineChanged', data };
      restored += 1;
    } else {
      event = { type: 'ActivityLineRemoved', data: { dealId, companyId } };
      removed += 1;
    }
    writes.push({ streamId: lineStream, events: [toNewEvent(event, metadata)], expectedVersion: lastVersion(lineHistory) });
  }
  if (changedSince.length > 0) throw new Refusal('import_lines_changed', { fields: changedSince });
  const decision = importsDecider.decide({ type: 'UndoImport', companyId, importId, removed, restored }, state);
  if (!decision.ok) throw new Refusal(decision.error);
  writes.push({ streamId, events: decision.events.map((e) => toNewEvent(e, metadata)), expectedVersion: lastVersion(history) });
  await appendAll(deps, writes);
  // The file name is free again: the same file may be imported anew.
  if (state.summary) await release(deps, streamId, { guard: fileNameGuard(companyId, state.summary.fileName), value: KEY }, metadata);
  return { importId, removed, restored };
}

async function reapply(deps: CommandApiDeps, session: Session, importId: string, dryRun: boolean) {
  const companyId = session.selectedCompanyId;
  const ruleVersions = {};
  const { streamId, history, state } = await loadImport(deps, companyId, importId, { type: 'RecordRulesReapplied', companyId, importId, before: { co2eKg: 0, byCategory: {} }, after: { co2eKg: 0, byCategory: {} }, ruleVersions, changed: 0 });
  const lines: ActivityLineView[] = [];
  const records: LinkedRecord[] = [];
  for await (const { history: lineHistory } of importedLines(deps, companyId, state)) {
    const line = foldRecorded(activityLinesDecider, lineHistory).line;
    // A line changed since (by hand, or by a later import) is no longer this import's to restate.
    if (!isOurs(line, importId) || !line?.origin) continue;
    lines.push(line);
    records.push(recordOfOrigin(line.origin.row, line.origin.sourceKey, line.origin.record));
  }
  const before = totalsOf(lines);
  const sourceType = state.summary!.sourceType;
  const ctx = await loadImportContext(deps, session);
  const metadata = metadataFor(session, companyId, deps.now?.() ?? new Date());
  const planned: PlannedWrite[] = [];
  const source = { records: () => (async function* () { yield* records; })() };
  const listing = importListing(companyId, importId, lastVersion(history), state);
  const tally = await runRows({ eventStore: deps.eventStore, readStreams: readStreamsOf(deps) }, ctx, sourceType, source, {
    importId,
    ...(dryRun ? {} : { emit: async (w: PlannedWrite[]) => void planned.push(...w), list: listing.list }),
  });
  const after = { co2eKg: before.co2eKg + tally.totals.co2eKg, byCategory: { ...before.byCategory } };
  for (const [k, v] of Object.entries(tally.totals.byCategory)) after.byCategory[k] = (after.byCategory[k] ?? 0) + v;
  const answer = { importId, changed: tally.updated, before: round(before), after: round(after), unmatched: tally.unmatchedCount + tally.excluded, errors: tally.errors };
  if (dryRun || tally.errorCount > 0 || tally.updated === 0) return { ...answer, status: 'preview' as const };
  const decision = importsDecider.decide({ type: 'RecordRulesReapplied', companyId, importId, before: round(before), after: round(after), ruleVersions: tally.ruleVersions, changed: tally.updated }, state);
  if (!decision.ok) throw new Refusal(decision.error);
  const writes: StreamWrite[] = planned.map((w) => ({ streamId: w.streamId, events: w.events.map((e) => toNewEvent(e, metadata)), expectedVersion: w.expectedVersion }));
  writes.push({ streamId, events: decision.events.map((e) => toNewEvent(e, metadata)), expectedVersion: listing.version() });
  await appendAll(deps, mergeStreams(writes));
  return { ...answer, status: 'success' as const };
}

/** Undo an import as a whole, and apply the rules as they are now to a past import. */
export function registerUndoReapplyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, importRoutes.undo, ({ session, body }) => undo(deps, session, body.importId));
  registerRoute(app, deps, importRoutes.reapply, ({ session, body }) => reapply(deps, session, body.importId, body.dryRun === true));
}
