import type { Knex } from 'knex';
import { checkExpectedVersion, checkStreamWrites, withEventIds } from '@ghg/events';
import type { Database } from '../core/database';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamWrite,
  SubscribeOptions,
  Subscription,
} from '@ghg/events';
import type { UpcasterRegistry } from '@ghg/events';
import { AppendQueue } from './appendQueue';
import { appendToStreamsInTransaction } from './batchAppend';
import { appendStreamedStaged } from './stagedAppend';
import { PgListener } from './pgListener';
import { EVENT_COLUMNS, pgPosition, rowToEvent, type EventRow } from './rows';
import { EVENTS_CHANNEL, ensureSchema } from './schema';
import { startTail } from './tailSubscription';
import { announceAppended, onAppended } from './wakeRegistry';

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Fallback re-read interval of subscriptions when no wake-up arrives. Default 1000 ms. */
  pollIntervalMs?: number;
}

/** The event log in PostgreSQL or PGlite (table es_events), created on first use. */
export async function createPostgresEventStore(db: Database, options: PostgresEventStoreOptions = {}): Promise<EventStore> {
  await ensureSchema(db.knex);
  return new PostgresEventStore(db, options);
}

class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  readonly stagesStreamedAppends = true;
  private readonly knex: Knex;
  private readonly queue: AppendQueue;
  private readonly subscriptions = new Set<Subscription>();
  /** appendToStreams calls in flight: close() waits for them as for the queue. */
  private readonly batches = new Set<Promise<unknown>>();
  /** Shared by this store's subscriptions; open only while at least one runs. */
  private listener: PgListener | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.kind = db.kind;
    this.knex = db.knex;
    // PGlite has no other process to tell, so NOTIFY would only cost a statement.
    this.queue = new AppendQueue(db.knex, db.kind === 'postgres', () => announceAppended(this.knex));
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    this.ensureOpen();
    const expected = checkExpectedVersion(streamId, options.expectedVersion);
    // Ids are fixed here, not per attempt: a retry after a commit whose answer was lost is then
    // recognised as the same append.
    return this.queue.append(streamId, withEventIds(streamId, events), expected);
  }

  async appendToStreams(writes: readonly StreamWrite[]): Promise<AppendResult[]> {
    this.ensureOpen();
    const checked = checkStreamWrites(writes);
    if (checked.length === 0) return [];
    const running = appendToStreamsInTransaction(this.knex, checked, this.kind === 'postgres');
    this.batches.add(running);
    try {
      const { results, newest } = await running;
      // As the queue's onCommitted: in-process subscribers wake at once (NOTIFY tells the others).
      if (newest !== null) announceAppended(this.knex);
      return results;
    } finally {
      this.batches.delete(running);
    }
  }

  async appendStreamed(chunks: AsyncIterable<readonly StreamWrite[]>): Promise<{ written: number; lastPosition: LogPosition | null }> {
    this.ensureOpen();
    const checked = (async function* () {
      for await (const chunk of chunks) yield checkStreamWrites(chunk);
    })();
    // Staged without the append lock: other appends and queries go on until the final insert.
    const running = appendStreamedStaged(this.knex, this.kind, checked);
    this.batches.add(running);
    try {
      const { written, newest } = await running;
      if (newest !== null) announceAppended(this.knex);
      return { written, lastPosition: newest === null ? null : pgPosition(newest.toString()) };
    } finally {
      this.batches.delete(running);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    if (options.maxCount === 0) return [];
    const limit = options.maxCount === undefined ? '' : ' limit ?';
    const bindings: (string | number)[] = [streamId, options.fromVersion ?? 0];
    if (options.maxCount !== undefined) bindings.push(options.maxCount);
    const { rows } = await this.knex.raw<{ rows: EventRow[] }>(
      `select ${EVENT_COLUMNS} from es_events
        where stream_id = ? and stream_position >= ? order by es_events.stream_position${limit}`,
      bindings,
    );
    return rows.map((r) => this.upcast(rowToEvent(r)));
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    this.ensureOpen();
    const out = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return out;
    const { rows } = await this.knex.raw<{ rows: EventRow[] }>(
      `select ${EVENT_COLUMNS} from es_events where stream_id = any(?::text[]) order by es_events.stream_id, es_events.stream_position`,
      [[...streamIds]],
    );
    for (const r of rows) {
      const event = this.upcast(rowToEvent(r));
      out.get(event.streamId)?.push(event);
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    return this.readAfter(options.after ?? null, options.maxCount);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.ensureOpen();
    const listener = this.armListener();
    const subscription = startTail(
      {
        readAfter: (after, maxCount) => this.readAfter(after, maxCount),
        onWake: (wake) => onAppended(this.knex, wake),
        ready: listener?.ready ?? Promise.resolve(),
        pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      },
      options,
      () => {
        this.subscriptions.delete(subscription);
        if (this.subscriptions.size === 0) void this.closeListener();
      },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<LogPosition | null> {
    this.ensureOpen();
    const { rows } = await this.knex.raw<{ rows: { p: string | null }[] }>(
      'select max(global_position)::text as p from es_events',
    );
    const p = rows[0]?.p;
    return p ? { commit: BigInt(p), prepare: BigInt(p) } : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.closeListener();
    await this.queue.idle();
    await Promise.allSettled([...this.batches]);
  }

  private async readAfter(after: LogPosition | null, maxCount?: number): Promise<RecordedEvent[]> {
    if (maxCount === 0) return [];
    const bindings: (string | number)[] = [String(after?.commit ?? 0n)];
    if (maxCount !== undefined) bindings.push(maxCount);
    const { rows } = await this.knex.raw<{ rows: EventRow[] }>(
      `select ${EVENT_COLUMNS} from es_events
        where global_position > ?::bigint order by es_events.global_position${maxCount === undefined ? '' : ' limit ?'}`,
      bindings,
    );
    return rows.map((r) => this.upcast(rowToEvent(r)));
  }

  /** Cross-process wake-ups exist only on real PostgreSQL; PGlite is one process by design. */
  private armListener(): PgListener | null {
    if (this.db.config.kind !== 'postgres') return null;
    this.listener ??= new PgListener(this.db.config.url, EVENTS_CHANNEL, () => announceAppended(this.knex), () =>
      announceAppended(this.knex),
    );
    return this.listener;
  }

  private async closeListener(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }

  private upcast(event: RecordedEvent): RecordedEvent {
    return this.options.upcasters ? this.options.upcasters.upcast(event) : event;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }
}
