import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expectationHolds } from '../core/metadata';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type ExpectedVersion,
  type NewEvent,
} from '../core/types';
import { pgPosition } from './rows';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema';

interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: ExpectedVersion;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type Outcome = { result: AppendResult } | { error: WrongExpectedVersionError };

interface StreamState {
  version: number;
  /** Global position of the stream's last stored event. */
  position: string | null;
  /** Index in this transaction's rows of the stream's newest event. */
  lastRow: number | null;
}

/** Keeps one insert statement well below PostgreSQL's 1 GB jsonb parameter limit. */
const MAX_EVENTS_PER_TRANSACTION = 2000;

/**
 * Group commit for appends. The advisory lock makes appends commit one at a time anyway, and
 * each commit waits for a WAL flush while holding that lock; so concurrent appends of this
 * process share one transaction (each append keeps its own expected-version check and all-or-
 * nothing outcome). Without this, 8 concurrent writers get little more than 1 writer's rate.
 */
export class AppendQueue {
  private pending: PendingAppend[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly notify: boolean,
    private readonly onCommitted: () => void,
  ) {}

  append(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      // Ids are fixed here, not per attempt: if a retry follows a commit whose outcome was lost,
      // the unique event_id turns a would-be duplicate into an error.
      const withIds = events.map((e) => (e.id ? e : { ...e, id: randomUUID() }));
      this.pending.push({ streamId, events: withIds, expected, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves once every append queued so far has settled. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) await this.commit(this.takeBatch());
    } finally {
      this.draining = null;
    }
  }

  private takeBatch(): PendingAppend[] {
    let events = 0;
    let n = 0;
    while (n < this.pending.length && (n === 0 || events + this.pending[n]!.events.length <= MAX_EVENTS_PER_TRANSACTION)) {
      events += this.pending[n]!.events.length;
      n += 1;
    }
    return this.pending.splice(0, n);
  }

  private async commit(batch: PendingAppend[]): Promise<void> {
    let outcomes: Outcome[];
    let inserted = false;
    try {
      outcomes = await this.knex.transaction(async (trx) => {
        const written = await this.write(trx, batch);
        inserted = written.inserted;
        return written.outcomes;
      });
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One bad append (say, a duplicate event id) must not fail the others it was grouped with.
      else for (const p of batch) await this.commit([p]);
      return;
    }
    if (inserted) this.onCommitted();
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) p.reject(outcome.error);
      else p.resolve(outcome.result);
    });
  }

  private async write(trx: Knex.Transaction, batch: PendingAppend[]): Promise<{ outcomes: Outcome[]; inserted: boolean }> {
    // The lock must be its own statement: a READ COMMITTED statement sees the snapshot taken when
    // it started, so the version look-up has to start after the lock is held.
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    const streams = await this.currentVersions(trx, [...new Set(batch.map((p) => p.streamId))]);

    const rows: object[] = [];
    type Plan = { error: WrongExpectedVersionError } | { version: number; lastRow: number | null; stored: string | null };
    const plans = batch.map((p): Plan => {
      const stream = streams.get(p.streamId)!;
      if (!expectationHolds(p.expected, stream.version)) {
        return { error: new WrongExpectedVersionError(p.streamId, p.expected, stream.version) };
      }
      for (const e of p.events) {
        stream.version += 1;
        stream.lastRow = rows.length;
        rows.push({
          id: e.id,
          streamId: p.streamId,
          streamPosition: stream.version,
          type: e.type,
          schemaVersion: e.schemaVersion,
          data: e.data ?? null,
          metadata: e.metadata,
        });
      }
      return { version: stream.version, lastRow: stream.lastRow, stored: stream.position };
    });

    const positions = rows.length > 0 ? await this.insert(trx, rows) : [];
    if (positions.length > 0 && this.notify) {
      await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, positions.at(-1)!]);
    }

    let head: string | null = null;
    const outcomes: Outcome[] = [];
    for (const plan of plans) {
      if ('error' in plan) {
        outcomes.push({ error: plan.error });
        continue;
      }
      // A zero-event append reports the stream's last event, or the log head for an empty stream.
      let last = plan.lastRow !== null ? positions[plan.lastRow]! : plan.stored;
      last ??= head ??= await this.head(trx);
      outcomes.push({ result: { nextExpectedVersion: plan.version, lastPosition: pgPosition(last) } });
    }
    return { outcomes, inserted: rows.length > 0 };
  }

  private async head(trx: Knex.Transaction): Promise<string> {
    const { rows } = await trx.raw<{ rows: { p: string }[] }>(
      'select coalesce(max(global_position), 0)::text as p from es_events',
    );
    return rows[0]!.p;
  }

  private async currentVersions(trx: Knex.Transaction, streamIds: string[]): Promise<Map<string, StreamState>> {
    const { rows } = await trx.raw<{ rows: { stream_id: string; version: string | null; position: string | null }[] }>(
      `select s.id as stream_id, e.stream_position::text as version, e.global_position::text as position
         from jsonb_array_elements_text(?::jsonb) as s(id)
         left join lateral (
           select stream_position, global_position from es_events
            where stream_id = s.id order by stream_position desc limit 1
         ) e on true`,
      [JSON.stringify(streamIds)],
    );
    return new Map(rows.map((r) => [r.stream_id, { version: r.version === null ? -1 : Number(r.version), position: r.position, lastRow: null }]));
  }

  /** Inserts in array order and returns the global positions in that same order. */
  private async insert(trx: Knex.Transaction, rows: object[]): Promise<string[]> {
    // One jsonb parameter instead of 7 per row: no bind-parameter limit, and no driver-specific
    // array encoding (pg and PGlite serialise JS arrays differently).
    const result = await trx.raw<{ rows: { global_position: string }[] }>(
      `insert into es_events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
       select (e->>'id')::uuid, e->>'streamId', (e->>'streamPosition')::bigint, e->>'type',
              (e->>'schemaVersion')::int, e->'data', e->'metadata'
         from jsonb_array_elements(?::jsonb) with ordinality as t(e, ord)
        order by ord
       returning global_position::text as global_position`,
      [JSON.stringify(rows)],
    );
    // The identity is drawn as rows reach the insert, i.e. in `ord` order; sort to be independent
    // of the order RETURNING happens to use.
    return result.rows.map((r) => r.global_position).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  }
}
