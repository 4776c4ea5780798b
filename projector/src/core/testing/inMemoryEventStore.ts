import {
  DuplicateEventIdError,
  checkExpectedVersion,
  checkStreamWrites,
  withEventIds,
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
  type StreamWrite,
  type UpcasterRegistry,
} from '@ghg/events';

/** The log itself, shareable by several store handles (as several processes share a database). */
export interface InMemoryLog {
  events: RecordedEvent[];
  streams: Map<string, RecordedEvent[]>;
  /** Every event by id: ids are unique across the log, as in the PostgreSQL adapter. */
  ids: Map<string, RecordedEvent>;
  wakers: Set<() => void>;
}

export function createInMemoryLog(): InMemoryLog {
  return { events: [], streams: new Map(), ids: new Map(), wakers: new Set() };
}

/**
 * An EventStore held in memory, faithful to the port (zero-based stream revisions, global
 * positions 1, 2, 3… with commit = prepare as in the PostgreSQL adapter, catch-up
 * subscriptions delivering one event at a time). For tests that do not need a database for
 * the log; events are cloned on the way in and out so callers cannot mutate the history.
 */
export function createInMemoryEventStore(
  options: { kind?: EventStore['kind']; upcasters?: UpcasterRegistry; log?: InMemoryLog } = {},
): EventStore & {
  /** Number of events in the log. */
  readonly size: number;
  readonly log: InMemoryLog;
} {
  const shared = options.log ?? createInMemoryLog();
  const { events: log, streams, ids, wakers } = shared;
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new Error('Event store is closed');
  };
  const position = (n: number): LogPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
  const clone = <T>(value: T): T => structuredClone(value);
  // Stored as JSON, as every real store does: a Date comes back as its ISO string.
  const json = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  // Upcasters run on read, as in the real adapters: the stored history keeps its old versions.
  const out = (events: RecordedEvent[]): RecordedEvent[] =>
    events.map((e) => (options.upcasters ? options.upcasters.upcast(clone(e)) : clone(e)));

  function checkExpected(streamId: string, expected: ExpectedVersion, actual: number): void {
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === -1) ||
      (expected === 'stream_exists' && actual >= 0) ||
      (typeof expected === 'number' && expected === actual);
    if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual);
  }

  /** Index in `log` of the first event strictly after `after`. */
  function indexAfter(after: LogPosition | null | undefined): number {
    if (!after) return 0;
    // Positions are 1-based indexes, but search anyway so foreign positions behave sensibly.
    let lo = 0;
    let hi = log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (comparePositions(log[mid]!.globalPosition, after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The first result of an exact retry (these events already are the stream's, where the
   * expectation put them), which appends nothing, as in the real stores; else null.
   */
  function exactRetry(streamId: string, withIds: readonly NewEvent[], expected: ExpectedVersion): AppendResult | null {
    const stream = streams.get(streamId) ?? [];
    const first = withIds.length > 0 ? ids.get(withIds[0]!.id!) : undefined;
    if (!first || first.streamId !== streamId) return null;
    const at = first.streamPosition;
    const placed = expected === 'any' || expected === 'stream_exists' || (expected === 'no_stream' ? at === 0 : at === expected + 1);
    if (!placed || !withIds.every((e, i) => stream[at + i]?.id === e.id)) return null;
    return { nextExpectedVersion: at + withIds.length - 1, lastPosition: { ...stream[at + withIds.length - 1]!.globalPosition } };
  }

  /** Appends checked events (none: the stream's current version and last position). */
  function write(streamId: string, withIds: readonly NewEvent[]): AppendResult {
    const stream = streams.get(streamId) ?? [];
    if (withIds.length === 0) {
      const last = stream.at(-1);
      return { nextExpectedVersion: stream.length - 1, lastPosition: last ? last.globalPosition : position(log.length) };
    }
    const recordedAt = new Date().toISOString();
    for (const e of withIds) {
      const recorded: RecordedEvent = {
        id: e.id!,
        type: e.type,
        schemaVersion: e.schemaVersion,
        data: json(e.data),
        metadata: json(e.metadata),
        streamId,
        streamPosition: stream.length,
        globalPosition: position(log.length + 1),
        recordedAt,
      };
      stream.push(recorded);
      log.push(recorded);
      ids.set(recorded.id, recorded);
    }
    streams.set(streamId, stream);
    return { nextExpectedVersion: stream.length - 1, lastPosition: stream.at(-1)!.globalPosition };
  }

  const store: EventStore & { readonly size: number; readonly log: InMemoryLog } = {
    kind: options.kind ?? 'postgres',
    // appendStreamed collects every chunk before it appends anything.
    stagesStreamedAppends: true,
    log: shared,
    get size() {
      return log.length;
    },

    async appendToStream(streamId, events, opts = {}): Promise<AppendResult> {
      ensureOpen();
      // The shared input rules (invalid expected versions and ids refused, ids lower-cased).
      const expected = checkExpectedVersion(streamId, opts.expectedVersion);
      const withIds = withEventIds(streamId, events);
      const retried = exactRetry(streamId, withIds, expected);
      if (retried) return retried;
      checkExpected(streamId, expected, (streams.get(streamId)?.length ?? 0) - 1);
      const taken = withIds.find((e) => ids.has(e.id!));
      if (taken) throw new DuplicateEventIdError(streamId, taken.id!);
      const result = write(streamId, withIds);
      if (withIds.length > 0) for (const wake of [...wakers]) wake();
      return result;
    },

    async appendToStreams(writes): Promise<AppendResult[]> {
      ensureOpen();
      const checked = checkStreamWrites(writes);
      // Every check before the first write, and no await in between: all or nothing.
      const retried = checked.map((w) => exactRetry(w.streamId, w.events, w.expected));
      checked.forEach((w, i) => {
        if (!retried[i]) checkExpected(w.streamId, w.expected, (streams.get(w.streamId)?.length ?? 0) - 1);
      });
      checked.forEach((w, i) => {
        const taken = retried[i] ? undefined : w.events.find((e) => ids.has(e.id!));
        if (taken) throw new DuplicateEventIdError(w.streamId, taken.id!);
      });
      const results = checked.map((w, i) => retried[i] ?? write(w.streamId, w.events));
      if (checked.some((w, i) => !retried[i] && w.events.length > 0)) for (const wake of [...wakers]) wake();
      return results;
    },

    async appendStreamed(chunks) {
      // One atomic append: a stream that goes on in a later chunk becomes one write (its first expectation).
      const byStream = new Map<string, StreamWrite>();
      for await (const chunk of chunks) {
        for (const w of chunk) {
          const known = byStream.get(w.streamId);
          byStream.set(w.streamId, known ? { ...known, events: [...known.events, ...w.events] } : w);
        }
      }
      const all = [...byStream.values()];
      const results = await this.appendToStreams(all);
      return { written: all.reduce((n, w) => n + w.events.length, 0), lastPosition: results.at(-1)?.lastPosition ?? null };
    },

    async readStreams(streamIds) {
      ensureOpen();
      return new Map(streamIds.map((id) => [id, [...(streams.get(id) ?? [])]]));
    },

    async readStream(streamId, opts: ReadStreamOptions = {}) {
      ensureOpen();
      const from = opts.fromVersion ?? 0;
      const stream = streams.get(streamId) ?? [];
      const end = opts.maxCount === undefined ? stream.length : from + opts.maxCount;
      return out(stream.slice(from, end));
    },

    async readAll(opts: ReadAllOptions = {}) {
      ensureOpen();
      const start = indexAfter(opts.after);
      const end = opts.maxCount === undefined ? log.length : start + opts.maxCount;
      return out(log.slice(start, end));
    },

    subscribeToAll(opts: SubscribeOptions): Subscription {
      ensureOpen();
      let stopped = false;
      let wake: (() => void) | null = null;
      const waker = () => wake?.();
      wakers.add(waker);
      const loop = (async () => {
        let next = indexAfter(opts.after);
        let caughtUp = false;
        while (!stopped) {
          if (next < log.length) {
            try {
              await opts.onEvent(out([log[next]!])[0]!);
            } catch (error) {
              // Skipping the failed event would break exactly-once delivery: the subscription ends.
              stopped = true;
              wakers.delete(waker);
              opts.onError?.(error);
              return;
            }
            next += 1;
            continue;
          }
          if (!caughtUp) {
            caughtUp = true;
            opts.onCaughtUp?.();
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            if (stopped || next < log.length) resolve();
          });
          wake = null;
        }
      })();
      const subscription: Subscription = {
        async stop() {
          stopped = true;
          wakers.delete(waker);
          subscriptions.delete(subscription);
          wake?.();
          await loop;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      ensureOpen();
      const last = log.at(-1);
      return last ? { ...last.globalPosition } : null;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
    },
  };
  return store;
}
