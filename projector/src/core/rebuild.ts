import type { Knex } from 'knex';
import type { ChangeBus, Database } from '@ghg/eventstore';
import type { EventStore, LogPosition, RecordedEvent } from '@ghg/events';
import type { Projection } from './projection';
import { applyInSavepoint, handledBy, makeContext, tableMapper } from './applying';
import { clearFailures } from './failures';
import { isAfter, lockCheckpoints, writeCheckpoints, type Checkpoint } from './checkpoints';
import { NoticeCollector } from './notices';
import { dropRebuildTables, prepareRebuildTables, rebuildName, swapInRebuiltTables } from './tableSwap';
import { stderrLogger, type Logger } from './logger';
import { RebuildMemory } from './rebuildMemory';

export interface RebuildProgress {
  phase: 'replaying' | 'swapped';
  projections: readonly string[];
  /** Events read from the log so far. */
  eventsDone: number;
  /** Position the fresh tables reflect. */
  position: Checkpoint;
  /** Newest position of the log, as last looked up. */
  head: LogPosition | null;
}

export interface RebuildOptions {
  db: Database;
  eventStore: EventStore;
  /** Every projection the application has (to check table ownership) … */
  projections: readonly Projection[];
  /** … and the ones to rebuild. */
  names: readonly string[] | 'all';
  onProgress?: (progress: RebuildProgress) => void;
  batchSize?: number;
  /**
   * When given, notices are published after the swap, so open browsers refetch what the rebuilt
   * tables hold: one per topic, company and tenant the replay touched (see RebuildNotices).
   */
  changeBus?: ChangeBus | null;
  logger?: Logger;
}

export interface RebuildResult {
  projections: string[];
  events: number;
  position: Checkpoint;
  elapsedMs: number;
}

export class UnknownProjectionError extends Error {
  readonly code = 'unknown_projection' as const;
  constructor(
    readonly unknown: readonly string[],
    readonly known: readonly string[],
  ) {
    super(`Unknown projection ${unknown.join(', ')}. Known projections: ${known.join(', ')}`);
    this.name = 'UnknownProjectionError';
  }
}

export function selectProjections(projections: readonly Projection[], names: readonly string[] | 'all'): Projection[] {
  if (names === 'all') return [...projections];
  const unknown = names.filter((n) => !projections.some((p) => p.name === n));
  if (unknown.length > 0) throw new UnknownProjectionError(unknown, projections.map((p) => p.name));
  return projections.filter((p) => names.includes(p.name));
}

/** Tables of the chosen projections; a table shared with a projection left out would lose its rows. */
function tablesOf(chosen: readonly Projection[], all: readonly Projection[]): string[] {
  const tables = [...new Set(chosen.flatMap((p) => p.tables))];
  for (const other of all.filter((p) => !chosen.includes(p))) {
    const shared = other.tables.filter((t) => tables.includes(t));
    if (shared.length > 0) throw new Error(`Table ${shared[0]} is also written by ${other.name}: rebuild them together`);
  }
  return tables;
}

const LOCK_TIMEOUT_RETRIES = 30;

const NO_IDS: readonly string[] = [];

/**
 * The notices of a rebuild. After the swap anything in the rebuilt tables may differ from what a
 * browser shows, so a notice says "this topic of this company changed" and the browser refetches
 * the topic (web/src/core/live/LiveProvider.tsx reads the topic only). The ids of company notices
 * are dropped: a replay of millions of events would otherwise send every row's id to every open
 * page, in thousands of NOTIFY payloads, each one a refetch. Ids are kept only where no company
 * routes the notice (account/user: /api/live finds the user it concerns by id).
 */
class RebuildNotices extends NoticeCollector {
  override add(notice: Parameters<NoticeCollector['add']>[0]): void {
    super.add(notice.companyId === null ? notice : { topic: notice.topic, companyId: notice.companyId, tenantId: notice.tenantId, ids: NO_IDS as string[] });
  }
}

