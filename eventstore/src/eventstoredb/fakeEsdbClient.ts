import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type AllStreamJSONRecordedEvent,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';

/** An event as the server keeps it and hands it out: the client's own type of a JSON event of $all. */
type Stored = AllStreamJSONRecordedEvent;

type ReadPos = 'start' | 'end' | Position;

/** What a test can do to the stand-in beyond the client's own methods. */
export interface FakeEsdbControls {
  /** Reads whose events were not all handed out and that were not cancelled. */
  openReads(): number;
  /** Live subscriptions. */
  openSubscriptions(): number;
  /** Ends every live subscription: normally, or with `error` (as the client would raise it). */
  endSubscriptions(error?: Error): void;
}

/**
 * An in-memory stand-in for the parts of EventStoreDBClient the adapter calls, following the
 * server's documented behaviour: system events ($-types in $-streams) interleaved in $all,
 * commit and prepare positions that differ, reads of $all inclusive of their start position,
 * subscriptions exclusive of it, read counts applied by the server (system events count),
 * StreamNotFound raised while iterating a missing stream, the client's own
 * WrongExpectedVersionError, event data and metadata stored as JSON (a Date comes back as a
 * string), and the idempotence check on event ids (an exact retry is answered with the first
 * result; see "Optimistic concurrency and idempotence" in the EventStoreDB docs). A read counts as
 * open, as on a server, until its last event is sent or it is cancelled. It checks the adapter's
 * logic, not the server: esdbLoopback.int.test.ts drives the real client over gRPC.
 */
