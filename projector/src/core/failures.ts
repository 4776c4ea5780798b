import type { Knex } from 'knex';
import type { LogPosition, RecordedEvent } from '@ghg/events';

/** Projections marked failed (migration 0009): halted at their checkpoint until repaired. */
export const FAILURES_TABLE = 'projection_failures';

/** Long driver messages (knex prefixes the SQL) are cut: the log has the whole error. */
const MAX_ERROR_LENGTH = 2000;

export interface ProjectionFailure {
  name: string;
  /** The failing event; null when it could not be told apart from its batch. */
  position: LogPosition | null;
  eventId: string | null;
  eventType: string | null;
  streamId: string | null;
  tenantId: string | null;
  error: string;
  /** Failed attempts on this event, across restarts. */
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

interface FailureRow {
  name: string;
  commit_position: string | number | null;
  prepare_position: string | number | null;
  event_id: string | null;
  event_type: string | null;
  stream_id: string | null;
  tenant_id: string | null;
  error: string;
  attempts: number;
  first_failed_at: Date | string;
  last_failed_at: Date | string;
}

function fromRow(row: FailureRow): ProjectionFailure {
  const position =
    row.commit_position === null || row.prepare_position === null
      ? null
      : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
  return {
    name: row.name,
    position,
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    tenantId: row.tenant_id,
    error: row.error,
    attempts: Number(row.attempts),
    firstFailedAt: new Date(row.first_failed_at),
    lastFailedAt: new Date(row.last_failed_at),
  };
}

function toRow(failure: ProjectionFailure): FailureRow {
  return {
    name: failure.name,
    commit_position: failure.position?.commit.toString() ?? null,
    prepare_position: failure.position?.prepare.toString() ?? null,
    event_id: failure.eventId,
    event_type: failure.eventType,
    stream_id: failure.streamId,
    tenant_id: failure.tenantId,
    error: failure.error.slice(0, MAX_ERROR_LENGTH),
    attempts: failure.attempts,
    first_failed_at: failure.firstFailedAt,
    last_failed_at: failure.lastFailedAt,
  };
}

/** What a failure says about its event (all null when the event is unknown). */
export function describeEvent(event: RecordedEvent | null): Pick<ProjectionFailure, 'position' | 'eventId' | 'eventType' | 'streamId' | 'tenantId'> {
  return {
    position: event?.globalPosition ?? null,
    eventId: event?.id ?? null,
    eventType: event?.type ?? null,
    streamId: event?.streamId ?? null,
    tenantId: event?.metadata.tenantId ?? null,
  };
}

/**
 * The error in the database's own words: knex puts the statement in front of a driver error's
 * message (`<sql> - <message>`), which buries the reason under a screen of SQL.
 */
export function errorText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const fromDatabase = typeof (cause as { severity?: unknown }).severity === 'string';
  const cut = cause.message.lastIndexOf(' - ');
  return fromDatabase && cut >= 0 ? cause.message.slice(cut + 3) : cause.message;
}

/** The marks of the named projections (all marks when no names are given). */
export async function readFailures(knex: Knex, names?: readonly string[]): Promise<Map<string, ProjectionFailure>> {
  const rows: FailureRow[] = await knex(FAILURES_TABLE)
    .select('*')
    .modify((q) => (names ? q.whereIn('name', [...names]) : q));
  return new Map(rows.map((r) => [r.name, fromRow(r)]));
}

const samePosition = (a: LogPosition | null, b: LogPosition | null) =>
  a === null || b === null ? a === b : a.commit === b.commit && a.prepare === b.prepare;

/**
 * Marks a projection failed. A mark already on the same event (left by an earlier process, or by
 * another runner) keeps its first time and adds the attempts; a mark on another event is replaced.
 */
export async function markFailed(trx: Knex.Transaction, failure: ProjectionFailure): Promise<ProjectionFailure> {
  const existing = (await readFailures(trx, [failure.name])).get(failure.name);
  const merged =
    existing && samePosition(existing.position, failure.position)
      ? { ...failure, attempts: existing.attempts + failure.attempts, firstFailedAt: existing.firstFailedAt }
      : failure;
  await trx(FAILURES_TABLE).insert(toRow(merged)).onConflict('name').merge();
  return merged;
}

/**
 * Clears the marks of projections that have just applied every event up to `reached`: a mark at
 * or before it is behind them now. Run in the batch transaction that moves their checkpoints.
 */
export async function clearPassedFailures(trx: Knex.Transaction, names: readonly string[], reached: LogPosition): Promise<void> {
  if (names.length === 0) return;
  await trx(FAILURES_TABLE)
    .whereIn('name', [...names])
    .andWhere((q) =>
      q
        .whereNull('commit_position')
        .orWhere('commit_position', '<', reached.commit.toString())
        .orWhere((same) => same.where('commit_position', reached.commit.toString()).andWhere('prepare_position', '<=', reached.prepare.toString())),
    )
    .delete();
}

/** A rebuild that swapped its copies in has replayed every event: its projections are no longer failed. */
export async function clearFailures(trx: Knex.Transaction, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await trx(FAILURES_TABLE).whereIn('name', [...names]).delete();
}

/**
 * SQLSTATE classes that say nothing about the event: connection (08), transaction rollback such as
 * a deadlock or serialization failure (40), resources (53), operator intervention such as a
 * cancelled statement or a shutting-down server (57), system errors (58); and a lock timeout.
 */
const TRANSIENT_SQLSTATE = /^(08|40|53|57|58)|^55P03$/;
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * True for errors a retry may well get past (the database, not the event, was the problem). These
 * are retried with backoff for as long as they last and never mark a projection failed.
 */
export function isTransientError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code))) return true;
    if ((e as { name?: unknown }).name === 'KnexTimeoutError') return true;
  }
  return false;
}