/**
 * Replays the whole log into fresh copies of the chosen projections' tables while the live
 * tables keep serving (and the live runner keeps writing them), then swaps the copies in with
 * one transaction that also sets the checkpoints, so readers and the runner switch together, and
 * clears their failed marks. An event a projection cannot apply fails the rebuild with a
 * ProjectionFailedError naming the projection and the event; the live tables stay as they were.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const started = performance.now();
  const { db, eventStore } = options;
  const knex = db.knex;
  const logger = options.logger ?? stderrLogger;
  const batchSize = options.batchSize ?? 5000;
  const chosen = selectProjections(options.projections, options.names);
  const names = chosen.map((p) => p.name);
  const tables = tablesOf(chosen, options.projections);
  const notices = options.changeBus ? new RebuildNotices() : null;
  const mappers = new Map(chosen.map((p) => [p.name, tableMapper(p, rebuildName)]));
  const memory = new RebuildMemory();
  // Without a change bus nobody hears the notices: dropping them saves collecting one id per event.
  const contextFor = (trx: Knex.Transaction, p: Projection) => makeContext(trx, mappers.get(p.name)!, notices, memory);

  // A failure names the projection and the event (id, type, stream, position): the rebuild CLI
  // prints it, and it is what an operator repairing a failed projection has to find.
  const applyOne = (trx: Knex.Transaction, p: Projection, events: readonly RecordedEvent[]) =>
    applyInSavepoint(trx, p, handledBy(p, events), (sp) => contextFor(sp, p));
  const applyToCopies = async (trx: Knex.Transaction, events: readonly RecordedEvent[]) => {
    for (const p of chosen) await applyOne(trx, p, events);
  };
  // Until the swap nobody reads the copies, so on PostgreSQL each projection writes its own in a
  // transaction of its own, side by side; the swap transaction alone must be one.
  const applyInParallel = (events: readonly RecordedEvent[]) =>
    Promise.all(
      chosen.map((p) =>
        knex.transaction(async (trx) => {
          await trx.raw('set local synchronous_commit = off');
          await applyOne(trx, p, events);
        }),
      ),
    );

  await prepareRebuildTables(knex, tables);
  let position: Checkpoint = null;
  let eventsDone = 0;
  let head = await eventStore.headPosition();
  let lockTimeouts = 0;
  const report = (phase: RebuildProgress['phase']) =>
    options.onProgress?.({ phase, projections: names, eventsDone, position, head });
  report('replaying');

  // On PostgreSQL (or with EventStoreDB) the event store has connections of its own, so the
  // final transaction may read the log while it holds the checkpoint locks. On PGlite that would
  // wait for the one connection the transaction itself holds: there the swap is retried instead,
  // until the live runner is not ahead.
  const canReadWhileLocked = db.kind === 'postgres' || eventStore.kind === 'eventstoredb';

  // On PostgreSQL the next batch is read while the current one is written: the two overlap.
  let prefetched: Promise<Awaited<ReturnType<EventStore['readAll']>>> | null = null;
  try {
    for (;;) {
      // Read outside any transaction: on PGlite the event store shares the one connection.
      const events: RecordedEvent[] = await (prefetched ?? eventStore.readAll({ after: position, maxCount: batchSize }));
      prefetched = null;
      let reached: Checkpoint = events.length > 0 ? events.at(-1)!.globalPosition : position;
      let read = events.length;
      let swapped = false;
      if (canReadWhileLocked && events.length === batchSize) {
        prefetched = eventStore.readAll({ after: reached, maxCount: batchSize });
        prefetched.catch(() => undefined); // handled when awaited; never an unhandled rejection
      }
      if (db.kind === 'postgres' && events.length === batchSize) {
        await applyInParallel(events);
        position = reached;
        eventsDone += read;
        if (head === null || (position !== null && isAfter(position, head))) head = await eventStore.headPosition();
        report('replaying');
        continue;
      }
      // A swap attempt that rolls back (and is retried, which happens only on PostgreSQL) must
      // not leave its events in the memory either.
      const remembered = db.kind === 'postgres' ? memory.snapshot() : null;
      try {
        swapped = await knex.transaction(async (trx) => {
          // The copies are not live yet: a crash only means running the rebuild again, so the
          // batch commits need not wait for the disk.
          if (db.kind === 'postgres') await trx.raw('set local synchronous_commit = off');
          await applyToCopies(trx, events);
          if (events.length === batchSize) return false;
          // Looks caught up: lock the checkpoints, which pauses the live runner, then swap, once
          // the copies have every event the live tables have.
          if (db.kind === 'postgres') await trx.raw("set local lock_timeout = '2s'");
          const live = await lockCheckpoints(trx, names);
          const liveAhead = () =>
            names.some((n) => {
              const cp = live.get(n) ?? null;
              return cp !== null && (reached === null || isAfter(cp, reached));
            });
          while (liveAhead()) {
            if (!canReadWhileLocked) return false;
            const more = await eventStore.readAll({ after: reached, maxCount: batchSize });
            if (more.length === 0) throw new Error('A live checkpoint is beyond the head of the log');
            await applyToCopies(trx, more);
            reached = more.at(-1)!.globalPosition;
            read += more.length;
          }
          for (const p of chosen) if (p.finishRebuild) await p.finishRebuild(contextFor(trx, p));
          await swapInRebuiltTables(trx, tables);
          if (reached) await writeCheckpoints(trx, names, reached);
          // Every event replayed: a projection marked failed is repaired (live runners notice).
          await clearFailures(trx, names);
          return true;
        });
      } catch (error) {
        // A reader holding the old table too long: give it the table back for a moment and retry.
        if ((error as { code?: string }).code !== '55P03' || ++lockTimeouts > LOCK_TIMEOUT_RETRIES) throw error;
        logger.warn({ attempt: lockTimeouts }, 'rebuild: tables busy, retrying the swap');
        if (remembered) memory.restore(remembered);
        prefetched = null;
        continue;
      }
      position = reached;
      eventsDone += read;
      if (head === null || (position !== null && isAfter(position, head))) head = await eventStore.headPosition();
      if (swapped) break;
      report('replaying');
    }
  } catch (error) {
    await dropRebuildTables(knex, tables).catch(() => undefined);
    throw error;
  }

  report('swapped');
  if (options.changeBus && notices && notices.size > 0 && position) {
    await options.changeBus.publish(notices.toNotices(position)).catch((error: unknown) => {
      logger.warn({ err: error }, 'rebuild: could not publish change notices');
    });
  }
  return { projections: names, events: eventsDone, position, elapsedMs: performance.now() - started };
}
