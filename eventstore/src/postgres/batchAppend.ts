import type { Knex } from 'knex';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  expectationHolds,
  type AppendResult,
  type CheckedStreamWrite,
  type ExpectedVersion,
} from '@ghg/events';
import { pgPosition } from './rows';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema';

/** Stream ids or event ids per look-up statement: keeps one bound array to a few MB. */
const LOOKUP_CHUNK = 20_000;
/** Rows per INSERT statement, and the JSON text one statement carries at most (about). */
const INSERT_ROWS = 2_000;
const INSERT_CHARS = 4_000_000;

/** Where an event id of the call already lies in the log. */
interface Found {
  stream_id: string;
  stream_position: string;
  global_position: string;
}

/** The stream's last event: revision and global position (text, as int8 is read everywhere). */
interface Last {
  v: string;
  p: string;
}

/**
 * appendToStreams on PostgreSQL and PGlite: one transaction, hence all or nothing. It takes the
 * appends' advisory lock first (APPEND_LOCK_KEY), so it commits in global_position order with the
 * AppendQueue's appends and a reader of `global_position > checkpoint` never skips an event;
 * every statement after the lock reads a fresh READ COMMITTED snapshot, so the checks see every
 * append committed before. Then: the streams' current versions in one statement per
 * LOOKUP_CHUNK streams; the call's event ids in the log, likewise; every expectation; every
 * id; and the rows, INSERT_ROWS per set-based statement (a JSON array unpacked by the server,
 * which PostgreSQL parses faster than the array literals of unnest(uuid[], …, jsonb[])). While
 * the server inserts one chunk, the next one is serialised. Returns the results and the newest
 * global position written (null: nothing written). The caller wakes its subscribers.
 */
export async function appendToStreamsInTransaction(
  knex: Knex,
  writes: readonly CheckedStreamWrite[],
  notify: boolean,
): Promise<{ results: AppendResult[]; newest: bigint | null }> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    const last = await lastEvents(trx, writes.map((w) => w.streamId));
    const found = await eventsInLog(trx, writes.flatMap((w) => w.events.map((e) => e.id!)));

    const results: (AppendResult | null)[] = [];
    const versions: number[] = [];
    // Expectations first, in the order of `writes`: an exact retry of a write passes (and is
    // answered with its first result), any other write whose expectation fails stops the call.
    for (const write of writes) {
      const current = last.get(write.streamId);
      const actual = current ? Number(current.v) : -1;
      versions.push(actual);
      const retried = retryResult(write, found);
      if (retried) results.push(retried);
      else if (!expectationHolds(write.expected, actual)) throw new WrongExpectedVersionError(write.streamId, write.expected, actual);
      else results.push(null);
    }
    // Then ids: one already in the log, other than in an exact retry, is refused.
    writes.forEach((write, i) => {
      if (results[i]) return;
      const taken = write.events.find((e) => found.has(e.id!));
      if (taken) throw new DuplicateEventIdError(write.streamId, taken.id!);
    });

    const positions = await insertRows(trx, writes, (i) => results[i] === null, versions);
    const newest = positions.size > 0 ? [...positions.values()].reduce((a, b) => (a > b ? a : b)) : null;
    let head: bigint | null = newest;
    const headPosition = async (): Promise<bigint> => {
      if (head === null) {
        const { rows } = await trx.raw<{ rows: { p: string }[] }>('select coalesce(max(global_position), 0)::text as p from es_events');
        head = BigInt(rows[0]!.p);
      }
      return head;
    };
    const answered: AppendResult[] = [];
    for (const [i, write] of writes.entries()) {
      const done = results[i];
      if (done) {
        answered.push(done);
      } else if (write.events.length > 0) {
        answered.push({ nextExpectedVersion: versions[i]! + write.events.length, lastPosition: pgPosition(positions.get(write.streamId)!) });
      } else {
        // Zero events: the stream's current version, and its last event's position (the head
        // when it has none), as appendToStream answers.
        const current = last.get(write.streamId);
        answered.push({ nextExpectedVersion: versions[i]!, lastPosition: pgPosition(current ? current.p : await headPosition()) });
      }
    }
    if (newest !== null && notify) await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, newest.toString()]);
    return { results: answered, newest };
  });
}

/**
 * The first result of a write whose events already are its stream's events, in order, where its
 * expectation put them: an exact retry after a lost answer, as es_append_v2 recognises one.
 */
