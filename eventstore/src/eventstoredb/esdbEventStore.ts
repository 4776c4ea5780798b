import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  type AllStreamSubscription,
  type Position,
  type StreamingRead,
} from '@eventstore/db-client';
import { checkExpectedVersion, checkStreamWrites, withEventIds } from '@ghg/events';
import { expectationHolds } from '@ghg/events';
import {
  WrongExpectedVersionError,
  comparePositions,
  positionToString,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamWrite,
  type SubscribeOptions,
  type Subscription,
} from '@ghg/events';
import type { UpcasterRegistry } from '@ghg/events';
import {
  fromResolved,
  isReconnectable,
  isStreamNotFound,
  mapAppendError,
  rawPosition,
  toEventData,
  toExpectedRevision,
} from './esdbMapping';

export interface EventStoreDbOptions {
  upcasters?: UpcasterRegistry;
  /**
   * How a subscription reopens after UNAVAILABLE, NOT_LEADER or a server-side cancel: at most
   * `attempts` times in a row (reset by every delivered event or confirmed subscription), waiting
   * `initialDelayMs`, doubled each time up to `maxDelayMs`. Then its onError is called.
   */
  resubscribe?: { attempts?: number; initialDelayMs?: number; maxDelayMs?: number };
}

/** Events per $all read call when the caller sets no smaller count. */
const READ_PAGE = 500;
/** Events per backwards read while looking for the newest non-system event. */
const HEAD_PAGE = 32;
/** Streams whose last revision appendToStreams reads at once while checking expectations. */
const CHECK_CONCURRENCY = 16;

/** The event log in EventStoreDB. The client connects lazily, on the first call. */
export async function createEventStoreDbEventStore(connectionString: string, options: EventStoreDbOptions = {}): Promise<EventStore> {
  return eventStoreOverClient(EventStoreDBClient.connectionString(connectionString), options);
}

/** The adapter over a given client: lets tests drive it with a stand-in when no server runs. */
export function eventStoreOverClient(client: EventStoreDBClient, options: EventStoreDbOptions = {}): EventStore {
  return new EsdbEventStore(client, options);
}

/** The server ended a subscription without an error, which it never should: the caller resubscribes. */
export class SubscriptionEndedError extends Error {
  readonly code = 'subscription_ended' as const;
  constructor(readonly after: LogPosition | null) {
    super(
      `EventStoreDB ended the $all subscription without an error (last delivered position ${after ? positionToString(after) : 'none'}); ` +
        'subscribe again from the last processed position',
    );
    this.name = 'SubscriptionEndedError';
  }
}

/** An onEvent failure travels through the read loop wrapped, so it is never taken for a network error. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Iterates a read and makes sure its gRPC call ends: a read left early (break, return, throw)
 * is cancelled, since leaving the iteration only destroys the client's Transform and the server
 * would otherwise keep the stream open until the client is disposed.
 */
async function* cancelling<T>(read: StreamingRead<T>): AsyncGenerator<T> {
  let ended = false;
  try {
    for await (const item of read) yield item as T;
    ended = true;
  } finally {
    if (!ended) await read.cancel().catch(() => {});
  }
}

class EsdbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  /** Chunk by chunk as they come: a producer must have checked everything first (a spill file). */
  readonly stagesStreamedAppends = false;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EventStoreDbOptions,
  ) {}

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    this.ensureOpen();
    const expected = checkExpectedVersion(streamId, options.expectedVersion);
    const withIds = withEventIds(streamId, events);
    if (withIds.length === 0) return this.appendNothing(streamId, expected);
    return this.appendChecked(streamId, withIds, expected);
  }

  /**
   * EventStoreDB (and @eventstore/db-client 6.2.1, whose only batch call, batchAppend, splits one
   * stream's append into several requests) has no atomic append to several streams. So every
   * write is checked first: its stream's last revision read (CHECK_CONCURRENCY at a time) and its
   * expectation checked, an exact retry of a write (its events already are the stream's, where
   * the expectation put them) passing as the server will answer it with its first result. Only
   * when all pass are the streams appended, one after another in the order of `writes`, each
   * with its own expectation. The call is therefore atomic against failed expectations known
   * before it starts, not against a concurrent writer between the check and the last append,
   * nor against a failure half-way: then the writes before the failing one stay appended (the
   * error says which stream failed), and an exact retry of the call appends only what is missing.
   */
  async appendToStreams(writes: readonly StreamWrite[]): Promise<AppendResult[]> {
    this.ensureOpen();
    const checked = checkStreamWrites(writes);
    const passed: (RecordedEvent | null)[] = new Array(checked.length).fill(null);
    const failures: { index: number; error: WrongExpectedVersionError }[] = [];
    const firstFailure = () => Math.min(checked.length, ...failures.map((f) => f.index));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CHECK_CONCURRENCY, checked.length) }, async () => {
        while (next < firstFailure()) {
          const i = next++;
          const { streamId, events, expected } = checked[i]!;
          const last = await this.eventAt(streamId, END);
          const actual = last ? last.streamPosition : -1;
          passed[i] = last;
          if (expectationHolds(expected, actual) || (await this.isExactRetry(streamId, events, expected, actual))) continue;
          failures.push({ index: i, error: new WrongExpectedVersionError(streamId, expected, actual) });
        }
      }),
    );
    // The first failing write in the order of `writes` is the one reported.
    const failed = failures.sort((a, b) => a.index - b.index)[0];
    if (failed) throw failed.error;
    const results: AppendResult[] = [];
    for (const [i, { streamId, events, expected }] of checked.entries()) {
      if (events.length > 0) {
        results.push(await this.appendChecked(streamId, events, expected));
        continue;
      }
      const last = passed[i];
      const lastPosition = last?.globalPosition ?? (await this.headPosition()) ?? { commit: 0n, prepare: 0n };
      results.push({ nextExpectedVersion: last ? last.streamPosition : -1, lastPosition });
    }
    return results;
  }

  /** Whether `events` already are the stream's events after the revision `expected` names. */
  private async isExactRetry(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion, actual: number): Promise<boolean> {
    if (events.length === 0 || (typeof expected !== 'number' && expected !== 'no_stream')) return false;
    const from = expected === 'no_stream' ? 0 : expected + 1;
    if (from + events.length - 1 > actual) return false;
    const stored = await this.readStream(streamId, { fromVersion: from, maxCount: events.length });
    return stored.length === events.length && stored.every((e, k) => e.id === events[k]!.id);
  }

  /** An append of events with their final ids and a checked expectation. */
  private async appendChecked(streamId: string, withIds: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    try {
      // An exact retry of an append is answered by the server without writing (its idempotence
      // check on event ids), with the first append's revision.
      const result = await this.client.appendToStream(streamId, withIds.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      const lastPosition = result.position ?? (await this.eventAt(streamId, result.nextExpectedRevision))?.globalPosition;
      return { nextExpectedVersion: Number(result.nextExpectedRevision), lastPosition: lastPosition ?? { commit: 0n, prepare: 0n } };
    } catch (error) {
      throw mapAppendError(error, streamId, expected);
    }
  }

  /** No multi-stream transaction in EventStoreDB: each chunk is appended as appendToStreams appends it. */
  async appendStreamed(chunks: AsyncIterable<readonly StreamWrite[]>): Promise<{ written: number; lastPosition: LogPosition | null }> {
    let written = 0;
    let lastPosition: LogPosition | null = null;
    for await (const chunk of chunks) {
      const results = await this.appendToStreams(chunk);
      written += chunk.reduce((n, w) => n + w.events.length, 0);
      lastPosition = results.at(-1)?.lastPosition ?? lastPosition;
    }
    return { written, lastPosition };
  }

  /** No multi-stream read in EventStoreDB: the streams are read a few at a time. */
  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const out = new Map<string, RecordedEvent[]>();
    for (let at = 0; at < streamIds.length; at += 16) {
      const part = streamIds.slice(at, at + 16);
      const read = await Promise.all(part.map((id) => this.readStream(id)));
      part.forEach((id, i) => out.set(id, read[i]!));
    }
    return out;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    if (options.maxCount === 0) return [];
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: BigInt(options.fromVersion ?? 0),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of cancelling(read)) {
        const event = fromResolved(resolved);
        if (event) out.push(this.upcast(event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return out;
  }

  /**
   * Pages through $all with the count sent to the server, so every call ends by itself. The
   * client has no server-side filter for reads of $all: system events are skipped here, and
   * since they count against the server's limit, another page follows while some are missing.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    const limit = options.maxCount;
    if (limit === 0) return [];
    const out: RecordedEvent[] = [];
    let cursor = options.after ?? null;
    for (;;) {
      const want = limit === undefined ? READ_PAGE : Math.min(READ_PAGE, limit - out.length);
      // A read from a position includes the event at it, which was already returned: one more.
      const maxCount = cursor ? want + 1 : want;
      let received = 0;
      let furthest: LogPosition | null = null;
      let full = false;
      for await (const resolved of cancelling(this.client.readAll({ fromPosition: cursor ?? START, direction: FORWARDS, maxCount }))) {
        received += 1;
        const position = rawPosition(resolved);
        if (cursor && position && comparePositions(position, cursor) <= 0) continue;
        if (position) furthest = position;
        const event = fromResolved(resolved);
        if (event) out.push(this.upcast(event));
        if (limit !== undefined && out.length >= limit) {
          full = true;
          break;
        }
      }
      if (full || received < maxCount || furthest === null) return out;
      cursor = furthest;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.ensureOpen();
    const { attempts = 10, initialDelayMs = 100, maxDelayMs = 5_000 } = this.options.resubscribe ?? {};
    let stopped = false;
    let live: AllStreamSubscription | null = null;
    let wake: (() => void) | null = null;
    const end = async (subscription: AllStreamSubscription | null) => {
      if (!subscription) return;
      await subscription.unsubscribe().catch(() => {});
      // Cancelling the call does not end the client's Transform: a loop inside it would hang.
      subscription.destroy();
    };
    const subscription: Subscription = {
      // Awaiting stop() inside onEvent would wait for itself: stop from outside the handler.
      async stop() {
        stopped = true;
        wake?.();
        await end(live);
        await loop;
      },
    };

    const loop = (async () => {
      // Position of the last event delivered: where a new subscription resumes, and below which
      // anything the server sends again is skipped.
      let last = options.after ?? null;
      // "Caught up" is defined as in the PostgreSQL adapter: every event that existed when the
      // subscription started has been delivered. The head is the last non-system event.
      let head: LogPosition | null | undefined;
      let caughtUp = false;
      let failures = 0;
      const checkCaughtUp = () => {
        if (caughtUp || stopped || head === undefined) return;
        if (head === null || (last !== null && comparePositions(last, head) >= 0)) {
          caughtUp = true;
          options.onCaughtUp?.();
        }
      };
      try {
        while (!stopped) {
          try {
            if (head === undefined) {
              head = await this.headPosition();
              checkCaughtUp();
              if (stopped) break;
            }
            const current = this.client.subscribeToAll({ fromPosition: last ?? START, filter: excludeSystemEvents() });
            live = current;
            current.on('confirmation', () => void (failures = 0));
            for await (const resolved of current) {
              if (stopped) break;
              failures = 0;
              const event = fromResolved(resolved as Parameters<typeof fromResolved>[0]);
              if (!event || (last && comparePositions(event.globalPosition, last) <= 0)) continue;
              try {
                await options.onEvent(this.upcast(event));
              } catch (error) {
                throw new HandlerFailure(error);
              }
              last = event.globalPosition;
              checkCaughtUp();
            }
            if (stopped) break;
            throw new SubscriptionEndedError(last);
          } catch (error) {
            if (stopped) break;
            if (error instanceof HandlerFailure || !isReconnectable(error) || failures >= attempts) throw error;
            failures += 1;
            const ended = live;
            live = null;
            await end(ended);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Math.min(maxDelayMs, initialDelayMs * 2 ** (failures - 1)));
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      } catch (failure) {
        if (!stopped) {
          stopped = true;
          const error = failure instanceof HandlerFailure ? failure.error : failure;
          if (options.onError) options.onError(error);
          else console.error('event store subscription stopped:', error);
        }
      } finally {
        await end(live);
        this.subscriptions.delete(subscription);
      }
    })();
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Reads $all backwards a page at a time until a non-system event: every call ends by itself. */
  async headPosition(): Promise<LogPosition | null> {
    this.ensureOpen();
    let cursor: LogPosition | null = null;
    for (;;) {
      let received = 0;
      let oldest: LogPosition | null = null;
      const from: Position | typeof END = cursor ?? END;
      for await (const resolved of cancelling(this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: HEAD_PAGE }))) {
        received += 1;
        const position = rawPosition(resolved);
        // Whether a backwards read includes its start position or not, it was looked at already.
        if (cursor && position && comparePositions(position, cursor) >= 0) continue;
        if (position) oldest = position;
        const event = fromResolved(resolved);
        if (event) return event.globalPosition;
      }
      if (received < HEAD_PAGE || oldest === null) return null;
      cursor = oldest;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  /** ESDB's answer to an empty append is ambiguous about missing streams: check it ourselves. */
  private async appendNothing(streamId: string, expected: ExpectedVersion): Promise<AppendResult> {
    const last = await this.eventAt(streamId, END);
    const actual = last ? last.streamPosition : -1;
    if (!expectationHolds(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
    const lastPosition = last?.globalPosition ?? (await this.headPosition()) ?? { commit: 0n, prepare: 0n };
    return { nextExpectedVersion: actual, lastPosition };
  }

  /** The event at a revision of a stream (END: its last), or null. */
  private async eventAt(streamId: string, revision: bigint | typeof END): Promise<RecordedEvent | null> {
    const read = this.client.readStream(streamId, {
      fromRevision: revision,
      direction: revision === END ? BACKWARDS : FORWARDS,
      maxCount: 1,
    });
    try {
      for await (const resolved of cancelling(read)) {
        const event = fromResolved(resolved);
        if (event) return event;
      }
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
    }
    return null;
  }

  private upcast(event: RecordedEvent): RecordedEvent {
    return this.options.upcasters ? this.options.upcasters.upcast(event) : event;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }
}
