import type { Knex } from 'knex';
import { comparePositions, type LogPosition } from '@ghg/events';

export const CHECKPOINTS_TABLE = 'projection_checkpoints';

/** Where a projection stands; null until it has applied (or skipped) its first event. */
export type Checkpoint = LogPosition | null;

interface CheckpointRow {
  name: string;
  commit_position: string | number | null;
  prepare_position: string | number | null;
}

function fromRow(row: CheckpointRow): Checkpoint {
  if (row.commit_position === null || row.prepare_position === null) return null;
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

export function sameCheckpoint(a: Checkpoint, b: Checkpoint): boolean {
  if (a === null || b === null) return a === b;
  return comparePositions(a, b) === 0;
}

/** True when an event at `position` is still to be applied by a projection at `checkpoint`. */
export function isAfter(position: LogPosition, checkpoint: Checkpoint): boolean {
  return checkpoint === null || comparePositions(position, checkpoint) > 0;
}

/** True when a projection at `checkpoint` reflects every event up to and including `position`. */
export function reaches(checkpoint: Checkpoint, position: LogPosition): boolean {
  return checkpoint !== null && comparePositions(checkpoint, position) >= 0;
}

export async function readCheckpoints(knex: Knex, names: readonly string[]): Promise<Map<string, Checkpoint>> {
  const rows: CheckpointRow[] = await knex(CHECKPOINTS_TABLE)
    .select('name', 'commit_position', 'prepare_position')
    .whereIn('name', [...names]);
  return new Map(rows.map((r) => [r.name, fromRow(r)]));
}

/**
 * Locks the checkpoint rows of `names` for the rest of `trx`, creating missing ones first.
 * Rows are locked in name order so that processes locking overlapping sets cannot deadlock.
 */
export async function lockCheckpoints(trx: Knex.Transaction, names: readonly string[]): Promise<Map<string, Checkpoint>> {
  const select = async () => {
    const rows: CheckpointRow[] = await trx(CHECKPOINTS_TABLE)
      .select('name', 'commit_position', 'prepare_position')
      .whereIn('name', [...names])
      .orderBy('name')
      .forUpdate();
    return new Map(rows.map((r) => [r.name, fromRow(r)]));
  };
  let locked = await select();
  const missing = names.filter((n) => !locked.has(n));
  if (missing.length > 0) {
    await trx(CHECKPOINTS_TABLE)
      .insert(missing.map((name) => ({ name, commit_position: null, prepare_position: null })))
      .onConflict('name')
      .ignore();
    locked = await select();
  }
  return locked;
}

export async function writeCheckpoints(trx: Knex.Transaction, names: readonly string[], position: LogPosition): Promise<void> {
  if (names.length === 0) return;
  await trx(CHECKPOINTS_TABLE)
    .whereIn('name', [...names])
    .update({
      commit_position: position.commit.toString(),
      prepare_position: position.prepare.toString(),
      updated_at: trx.fn.now(),
    });
}

/**
 * Polls the checkpoint table until every named projection reflects `position`. For processes
 * that do not host the runner (a separate command-api); in-process, prefer
 * ProjectorRunner.waitForPosition, which needs no polling.
 */
export async function waitForCheckpoints(
  knex: Knex,
  names: readonly string[],
  position: LogPosition,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const current = await readCheckpoints(knex, names);
    if (names.every((n) => reaches(current.get(n) ?? null, position))) return;
    if (Date.now() >= deadline) throw new WaitTimeoutError(position);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 20));
  }
}

export class WaitTimeoutError extends Error {
  readonly code = 'projection_wait_timeout' as const;
  constructor(readonly position: LogPosition) {
    super(`Read models did not reach position ${position.commit}/${position.prepare} in time`);
    this.name = 'WaitTimeoutError';
  }
}
