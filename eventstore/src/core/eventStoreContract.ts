import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedVersionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
} from '@ghg/events';
import { UpcasterRegistry } from '@ghg/events';
import { DuplicateEventIdError, DuplicateStreamError, InvalidEventIdError, InvalidExpectedVersionError } from '@ghg/events';

export interface ContractTarget {
  store: EventStore;
  /** Another store over the same log (its own connections where the backend has them). */
  openAnother?: () => Promise<EventStore>;
  cleanup(): Promise<void>;
}

export type ContractFactory = (options?: { upcasters?: UpcasterRegistry }) => Promise<ContractTarget>;

const metadata = (over: Partial<EventMetadata> = {}): EventMetadata => ({
  actorUserId: 'user-1',
  companyId: 'company-1',
  tenantId: 'tenant-1',
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  ...over,
});

const event = (type: string, data: object = {}, schemaVersion = 1): NewEvent => ({
  type,
  schemaVersion,
  data,
  metadata: metadata(),
});

/** An event to append in tests of a store: fresh metadata, the given type and data. */
export const testEvent = event;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

async function expectConflict(promise: Promise<unknown>, actual: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect((error as WrongExpectedVersionError).actual).toBe(actual);
}

/**
 * Every behaviour of the EventStore port, for every adapter. Tests share one log (an
 * EventStoreDB server cannot be reset), so each uses fresh stream ids and reads the global log
 * relative to the head position it saw first.
 */
