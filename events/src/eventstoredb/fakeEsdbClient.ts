import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';

interface Stored {
  streamId: string;
  id: string;
  isJson: true;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position: Position;
}

type ReadPos = 'start' | 'end' | Position;

/**
 * An in-memory stand-in for the parts of EventStoreDBClient the adapter calls, following the
 * server's documented behaviour: system events ($-types in $-streams) interleaved in $all,
 * commit and prepare positions that differ, reads of $all inclusive of their start position,
 * subscriptions exclusive of it, StreamNotFound raised while iterating a missing stream, and
 * the client's own WrongExpectedVersionError. It checks the adapter's logic, not the server.
 */
export function createFakeEsdbClient(): EventStoreDBClient {
  const all: Stored[] = [];
  const streams = new Map<string, Stored[]>();
  const wakers = new Set<() => void>();
  let n = 0;

  const write = (streamId: string, e: { id: string; type: string; data: unknown; metadata: unknown }) => {
    n += 1;
    const stream = streams.get(streamId) ?? [];
    const stored: Stored = {
      ...e,
      streamId,
      isJson: true,
      revision: BigInt(stream.length),
      created: new Date(),
      position: { commit: BigInt(n * 256), prepare: BigInt(n * 256 - 64) },
    };
    stream.push(stored);
    streams.set(streamId, stream);
    all.push(stored);
  };
  const system = () => write('$stats-fake', { id: crypto.randomUUID(), type: '$statsCollected', data: {}, metadata: {} });
  const cmp = (a: Position, b: Position) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : a.commit < b.commit ? -1 : 1);
  const resolved = (e: Stored): AllStreamResolvedEvent => ({ event: structuredClone(e) as never, commitPosition: e.position.commit });
  system();

  const client = {
    async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
      await Promise.resolve();
      const list = Array.isArray(events) ? events : [events];
      const stream = streams.get(streamName);
      const current = stream ? BigInt(stream.length - 1) : ('no_stream' as const);
      const expected = options.expectedRevision ?? 'any';
      const ok =
        expected === 'any' ||
        (expected === 'no_stream' && current === 'no_stream') ||
        (expected === 'stream_exists' && current !== 'no_stream') ||
        expected === current;
      if (!ok) throw new WrongExpectedVersionError(undefined, { streamName, current, expected });
      for (const e of list) write(streamName, { id: e.id, type: e.type, data: e.data, metadata: e.metadata });
      if (all.length % 5 === 0) system();
      for (const wake of [...wakers]) wake();
      const last = streams.get(streamName)!.at(-1)!;
      return { success: true, nextExpectedRevision: last.revision, position: last.position };
    },

    readStream(streamName: string, o: { fromRevision?: 'start' | 'end' | bigint; direction?: string; maxCount?: number | bigint } = {}) {
      return (async function* () {
        await Promise.resolve();
        const stream = streams.get(streamName);
        if (!stream) throw new StreamNotFoundError(undefined, streamName);
        const backwards = o.direction === 'backwards';
        let list = backwards ? [...stream].reverse() : stream;
        const from = o.fromRevision ?? (backwards ? 'end' : 'start');
        if (typeof from === 'bigint') list = list.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
        yield* list.slice(0, Number(o.maxCount ?? Number.MAX_SAFE_INTEGER)).map(resolved);
      })();
    },

    readAll(o: { fromPosition?: ReadPos; direction?: string; maxCount?: number | bigint } = {}) {
      return (async function* () {
        await Promise.resolve();
        const backwards = o.direction === 'backwards';
        const from = o.fromPosition ?? (backwards ? 'end' : 'start');
        let list = backwards ? [...all].reverse() : [...all];
        if (typeof from === 'object') list = list.filter((e) => (backwards ? cmp(e.position, from) <= 0 : cmp(e.position, from) >= 0));
        yield* list.slice(0, Number(o.maxCount ?? Number.MAX_SAFE_INTEGER)).map(resolved);
      })();
    },

    subscribeToAll(o: { fromPosition?: ReadPos; filter?: { regex?: string } } = {}) {
      let done = false;
      let wake: (() => void) | null = null;
      const waker = () => wake?.();
      wakers.add(waker);
      const regex = o.filter?.regex ? new RegExp(o.filter.regex) : null;
      const from = o.fromPosition ?? 'start';
      let next = from === 'start' ? 0 : from === 'end' ? all.length : all.findIndex((e) => cmp(e.position, from) > 0);
      if (next < 0) next = all.length;
      const events = (async function* () {
        while (!done) {
          if (next < all.length) {
            const e = all[next++]!;
            if (!regex || regex.test(e.type)) yield resolved(e);
            continue;
          }
          await new Promise<void>((r) => (wake = r));
          wake = null;
        }
      })();
      return Object.assign(events, {
        async unsubscribe() {
          done = true;
          wakers.delete(waker);
          wake?.();
        },
      });
    },

    async dispose() {},
  };
  return client as unknown as EventStoreDBClient;
}
