import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  type AllStreamSubscription,
} from '@eventstore/db-client';
import { expectationHolds } from '../core/metadata';
import {
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../core/types';
import type { UpcasterRegistry } from '../core/upcasting';
import { fromResolved, isStreamNotFound, mapAppendError, toEventData, toExpectedRevision } from './esdbMapping';

export interface EventStoreDbOptions {
  upcasters?: UpcasterRegistry;
}

/** The event log in EventStoreDB. The client connects lazily, on the first call. */
export async function createEventStoreDbEventStore(connectionString: string, options: EventStoreDbOptions = {}): Promise<EventStore> {
  return eventStoreOverClient(EventStoreDBClient.connectionString(connectionString), options);
}

/** The adapter over a given client: lets tests drive it with a stand-in when no server runs. */
export function eventStoreOverClient(client: EventStoreDBClient, options: EventStoreDbOptions = {}): EventStore {
  return new EsdbEventStore(client, options);
}

class EsdbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
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
    const expected = options.expectedVersion ?? 'any';
    if (events.length === 0) return this.appendNothing(streamId, expected);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      const lastPosition = result.position ?? (await this.lastOf(streamId))?.globalPosition;
      return { nextExpectedVersion: Number(result.nextExpectedRevision), lastPosition: lastPosition ?? { commit: 0n, prepare: 0n } };
    } catch (error) {
      throw mapAppendError(error, streamId, expected);
    }
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
      for await (const resolved of read) {
        const event = fromResolved(resolved);
        if (event) out.push(this.upcast(event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    if (options.maxCount === 0) return [];
    const after = options.after ?? null;
    const out: RecordedEvent[] = [];
    // $all has no server-side filter on reads in this client: system events are skipped here,
    // so the count is enforced here too rather than passed to the server.
    for await (const resolved of this.client.readAll({ fromPosition: after ?? START, direction: FORWARDS })) {
      const event = fromResolved(resolved);
      if (!event || (after && comparePositions(event.globalPosition, after) <= 0)) continue;
      out.push(this.upcast(event));
      if (options.maxCount !== undefined && out.length >= options.maxCount) break;
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.ensureOpen();
    let stopped = false;
    let live: AllStreamSubscription | null = null;
    const after = options.after ?? null;
    const subscription: Subscription = {
      // Awaiting stop() inside onEvent would wait for itself: stop from outside the handler.
      async stop() {
        stopped = true;
        await (live as AllStreamSubscription | null)?.unsubscribe().catch(() => {});
        await loop;
      },
    };

    const loop = (async () => {
      try {
        // "Caught up" is defined as in the PostgreSQL adapter: every event that existed when the
        // subscription started has been delivered. The head is the last non-system event.
        const head = await this.headPosition();
        let caughtUp = false;
        const checkCaughtUp = (position: LogPosition | null) => {
          if (caughtUp || stopped) return;
          if (head === null || (position !== null && comparePositions(position, head) >= 0)) {
            caughtUp = true;
            options.onCaughtUp?.();
          }
        };
        checkCaughtUp(after);
        if (stopped) return;
        live = this.client.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
        for await (const resolved of live) {
          if (stopped) break;
          const event = fromResolved(resolved);
          if (!event || (after && comparePositions(event.globalPosition, after) <= 0)) continue;
          await options.onEvent(this.upcast(event));
          checkCaughtUp(event.globalPosition);
        }
      } catch (error) {
        if (!stopped) {
          stopped = true;
          if (options.onError) options.onError(error);
          else console.error('event store subscription stopped:', error);
        }
      } finally {
        await (live as AllStreamSubscription | null)?.unsubscribe().catch(() => {});
        this.subscriptions.delete(subscription);
      }
    })();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<LogPosition | null> {
    this.ensureOpen();
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS })) {
      const event = fromResolved(resolved);
      if (event) return event.globalPosition;
    }
    return null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  /** ESDB's answer to an empty append is ambiguous about missing streams: check it ourselves. */
  private async appendNothing(streamId: string, expected: ExpectedVersion): Promise<AppendResult> {
    const last = await this.lastOf(streamId);
    const actual = last ? last.streamPosition : -1;
    if (!expectationHolds(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
    const lastPosition = last?.globalPosition ?? (await this.headPosition()) ?? { commit: 0n, prepare: 0n };
    return { nextExpectedVersion: actual, lastPosition };
  }

  private async lastOf(streamId: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
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