export function createFakeEsdbClient(): EventStoreDBClient & FakeEsdbControls {
  const all: Stored[] = [];
  const streams = new Map<string, Stored[]>();
  /** The server's cache of committed event ids: id → where it was last written. */
  const byId = new Map<string, Stored>();
  const wakers = new Set<() => void>();
  const openReads = new Set<object>();
  const subscriptions = new Set<(error?: Error) => void>();
  let n = 0;

  // What the server keeps of a value: its JSON (a Date becomes its string), as the client types JSON data.
  const json = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
  const write = (streamId: string, e: { id: string; type: string; data: unknown; metadata: unknown }) => {
    n += 1;
    const stream = streams.get(streamId) ?? [];
    const stored: Stored = {
      id: e.id,
      type: e.type,
      data: json(e.data),
      metadata: json(e.metadata),
      streamId,
      isJson: true,
      revision: BigInt(stream.length),
      created: new Date(),
      position: { commit: BigInt(n * 256), prepare: BigInt(n * 256 - 64) },
    };
    stream.push(stored);
    streams.set(streamId, stream);
    all.push(stored);
    byId.set(stored.id, stored);
  };
  const system = () => write('$stats-fake', { id: crypto.randomUUID(), type: '$statsCollected', data: {}, metadata: {} });
  const cmp = (a: Position, b: Position) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : a.commit < b.commit ? -1 : 1);
  const resolved = (e: Stored): AllStreamResolvedEvent => ({ event: structuredClone(e), commitPosition: e.position.commit });
  const done = (last: Stored) => ({ success: true, nextExpectedRevision: last.revision, position: last.position });
  system();

  /** A server-side read: open until its last event is handed out, or cancelled. */
  const serve = (produce: () => Stored[], maxCount: number | bigint | undefined) => {
    const handle = {};
    openReads.add(handle);
    const events = (async function* () {
      await Promise.resolve();
      try {
        const list = produce().slice(0, Number(maxCount ?? Number.MAX_SAFE_INTEGER));
        if (list.length === 0) openReads.delete(handle);
        for (let i = 0; i < list.length; i++) {
          if (!openReads.has(handle)) return;
          if (i === list.length - 1) openReads.delete(handle);
          yield resolved(list[i]!);
        }
      } catch (error) {
        openReads.delete(handle);
        throw error;
      }
    })();
    return Object.assign(events, {
      async cancel() {
        openReads.delete(handle);
      },
    });
  };

  const client = {
    async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
      await Promise.resolve();
      const list = Array.isArray(events) ? events : [events];
      const stream = streams.get(streamName) ?? [];
      const current = stream.length === 0 ? ('no_stream' as const) : BigInt(stream.length - 1);
      const expected = options.expectedRevision ?? 'any';
      const refuse = () => new WrongExpectedVersionError(undefined, { streamName, current, expected });
      if (expected === 'stream_exists' && current === 'no_stream') throw refuse();
      if (expected === 'any' || expected === 'stream_exists') {
        // Idempotence from the id cache: all already in this stream → the first answer; some → refused.
        const found = list.map((e) => byId.get(e.id)).map((s) => (s?.streamId === streamName ? s : undefined));
        if (found[0]) {
          if (found.every(Boolean)) return done(found.at(-1)!);
          throw refuse();
        }
      } else {
        const from = expected === 'no_stream' ? -1n : expected;
        const at = current === 'no_stream' ? -1n : current;
        if (from > at) throw refuse();
        if (from < at) {
          // Compared with the stream's events after the expected revision: all the same → the first answer.
          const same = list.every((e, i) => stream[Number(from) + 1 + i]?.id === e.id);
          if (same && list.length > 0) return done(stream[Number(from) + list.length]!);
          throw refuse();
        }
      }
      for (const e of list) write(streamName, { id: e.id, type: e.type, data: e.data, metadata: e.metadata });
      if (all.length % 5 === 0) system();
      for (const wake of [...wakers]) wake();
      return done(streams.get(streamName)!.at(-1)!);
    },

    readStream(streamName: string, o: { fromRevision?: 'start' | 'end' | bigint; direction?: string; maxCount?: number | bigint } = {}) {
      return serve(() => {
        const stream = streams.get(streamName);
        if (!stream) throw new StreamNotFoundError(undefined, streamName);
        const backwards = o.direction === 'backwards';
        const list = backwards ? [...stream].reverse() : stream;
        const from = o.fromRevision ?? (backwards ? 'end' : 'start');
        return typeof from === 'bigint' ? list.filter((e) => (backwards ? e.revision <= from : e.revision >= from)) : list;
      }, o.maxCount);
    },

    readAll(o: { fromPosition?: ReadPos; direction?: string; maxCount?: number | bigint } = {}) {
      return serve(() => {
        const backwards = o.direction === 'backwards';
        const from = o.fromPosition ?? (backwards ? 'end' : 'start');
        const list = backwards ? [...all].reverse() : [...all];
        return typeof from === 'object' ? list.filter((e) => (backwards ? cmp(e.position, from) <= 0 : cmp(e.position, from) >= 0)) : list;
      }, o.maxCount);
    },

    subscribeToAll(o: { fromPosition?: ReadPos; filter?: { regex?: string } } = {}) {
      let finished = false;
      let failure: Error | undefined;
      let wake: (() => void) | null = null;
      const waker = () => wake?.();
      const finish = (error?: Error) => {
        finished = true;
        failure ??= error;
        wakers.delete(waker);
        subscriptions.delete(finish);
        waker();
      };
      wakers.add(waker);
      subscriptions.add(finish);
      const listeners = new Map<string, (() => void)[]>();
      const regex = o.filter?.regex ? new RegExp(o.filter.regex) : null;
      const from = o.fromPosition ?? 'start';
      let next = from === 'start' ? 0 : from === 'end' ? all.length : all.findIndex((e) => cmp(e.position, from) > 0);
      if (next < 0) next = all.length;
      const events = (async function* () {
        await Promise.resolve();
        for (const listener of listeners.get('confirmation') ?? []) listener();
        while (!finished) {
          if (next < all.length) {
            const e = all[next++]!;
            if (!regex || regex.test(e.type)) yield resolved(e);
            continue;
          }
          await new Promise<void>((r) => (wake = r));
          wake = null;
        }
        if (failure) throw failure;
      })();
      return Object.assign(events, {
        on(event: string, listener: () => void) {
          listeners.set(event, [...(listeners.get(event) ?? []), listener]);
          return this;
        },
        async unsubscribe() {
          // A client-side cancel: the stream ends without an error, as the real client does.
          if (!finished) finish();
        },
        destroy() {
          if (!finished) finish();
        },
      });
    },

    async dispose() {},

    openReads: () => openReads.size,
    openSubscriptions: () => subscriptions.size,
    endSubscriptions(error?: Error) {
      for (const finish of [...subscriptions]) finish(error);
    },
  };
  return client as unknown as EventStoreDBClient & FakeEsdbControls;
}