export function describeEventStoreContract(name: string, factory: ContractFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let target: ContractTarget;
    let store: EventStore;
    const stream = (label: string) => `${label}-${randomUUID()}`;

    beforeAll(async () => {
      target = await factory();
      store = target.store;
    });
    afterAll(async () => {
      await target?.cleanup();
    });

    describe('appending', () => {
      it('creates a stream with zero-based revisions', async () => {
        const id = stream('new');
        const result = await store.appendToStream(id, [event('A'), event('B'), event('C')], { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(2);
        const read = await store.readStream(id);
        expect(read.map((e) => [e.type, e.streamPosition, e.streamId])).toEqual([
          ['A', 0, id],
          ['B', 1, id],
          ['C', 2, id],
        ]);
        expect(comparePositions(read[2]!.globalPosition, result.lastPosition)).toBe(0);
        expect(await store.headPosition()).toEqual(result.lastPosition);
      });

      it('appends at the exact expected version', async () => {
        const id = stream('exact');
        const first = await store.appendToStream(id, [event('A')], { expectedVersion: 'no_stream' });
        expect(first.nextExpectedVersion).toBe(0);
        const second = await store.appendToStream(id, [event('B'), event('C')], { expectedVersion: 0 });
        expect(second.nextExpectedVersion).toBe(2);
        const third = await store.appendToStream(id, [event('D')], { expectedVersion: 2 });
        expect(third.nextExpectedVersion).toBe(3);
        expect(comparePositions(third.lastPosition, second.lastPosition)).toBe(1);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it("appends with 'any' to a new and to an existing stream, and by default", async () => {
        const id = stream('any');
        expect((await store.appendToStream(id, [event('A')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(0);
        expect((await store.appendToStream(id, [event('B')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(1);
        expect((await store.appendToStream(id, [event('C')])).nextExpectedVersion).toBe(2);
      });

      it('treats expected version -1 as no stream', async () => {
        const id = stream('minus-one');
        expect((await store.appendToStream(id, [event('A')], { expectedVersion: -1 })).nextExpectedVersion).toBe(0);
        await expectConflict(store.appendToStream(id, [event('B')], { expectedVersion: -1 }), 0);
      });

      it("appends with 'stream_exists' only to an existing stream", async () => {
        const id = stream('exists');
        await expectConflict(store.appendToStream(id, [event('A')], { expectedVersion: 'stream_exists' }), -1);
        expect(await store.readStream(id)).toEqual([]);
        await store.appendToStream(id, [event('A')], { expectedVersion: 'no_stream' });
        expect((await store.appendToStream(id, [event('B')], { expectedVersion: 'stream_exists' })).nextExpectedVersion).toBe(1);
      });

      it('rejects a violated expectation and appends nothing', async () => {
        const id = stream('conflict');
        await store.appendToStream(id, [event('A'), event('B')], { expectedVersion: 'no_stream' });
        const head = await store.headPosition();
        // Already exists; stale; from the future; -1 (no stream) on an existing stream.
        const violated: ExpectedVersion[] = ['no_stream', 0, 5, -1];
        for (const expectedVersion of violated) {
          await expectConflict(store.appendToStream(id, [event('X'), event('Y')], { expectedVersion }), 1);
        }
        const missing = stream('conflict-missing');
        await expectConflict(store.appendToStream(missing, [event('X')], { expectedVersion: 0 }), -1);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
        expect(await store.readStream(missing)).toEqual([]);
        expect(await store.readAll({ after: head })).toEqual([]);
        expect(await store.headPosition()).toEqual(head);
      });

      it('reports the error with stream, expectation and actual version', async () => {
        const id = stream('error');
        await store.appendToStream(id, [event('A')]);
        const error = await store.appendToStream(id, [event('B')], { expectedVersion: 'no_stream' }).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'wrong_expected_version', streamId: id, expected: 'no_stream', actual: 0 });
      });

      it('appends zero events: returns the current version and still checks the expectation', async () => {
        const id = stream('zero');
        expect((await store.appendToStream(id, [], { expectedVersion: 'no_stream' })).nextExpectedVersion).toBe(-1);
        expect(await store.readStream(id)).toEqual([]);
        const written = await store.appendToStream(id, [event('A'), event('B')]);
        const zero = await store.appendToStream(id, [], { expectedVersion: 1 });
        expect(zero.nextExpectedVersion).toBe(1);
        expect(zero.lastPosition).toEqual(written.lastPosition);
        await expectConflict(store.appendToStream(id, [], { expectedVersion: 0 }), 1);
        await expectConflict(store.appendToStream(stream('zero-missing'), [], { expectedVersion: 'stream_exists' }), -1);
      });

      it('keeps given event ids and generates unique ones otherwise', async () => {
        const id = stream('ids');
        const given = randomUUID();
        await store.appendToStream(id, [{ ...event('A'), id: given }, event('B'), event('C')]);
        const read = await store.readStream(id);
        expect(read[0]!.id).toBe(given);
        expect(new Set(read.map((e) => e.id)).size).toBe(3);
        for (const e of read) expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      });

      it('stores data as JSON: a Date comes back as its ISO string, undefined members vanish', async () => {
        const id = stream('json');
        const when = new Date('2025-04-01T09:30:00.000Z');
        await store.appendToStream(id, [event('Json', { when, gone: undefined, list: [when], kept: null })]);
        const [read] = await store.readStream(id);
        expect(read!.data).toStrictEqual({ when: '2025-04-01T09:30:00.000Z', list: ['2025-04-01T09:30:00.000Z'], kept: null });
      });

      it('round-trips data, type, schemaVersion, metadata and recordedAt', async () => {
        const id = stream('roundtrip');
        const data = { text: `quote ' double " backslash \\ 日本語 ✓`, n: 1.5, nested: { list: [1, 'two', null] }, flag: false };
        const meta = metadata({ actorUserId: null, companyId: null, causationId: randomUUID() });
        const before = Date.now();
        const head = await store.headPosition();
        await store.appendToStream(id, [{ type: 'Round.Tripped', schemaVersion: 3, data, metadata: meta }]);
        const [read] = await store.readStream(id);
        expect(read!.type).toBe('Round.Tripped');
        expect(read!.schemaVersion).toBe(3);
        expect(read!.data).toEqual(data);
        expect(read!.metadata).toStrictEqual(meta);
        expect(Object.keys(read!.metadata).sort()).toEqual(
          ['actorUserId', 'causationId', 'companyId', 'correlationId', 'occurredAt', 'tenantId'],
        );
        expect(new Date(read!.recordedAt).toISOString()).toBe(read!.recordedAt);
        expect(Date.parse(read!.recordedAt)).toBeGreaterThan(before - 60_000);
        expect(await store.readAll({ after: head })).toEqual([read]);
      });
    });

    describe('expected versions', () => {
      // Checked before anything reaches the backend (BigInt(1.5) would throw a RangeError, SQL a
      // cast error): the same refusal on every store, for empty appends too.
      const invalid: unknown[] = [1.5, -2, -1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '3', 'whatever', '', null, 2n, {}];

      const label = (v: unknown) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' || (typeof v === 'object' && v !== null) ? JSON.stringify(v) : String(v));
      it.each(invalid.map((v) => [label(v), v]))(
        'refuses %s with invalid_expected_version and appends nothing',
        async (_, expectedVersion) => {
          const id = stream('bad-expected');
          await store.appendToStream(id, [event('A')]);
          const head = await store.headPosition();
          for (const events of [[event('X')], []]) {
            const error = await refusal(store.appendToStream(id, events, { expectedVersion: expectedVersion as ExpectedVersion }));
            expect(error).toBeInstanceOf(InvalidExpectedVersionError);
            expect(error).toMatchObject({ code: 'invalid_expected_version', streamId: id });
            expect((error as Error).message).toMatch(/invalid expected version/);
          }
          expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A']);
          expect(await store.headPosition()).toEqual(head);
        },
      );

      it('accepts the largest safe revision as an expectation (a conflict, not a refusal)', async () => {
        const id = stream('big-expected');
        await expectConflict(store.appendToStream(id, [event('A')], { expectedVersion: Number.MAX_SAFE_INTEGER }), -1);
      });
    });

    describe('event ids', () => {
      it('refuses an id that is not a UUID before anything is appended', async () => {
        const notUuids = ['abc', '', '123e4567e89b12d3a456426614174000', '{123e4567-e89b-12d3-a456-426614174000}', '123e4567-e89b-12d3-a456-42661417400g', '00000000-0000-0000-0000-000000000000', ' 123e4567-e89b-12d3-a456-426614174000'];
        for (const bad of notUuids) {
          const id = stream('bad-id');
          const head = await store.headPosition();
          // A good event first: nothing of the append may be written.
          const error = await refusal(store.appendToStream(id, [{ ...event('Good'), id: randomUUID() }, { ...event('Bad'), id: bad }]));
          expect(error, bad).toBeInstanceOf(InvalidEventIdError);
          expect(error).toMatchObject({ code: 'invalid_event_id', streamId: id, eventId: bad });
          expect(await store.readStream(id)).toEqual([]);
          expect(await store.headPosition()).toEqual(head);
        }
      });

      it('accepts an upper-case UUID and reads it back in lower case', async () => {
        const id = stream('upper-id');
        const given = randomUUID().toUpperCase();
        await store.appendToStream(id, [{ ...event('A'), id: given }]);
        expect((await store.readStream(id))[0]!.id).toBe(given.toLowerCase());
      });

      it('refuses one id twice in one append', async () => {
        const id = stream('twice');
        const dup = randomUUID();
        const error = await refusal(store.appendToStream(id, [{ ...event('A'), id: dup }, { ...event('B'), id: dup.toUpperCase() }]));
        expect(error).toBeInstanceOf(DuplicateEventIdError);
        expect(error).toMatchObject({ code: 'duplicate_event_id', eventId: dup });
        expect(await store.readStream(id)).toEqual([]);
      });

      // A retry after a lost answer: the same append (same stream, ids and expectation) again.
      const retryCases: { label: string; first: (id: string) => Promise<ExpectedVersion> }[] = [
        { label: "'no_stream'", first: async () => 'no_stream' },
        { label: '-1', first: async () => -1 },
        {
          label: 'an exact version',
          first: async (id) => (await store.appendToStream(id, [event('Before')])).nextExpectedVersion,
        },
        { label: "'any'", first: async () => 'any' },
      ];
      for (const { label, first } of retryCases) {
        it(`answers an exact retry with ${label} with the first result and appends nothing`, async () => {
          const id = stream('retry');
          const expectedVersion = await first(id);
          const events = [{ ...event('R1'), id: randomUUID() }, { ...event('R2'), id: randomUUID() }];
          const original = await store.appendToStream(id, events, { expectedVersion });
          // Something else lands in the log (and in the stream) before the retry.
          await store.appendToStream(stream('retry-other'), [event('Other')]);
          const later = await store.appendToStream(id, [event('Later')]);
          const head = await store.headPosition();
          const again = await store.appendToStream(id, events, { expectedVersion });
          expect(again.nextExpectedVersion).toBe(original.nextExpectedVersion);
          expect(comparePositions(again.lastPosition, original.lastPosition)).toBe(0);
          expect(await store.headPosition()).toEqual(head);
          const read = await store.readStream(id);
          expect(read.map((e) => e.type)).toEqual([...(typeof expectedVersion === 'number' && expectedVersion >= 0 ? ['Before'] : []), 'R1', 'R2', 'Later']);
          expect(read.at(-1)!.streamPosition).toBe(later.nextExpectedVersion);
        });
      }

      it('refuses a stale expectation whose next events are not exactly the retried ones', async () => {
        const id = stream('retry-partial');
        const a = randomUUID();
        const b = randomUUID();
        await store.appendToStream(id, [{ ...event('A'), id: a }], { expectedVersion: 'no_stream' });
        await store.appendToStream(id, [event('Other')], { expectedVersion: 0 });
        // Partly committed before (a), partly new (b): a bad request, refused as a conflict.
        await expectConflict(store.appendToStream(id, [{ ...event('A'), id: a }, { ...event('B'), id: b }], { expectedVersion: 'no_stream' }), 1);
        // The same ids at other revisions than their expectation gives them.
        await expectConflict(store.appendToStream(id, [{ ...event('A'), id: a }], { expectedVersion: 0 }), 1);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'Other']);
      });
    });

    describe('appending to several streams in one call', () => {
      const types = async (id: string) => (await store.readStream(id)).map((e) => e.type);
      /** Events with ids fixed up front, as a caller that may retry gives them. */
      const withIds = (...names: string[]) => names.map((name) => ({ ...event(name), id: randomUUID() }));

      it('appends each write with its own expectation, in the order of the writes, at consecutive positions', async () => {
        const [a, b, c] = [stream('multi-a'), stream('multi-b'), stream('multi-c')];
        await store.appendToStream(a, [event('A0')]);
        const head = await store.headPosition();
        const results = await store.appendToStreams([
          { streamId: a, events: [event('A1'), event('A2')], expectedVersion: 0 },
          { streamId: b, events: [event('B0')], expectedVersion: 'no_stream' },
          { streamId: c, events: [event('C0'), event('C1'), event('C2')] },
        ]);
        expect(results.map((r) => r.nextExpectedVersion)).toEqual([2, 0, 2]);
        const all = await store.readAll({ after: head });
        expect(all.map((e) => [e.type, e.streamId, e.streamPosition])).toEqual([
          ['A1', a, 1],
          ['A2', a, 2],
          ['B0', b, 0],
          ['C0', c, 0],
          ['C1', c, 1],
          ['C2', c, 2],
        ]);
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.globalPosition, all[i]!.globalPosition)).toBe(-1);
        // One number per event where the log has one (EventStoreDB positions are byte offsets).
        if (store.kind !== 'eventstoredb') {
          expect(all.map((e) => e.globalPosition.commit - all[0]!.globalPosition.commit)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
        }
        expect(results.map((r) => r.lastPosition)).toEqual([all[1]!.globalPosition, all[2]!.globalPosition, all[5]!.globalPosition]);
        expect(await store.headPosition()).toEqual(all[5]!.globalPosition);
        expect(await types(a)).toEqual(['A0', 'A1', 'A2']);
        expect(await types(b)).toEqual(['B0']);
        expect(await types(c)).toEqual(['C0', 'C1', 'C2']);
      });

      it('checks every expectation first: one failing write appends nothing anywhere', async () => {
        for (const failing of [0, 1, 2]) {
          const ids = [stream('atomic-0'), stream('atomic-1'), stream('atomic-2')];
          await store.appendToStream(ids[failing]!, [event('X'), event('Y')]);
          const head = await store.headPosition();
          const fine: ExpectedVersion[] = ['no_stream', 'any', -1];
          const writes: StreamWrite[] = ids.map((streamId, i) => ({
            streamId,
            events: [event(`E${i}`), event(`F${i}`)],
            expectedVersion: i === failing ? 0 : fine[i]!,
          }));
          const error = await refusal(store.appendToStreams(writes));
          expect(error, `failing write ${failing}`).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({ code: 'wrong_expected_version', streamId: ids[failing], expected: 0, actual: 1 });
          expect(await store.readAll({ after: head })).toEqual([]);
          expect(await store.headPosition()).toEqual(head);
          for (const [i, id] of ids.entries()) expect(await types(id)).toEqual(i === failing ? ['X', 'Y'] : []);
        }
      });

      it('reports the first failing write in the order of the writes', async () => {
        const [fresh, missing, existing] = [stream('first-fail-ok'), stream('first-fail-missing'), stream('first-fail-existing')];
        await store.appendToStream(existing, [event('X')]);
        const head = await store.headPosition();
        const error = await refusal(
          store.appendToStreams([
            { streamId: fresh, events: [event('A')], expectedVersion: 'no_stream' },
            { streamId: missing, events: [event('B')], expectedVersion: 'stream_exists' },
            { streamId: existing, events: [event('C')], expectedVersion: 'no_stream' },
          ]),
        );
        expect(error).toMatchObject({ code: 'wrong_expected_version', streamId: missing, expected: 'stream_exists', actual: -1 });
        expect(await store.headPosition()).toEqual(head);
        expect(await types(fresh)).toEqual([]);
      });

      it('refuses a stream named twice, an id in two writes and a bad expectation before writing anything', async () => {
        const [a, b] = [stream('refused-a'), stream('refused-b')];
        const head = await store.headPosition();
        const twice = await refusal(
          store.appendToStreams([
            { streamId: a, events: [event('A')] },
            { streamId: b, events: [event('B')] },
            { streamId: a, events: [event('A2')] },
          ]),
        );
        expect(twice).toBeInstanceOf(DuplicateStreamError);
        expect(twice).toMatchObject({ code: 'duplicate_stream', streamId: a });
        const shared = randomUUID();
        const sharedId = await refusal(
          store.appendToStreams([
            { streamId: a, events: [{ ...event('A'), id: shared }] },
            { streamId: b, events: [{ ...event('B'), id: shared }] },
          ]),
        );
        expect(sharedId).toBeInstanceOf(DuplicateEventIdError);
        expect(sharedId).toMatchObject({ code: 'duplicate_event_id', streamId: b, eventId: shared });
        const badExpectation = await refusal(
          store.appendToStreams([
            { streamId: a, events: [event('A')] },
            { streamId: b, events: [event('B')], expectedVersion: 1.5 as ExpectedVersion },
          ]),
        );
        expect(badExpectation).toBeInstanceOf(InvalidExpectedVersionError);
        expect(badExpectation).toMatchObject({ streamId: b });
        const badId = await refusal(store.appendToStreams([{ streamId: a, events: [event('A')] }, { streamId: b, events: [{ ...event('B'), id: 'nope' }] }]));
        expect(badId).toBeInstanceOf(InvalidEventIdError);
        expect(await store.headPosition()).toEqual(head);
        expect(await types(a)).toEqual([]);
        expect(await types(b)).toEqual([]);
      });

      it('answers an empty list with [] and a write of zero events with the current version, checking it', async () => {
        expect(await store.appendToStreams([])).toEqual([]);
        const [existing, missing, written] = [stream('zero-multi-existing'), stream('zero-multi-missing'), stream('zero-multi-written')];
        const before = await store.appendToStream(existing, [event('A'), event('B')]);
        const results = await store.appendToStreams([
          { streamId: existing, events: [], expectedVersion: 1 },
          { streamId: missing, events: [], expectedVersion: 'no_stream' },
          { streamId: written, events: [event('W')], expectedVersion: 'no_stream' },
        ]);
        expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, -1, 0]);
        expect(results[0]!.lastPosition).toEqual(before.lastPosition);
        expect(await types(missing)).toEqual([]);
        const head = await store.headPosition();
        const error = await refusal(
          store.appendToStreams([
            { streamId: stream('zero-multi-new'), events: [event('N')] },
            { streamId: existing, events: [], expectedVersion: 0 },
          ]),
        );
        expect(error).toMatchObject({ code: 'wrong_expected_version', streamId: existing, expected: 0, actual: 1 });
        expect(await store.headPosition()).toEqual(head);
      });

      it('answers an exact retry of a whole call with the first results and appends nothing', async () => {
        const [a, b, c] = [stream('retry-multi-a'), stream('retry-multi-b'), stream('retry-multi-c')];
        await store.appendToStream(b, [event('B0')]);
        const writes: StreamWrite[] = [
          { streamId: a, events: withIds('A0', 'A1'), expectedVersion: 'no_stream' },
          { streamId: b, events: withIds('B1'), expectedVersion: 0 },
          { streamId: c, events: withIds('C0') },
        ];
        const first = await store.appendToStreams(writes);
        // Something else lands in the log, and in one of the streams, before the retry.
        await store.appendToStream(stream('retry-multi-other'), [event('Other')]);
        await store.appendToStream(a, [event('A-later')]);
        const head = await store.headPosition();
        const again = await store.appendToStreams(writes);
        expect(again.map((r) => r.nextExpectedVersion)).toEqual(first.map((r) => r.nextExpectedVersion));
        again.forEach((r, i) => expect(comparePositions(r.lastPosition, first[i]!.lastPosition)).toBe(0));
        expect(await store.headPosition()).toEqual(head);
        expect(await types(a)).toEqual(['A0', 'A1', 'A-later']);
        expect(await types(b)).toEqual(['B0', 'B1']);
        expect(await types(c)).toEqual(['C0']);
        // The same events where their expectation would not have put them: a conflict, as for one stream.
        const error = await refusal(store.appendToStreams([{ streamId: c, events: [event('C1')] }, { streamId: b, events: writes[1]!.events, expectedVersion: 'no_stream' }]));
        expect(error).toMatchObject({ code: 'wrong_expected_version', streamId: b, actual: 1 });
        expect(await store.headPosition()).toEqual(head);
      });

      it('delivers every event of a call to a subscriber, in order', async () => {
        const head = await store.headPosition();
        const seen: RecordedEvent[] = [];
        let caughtUp = false;
        const sub = store.subscribeToAll({ after: head, onEvent: (e) => void seen.push(e), onCaughtUp: () => void (caughtUp = true) });
        try {
          await waitFor(() => caughtUp, 'onCaughtUp');
          const writes: StreamWrite[] = Array.from({ length: 50 }, (_, i) => ({
            streamId: stream(`sub-multi-${i}`),
            events: [event(`S${i}.0`), event(`S${i}.1`)],
            expectedVersion: 'no_stream',
          }));
          const results = await store.appendToStreams(writes);
          await waitFor(() => seen.length >= 100, 'the batch at the subscriber');
          await sleep(100);
          expect(seen.map((e) => e.type)).toEqual(writes.flatMap((_, i) => [`S${i}.0`, `S${i}.1`]));
          expect(seen.map((e) => e.streamId)).toEqual(writes.flatMap((w) => [w.streamId, w.streamId]));
          expect(seen.at(-1)!.globalPosition).toEqual(results.at(-1)!.lastPosition);
        } finally {
          await sub.stop();
        }
      });
    });

    describe('appending in chunks (appendStreamed)', () => {
      const chunksOf = (...chunks: StreamWrite[][]) =>
        (async function* () {
          yield* chunks;
        })();

      it('appends every chunk, in order', async () => {
        const [a, b, c] = [stream('chunk-a'), stream('chunk-b'), stream('chunk-c')];
        await store.appendToStream(c, [event('C0')]);
        const result = await store.appendStreamed(chunksOf([{ streamId: a, events: [event('A0'), event('A1')], expectedVersion: 'no_stream' }], [{ streamId: b, events: [event('B0')] }, { streamId: c, events: [event('C1')], expectedVersion: 0 }]));
        expect(result.written).toBe(4);
        expect(result.lastPosition).not.toBeNull();
        expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A0', 'A1']);
        expect((await store.readStream(c)).map((e) => e.type)).toEqual(['C0', 'C1']);
      });

      it('a stream goes on in a later chunk, expecting the version the earlier chunk left it at', async () => {
        const id = stream('chunk-continued');
        await store.appendStreamed(chunksOf([{ streamId: id, events: [event('A0'), event('A1')], expectedVersion: 'no_stream' }], [{ streamId: id, events: [event('A2')], expectedVersion: 1 }]));
        expect((await store.readStream(id)).map((e) => [e.type, e.streamPosition])).toEqual([['A0', 0], ['A1', 1], ['A2', 2]]);
      });

      it('a failed expectation in a later chunk: nothing written where the store has transactions (EventStoreDB keeps the earlier chunks, as documented)', async () => {
        const atomic = store.kind !== 'eventstoredb';
        const [a, b] = [stream('chunk-first'), stream('chunk-stale')];
        await store.appendToStream(b, [event('B0')]);
        const error = await store.appendStreamed(chunksOf([{ streamId: a, events: [event('A0')], expectedVersion: 'no_stream' }], [{ streamId: b, events: [event('B1')], expectedVersion: 'no_stream' }])).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((await store.readStream(a)).length).toBe(atomic ? 0 : 1);
        expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B0']);
      });
    });

    describe('appending in chunks while they are produced (stagesStreamedAppends)', () => {
      it('the chunks may read the store and others append meanwhile; a producer that throws leaves nothing', async () => {
        // PostgreSQL and PGlite stage; EventStoreDB appends chunk by chunk, so its chunks must be made first.
        expect(store.stagesStreamedAppends).toBe(store.kind !== 'eventstoredb');
        if (!store.stagesStreamedAppends) return;
        const [a, b, other] = [stream('staged-a'), stream('staged-b'), stream('staged-other')];
        await store.appendToStream(b, [event('B0')]);
        let otherAppended = false;
        const produced = async function* (fail: boolean) {
          yield [{ streamId: a, events: [event('A0')], expectedVersion: 'no_stream' as const }];
          // Between chunks: a read of the store and another writer's append both complete.
          const version = (await store.readStream(b)).length - 1;
          await store.appendToStream(other, [event('O0')]);
          otherAppended = true;
          if (fail) throw new Error('a bad row');
          yield [{ streamId: b, events: [event('B1')], expectedVersion: version }];
        };
        const refused = await refusal(store.appendStreamed(produced(true)));
        expect(String(refused)).toContain('a bad row');
        expect(otherAppended).toBe(true);
        expect(await store.readStream(a)).toEqual([]);
        const done = await store.appendStreamed(produced(false));
        expect(done.written).toBe(2);
        expect((await store.readStream(b)).map((e) => [e.type, e.streamPosition])).toEqual([['B0', 0], ['B1', 1]]);
        // The staged events come after the append made while they were produced.
        const [o] = await store.readStream(other);
        const [a0] = await store.readStream(a);
        expect(comparePositions(a0!.globalPosition, o!.globalPosition)).toBeGreaterThan(0);
      });
    });

    describe('reading', () => {
      it('reads many streams in one call, each in order; a missing one is empty', async () => {
        const [a, b, missing] = [stream('many-a'), stream('many-b'), stream('many-missing')];
        await store.appendToStream(a, [event('A1'), event('A2')]);
        await store.appendToStream(b, [event('B1')]);
        await store.appendToStream(a, [event('A3')]);
        const read = await store.readStreams([a, missing, b]);
        expect([...read.keys()].sort()).toEqual([a, b, missing].sort());
        expect(read.get(a)!.map((e) => [e.type, e.streamPosition])).toEqual([['A1', 0], ['A2', 1], ['A3', 2]]);
        expect(read.get(b)!.map((e) => e.type)).toEqual(['B1']);
        expect(read.get(missing)).toEqual([]);
        expect((await store.readStreams([])).size).toBe(0);
      });

      it('reads a stream from a version with a maximum count', async () => {
        const id = stream('read');
        await store.appendToStream(id, ['A', 'B', 'C', 'D', 'E'].map((t) => event(t)));
        const types = async (o: { fromVersion?: number; maxCount?: number }) => (await store.readStream(id, o)).map((e) => e.type);
        expect(await types({})).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(await types({ fromVersion: 2 })).toEqual(['C', 'D', 'E']);
        expect(await types({ maxCount: 2 })).toEqual(['A', 'B']);
        expect(await types({ fromVersion: 1, maxCount: 3 })).toEqual(['B', 'C', 'D']);
        expect(await types({ fromVersion: 5 })).toEqual([]);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('reads the global log after a position with a maximum count, in order', async () => {
        const head = await store.headPosition();
        const a = stream('all-a');
        const b = stream('all-b');
        await store.appendToStream(a, [event('A1'), event('A2')]);
        await store.appendToStream(b, [event('B1')]);
        await store.appendToStream(a, [event('A3')]);
        const all = await store.readAll({ after: head });
        expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.globalPosition, all[i]!.globalPosition)).toBe(-1);
        expect((await store.readAll({ after: head, maxCount: 2 })).map((e) => e.type)).toEqual(['A1', 'A2']);
        expect((await store.readAll({ after: all[1]!.globalPosition })).map((e) => e.type)).toEqual(['B1', 'A3']);
        expect((await store.readAll({ after: all[1]!.globalPosition, maxCount: 1 })).map((e) => e.type)).toEqual(['B1']);
        expect(await store.readAll({ after: all[3]!.globalPosition })).toEqual([]);
        expect(await store.headPosition()).toEqual(all[3]!.globalPosition);
        const fromStart = await store.readAll();
        expect(fromStart.slice(-4).map((e) => e.id)).toEqual(all.map((e) => e.id));
      });

      it('applies upcasters on every read path and keeps the stored version otherwise', async () => {
        const upcasters = new UpcasterRegistry([
          { type: 'Renamed', fromVersion: 1, upcast: (d) => ({ fullName: (d as { name: string }).name }) },
          { type: 'Renamed', fromVersion: 2, upcast: (d) => ({ ...(d as object), v3: true }) },
        ]);
        const upcasting = await factory({ upcasters });
        try {
          const s = upcasting.store;
          const id = stream('upcast');
          const head = await s.headPosition();
          await s.appendToStream(id, [event('Renamed', { name: 'Ada' }, 1), event('Renamed', { fullName: 'Bo', v3: true }, 3), event('Other', { name: 'x' }, 1)]);
          const expected = [
            ['Renamed', 3, { fullName: 'Ada', v3: true }],
            ['Renamed', 3, { fullName: 'Bo', v3: true }],
            ['Other', 1, { name: 'x' }],
          ];
          const shape = (es: RecordedEvent[]) => es.map((e) => [e.type, e.schemaVersion, e.data]);
          expect(shape(await s.readStream(id))).toEqual(expected);
          expect(shape(await s.readAll({ after: head }))).toEqual(expected);
          const seen: RecordedEvent[] = [];
          const sub = s.subscribeToAll({ after: head, onEvent: (e) => void seen.push(e) });
          await waitFor(() => seen.length >= 3, 'upcast subscription');
          await sub.stop();
          expect(shape(seen)).toEqual(expected);
          // Stored events are never rewritten: a store without upcasters sees version 1.
          const plain = await upcasting.openAnother?.();
          if (plain) {
            expect(shape(await plain.readStream(id))[0]).toEqual(['Renamed', 1, { name: 'Ada' }]);
            await plain.close();
          }
        } finally {
          await upcasting.cleanup();
        }
      });
    });

    describe('subscribing', () => {
      it('delivers history, calls onCaughtUp once, then delivers live events in order', async () => {
        const head = await store.headPosition();
        const id = stream('sub');
        await store.appendToStream(id, [event('H1'), event('H2'), event('H3')]);
        const seen: string[] = [];
        const caughtUpAt: number[] = [];
        const sub = store.subscribeToAll({
          after: head,
          onEvent: (e) => void seen.push(e.type),
          onCaughtUp: () => void caughtUpAt.push(seen.length),
        });
        try {
          await waitFor(() => caughtUpAt.length === 1, 'onCaughtUp');
          expect(caughtUpAt).toEqual([3]);
          expect(seen).toEqual(['H1', 'H2', 'H3']);
          await store.appendToStream(id, [event('L1')]);
          await store.appendToStream(stream('sub-other'), [event('L2'), event('L3')]);
          await waitFor(() => seen.length === 6, 'live events');
          expect(seen).toEqual(['H1', 'H2', 'H3', 'L1', 'L2', 'L3']);
          await sleep(100);
          expect(caughtUpAt).toEqual([3]);
          expect(seen).toHaveLength(6);
        } finally {
          await sub.stop();
        }
      });

      it('starts strictly after the given position and calls onCaughtUp on an idle log', async () => {
        const id = stream('after');
        const first = await store.appendToStream(id, [event('A'), event('B')]);
        const seen: string[] = [];
        let caughtUp = 0;
        const sub = store.subscribeToAll({ after: first.lastPosition, onEvent: (e) => void seen.push(e.type), onCaughtUp: () => void caughtUp++ });
        try {
          await waitFor(() => caughtUp === 1, 'onCaughtUp on an idle log');
          expect(seen).toEqual([]);
          await store.appendToStream(id, [event('C')]);
          await waitFor(() => seen.length === 1, 'live event');
          expect(seen).toEqual(['C']);
        } finally {
          await sub.stop();
        }
      });

      it('waits for each onEvent before the next, and stop() waits for the running one', async () => {
        const head = await store.headPosition();
        const id = stream('stop');
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        let running = 0;
        let maxRunning = 0;
        const finished: string[] = [];
        const sub = store.subscribeToAll({
          after: head,
          onEvent: async (e) => {
            running++;
            maxRunning = Math.max(maxRunning, running);
            await gate;
            await sleep(5);
            finished.push(e.type);
            running--;
          },
        });
        await store.appendToStream(id, [event('A'), event('B'), event('C')]);
        await waitFor(() => running === 1, 'first onEvent');
        let stopped = false;
        const stopping = sub.stop().then(() => (stopped = true));
        await sleep(50);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(running).toBe(0);
        expect(maxRunning).toBe(1);
        expect(finished).toEqual(['A']);
        await store.appendToStream(id, [event('D')]);
        await sleep(150);
        expect(finished).toEqual(['A']);
      });

      it('ends on a failing onEvent and reports the error', async () => {
        const head = await store.headPosition();
        await store.appendToStream(stream('fail'), [event('A'), event('B')]);
        const seen: string[] = [];
        const errors: unknown[] = [];
        const sub = store.subscribeToAll({
          after: head,
          onEvent: (e) => {
            seen.push(e.type);
            if (e.type === 'A') throw new Error('projection failed');
          },
          onError: (e) => void errors.push(e),
        });
        await waitFor(() => errors.length === 1, 'onError');
        await sub.stop();
        expect(seen).toEqual(['A']);
        expect((errors[0] as Error).message).toBe('projection failed');
      });
    });

    it('under concurrent writers, a tailing subscriber sees every event exactly once in global order', async () => {
      const stores = [store];
      for (let i = 0; i < 2 && target.openAnother; i++) stores.push(await target.openAnother());
      const head = await store.headPosition();
      const seen: RecordedEvent[] = [];
      const sub = store.subscribeToAll({
        after: head,
        onEvent: async (e) => {
          seen.push(e);
          // An occasionally slow consumer lets appends pile up behind it.
          if (seen.length % 41 === 0) await sleep(2);
        },
      });
      const prefix = randomUUID();
      const shared = [`${prefix}-shared-0`, `${prefix}-shared-1`];
      let appended = 0;
      let raceConflicts = 0;
      let staleRejected = 0;
      const versionOf = async (s: EventStore, id: string) => (await s.readStream(id)).length - 1;
      try {
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            const s = stores[w % stores.length]!;
            const own = `${prefix}-own-${w}`;
            let ownVersion: ExpectedVersion = 'no_stream';
            for (let i = 0; i < 50; i++) {
              const batch = Array.from({ length: 1 + (i % 4 === 0 ? 1 : 0) }, (_, k) => event(`W${w}.${i}.${k}`));
              if (i % 10 === 9) {
                // A deliberately stale expectation must always fail and leave nothing behind.
                const current = await versionOf(s, own);
                await expectConflict(s.appendToStream(own, batch, { expectedVersion: current + 3 }), current);
                staleRejected++;
              } else if (i % 3 === 2) {
                const target = shared[i % 2]!;
                const current = await versionOf(s, target);
                try {
                  await s.appendToStream(target, batch, { expectedVersion: current === -1 ? 'no_stream' : current });
                  appended += batch.length;
                } catch (error) {
                  if (!(error instanceof WrongExpectedVersionError)) throw error;
                  raceConflicts++;
                }
              } else {
                const result = await s.appendToStream(own, batch, { expectedVersion: ownVersion });
                ownVersion = result.nextExpectedVersion;
                appended += batch.length;
              }
            }
          }),
        );
        await waitFor(() => seen.length >= appended, `subscriber to see ${appended} events`, 30_000);
        await sleep(200);
      } finally {
        await sub.stop();
        for (const s of stores.slice(1)) await s.close();
      }

      expect(staleRejected).toBe(8 * 5);
      expect(appended).toBeGreaterThan(300);
      expect(seen).toHaveLength(appended);
      expect(new Set(seen.map((e) => e.id)).size).toBe(appended);
      for (let i = 1; i < seen.length; i++) {
        expect(comparePositions(seen[i - 1]!.globalPosition, seen[i]!.globalPosition), `order at ${i}`).toBe(-1);
      }
      const all = await store.readAll({ after: head });
      expect(all.map((e) => e.id)).toEqual(seen.map((e) => e.id));
      const byStream = new Map<string, number[]>();
      for (const e of all) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamPosition]);
      for (const [id, revisions] of byStream) {
        expect(revisions, id).toEqual(revisions.map((_, i) => i));
      }
      expect(byStream.size).toBe(10);
      // Revealed in the test report, so a run where no race ever happened is visible.
      console.log(`${name}: ${appended} events appended by 8 writers over ${stores.length} store(s), ${raceConflicts} racing conflicts`);
    });
  });
}