function retryResult(write: CheckedStreamWrite, found: Map<string, Found>): AppendResult | null {
  const first = write.events[0] && found.get(write.events[0].id!);
  if (!first || first.stream_id !== write.streamId) return null;
  const at = Number(first.stream_position);
  if (!placedBy(write.expected, at)) return null;
  let position = '';
  for (const [k, event] of write.events.entries()) {
    const f = found.get(event.id!);
    if (!f || f.stream_id !== write.streamId || Number(f.stream_position) !== at + k) return null;
    position = f.global_position;
  }
  return { nextExpectedVersion: at + write.events.length - 1, lastPosition: pgPosition(position) };
}

/** Whether an append with this expectation would have put its first event at revision `at`. */
function placedBy(expected: ExpectedVersion, at: number): boolean {
  if (expected === 'any' || expected === 'stream_exists') return true;
  if (expected === 'no_stream') return at === 0;
  return at === expected + 1;
}

/** Last revision and position of each stream that exists: one index probe per stream. */
async function lastEvents(trx: Knex.Transaction, streamIds: string[]): Promise<Map<string, Last>> {
  const out = new Map<string, Last>();
  for (let i = 0; i < streamIds.length; i += LOOKUP_CHUNK) {
    const { rows } = await trx.raw<{ rows: (Last & { s: string })[] }>(
      `select s.id as s, e.stream_position::text as v, e.global_position::text as p
         from unnest(?::text[]) as s(id)
         cross join lateral (select stream_position, global_position from es_events
           where stream_id = s.id order by stream_position desc limit 1) e`,
      [streamIds.slice(i, i + LOOKUP_CHUNK)],
    );
    for (const r of rows) out.set(r.s, { v: r.v, p: r.p });
  }
  return out;
}

/** The call's event ids that are already in the log, with where they lie. */
async function eventsInLog(trx: Knex.Transaction, ids: string[]): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const { rows } = await trx.raw<{ rows: (Found & { id: string })[] }>(
      `select event_id::text as id, stream_id, stream_position::text as stream_position, global_position::text as global_position
         from es_events where event_id = any(?::uuid[])`,
      [ids.slice(i, i + LOOKUP_CHUNK)],
    );
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/**
 * Inserts the events of the writes `include` selects, in the order of `writes`, after each
 * stream's current version. Returns the newest global position per stream written.
 */
async function insertRows(
  trx: Knex.Transaction,
  writes: readonly CheckedStreamWrite[],
  include: (index: number) => boolean,
  versions: number[],
): Promise<Map<string, bigint>> {
  const newest = new Map<string, bigint>();
  function* chunks(): Generator<string> {
    let parts: string[] = [];
    let chars = 0;
    for (const [i, write] of writes.entries()) {
      if (!include(i)) continue;
      for (const [k, e] of write.events.entries()) {
        const row = JSON.stringify({ id: e.id, s: write.streamId, p: versions[i]! + 1 + k, t: e.type, v: e.schemaVersion, d: e.data ?? null, m: e.metadata });
        parts.push(row);
        chars += row.length;
        if (parts.length >= INSERT_ROWS || chars >= INSERT_CHARS) {
          yield `[${parts.join(',')}]`;
          parts = [];
          chars = 0;
        }
      }
    }
    if (parts.length > 0) yield `[${parts.join(',')}]`;
  }
  const insert = (json: string) =>
    // ORDER BY ordinality: global positions follow the order of the rows, whatever the plan.
    trx.raw<{ rows: { s: string; p: string }[] }>(
      `with inserted as (
         insert into es_events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
         select (x.e->>'id')::uuid, x.e->>'s', (x.e->>'p')::bigint, x.e->>'t', (x.e->>'v')::int, x.e->'d', x.e->'m'
           from jsonb_array_elements(?::jsonb) with ordinality as x(e, i) order by x.i
         returning stream_id, global_position)
       select stream_id as s, max(global_position)::text as p from inserted group by stream_id`,
      [json],
    );
  const source = chunks();
  let next = source.next();
  while (!next.done) {
    // A knex query starts when `then` is called; after one macrotask it has been sent, and the
    // next chunk is serialised while the server inserts this one.
    const running = insert(next.value).then((r) => r);
    running.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    next = source.next();
    const { rows } = await running;
    for (const r of rows) {
      const p = BigInt(r.p);
      const known = newest.get(r.s);
      if (known === undefined || p > known) newest.set(r.s, p);
    }
  }
  return newest;
}
