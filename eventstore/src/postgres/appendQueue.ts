import type { Knex } from 'knex';
import { DuplicateEventIdError } from '@ghg/events';
import { WrongExpectedVersionError, type AppendResult, type ExpectedVersion, type NewEvent } from '@ghg/events';
import { pgPosition } from './rows';
import { APPEND_FUNCTION, EVENTS_CHANNEL } from './schema';

interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: ExpectedVersion;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type Outcome = { version: string | number; position: string } | { conflict: string | number } | { duplicate: string };

/** Keeps one call's jsonb argument, and the time the lock is held, modest. */
const MAX_EVENTS_PER_TRANSACTION = 2000;

/**
 * Group commit for appends. The advisory lock makes appends commit one at a time anyway, and
 * each commit waits for a WAL flush while holding that lock; so appends that arrive while one
 * is in flight share the next transaction (each keeps its own expected-version check and
 * all-or-nothing outcome). Without this, 8 concurrent writers get little more than 1 writer's
 * rate. A lone append is sent at once: no added latency.
 */
export class AppendQueue {
  private pending: PendingAppend[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly notify: boolean,
    private readonly onCommitted: () => void,
  ) {}

  /** `events` carry their final ids and `expected` is checked (core/appendValidation.ts). */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, events, expected, resolve, reject });
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
    try {
      outcomes = await this.call(batch);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One bad append (say, a duplicate event id) must not fail the others it was grouped with.
      else for (const p of batch) await this.commit([p]);
      return;
    }
    if (batch.some((p, i) => p.events.length > 0 && 'version' in outcomes[i]!)) this.onCommitted();
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if ('conflict' in o) p.reject(new WrongExpectedVersionError(p.streamId, p.expected, Number(o.conflict)));
      else if ('duplicate' in o) p.reject(new DuplicateEventIdError(p.streamId, o.duplicate));
      else p.resolve({ nextExpectedVersion: Number(o.version), lastPosition: pgPosition(o.position) });
    });
  }

  /** One statement outside any transaction block: its implicit transaction is the append's. */
  private async call(batch: PendingAppend[]): Promise<Outcome[]> {
    const appends = batch.map((p) => ({
      s: p.streamId,
      e: p.expected,
      n: p.events.map((e) => ({ id: e.id, type: e.type, v: e.schemaVersion, data: e.data ?? null, meta: e.metadata })),
    }));
    const { rows } = await this.knex.raw<{ rows: { outcomes: Outcome[] | string }[] }>(
      `select ${APPEND_FUNCTION}(?::jsonb, ?::text) as outcomes`,
      [JSON.stringify(appends), this.notify ? EVENTS_CHANNEL : null],
    );
    const outcomes = rows[0]!.outcomes;
    return typeof outcomes === 'string' ? (JSON.parse(outcomes) as Outcome[]) : outcomes;
  }
}
