import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { DuplicateEventIdError, WrongExpectedVersionError, type CheckedStreamWrite, type ExpectedVersion } from '@ghg/events';
import { copyField, copyLines } from './copyText';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema';

/**
 * appendStreamed on PostgreSQL and PGlite: the chunks are staged as they come in temporary
 * tables, without the log's append lock; only when the last chunk is in does it take the lock,
 * check every write's expectation and every event id against the log in a few set-based
 * statements, and insert the staged events into the log with one `insert … select`. So the lock
 * is held for that final statement, not for the whole import, and the chunks may be produced
 * while the store is read. All or nothing: a producer that throws, or a failed check, leaves
 * nothing in the log.
 *
 * - PostgreSQL: one transaction from the first chunk, its temporary tables dropped on commit or
 *   rollback; chunks go in with COPY on its connection while other connections serve the reads,
 *   so PostgreSQL parses one chunk while the producer decides the next.
 * - PGlite: one connection, so no transaction may span the staging (every other query would wait
 *   for it): the tables are the session's, each chunk is inserted by its own short statements, and
 *   only the final check and insert are one transaction. The tables are dropped at the end.
 *
 * A stream may go on in a later chunk: a write's expectation is checked against the log's
 * version plus the events the append's earlier writes put in that stream.
 */
export async function appendStreamedStaged(
  knex: Knex,
  kind: 'postgres' | 'pglite',
  chunks: AsyncIterable<readonly CheckedStreamWrite[]>,
): Promise<{ written: number; newest: bigint | null }> {
  if (kind === 'postgres') {
    return knex.transaction(async (trx) => {
      const connection: unknown = await trx.client.acquireConnection();
      if (!(connection instanceof pg.Client)) throw new Error('COPY needs a PostgreSQL connection');
      const stage = await createStage(trx, 'es_stage', 'on commit drop');
      const staged = await stageChunks(chunks, (writes, events) => copyChunk(connection, stage, writes, events));
      return staged === 0 ? { written: 0, newest: null } : insertStaged(trx, stage, true);
    });
  }
  const stage = await createStage(knex, `es_stage_${randomUUID().replaceAll('-', '')}`, '');
  try {
    const staged = await stageChunks(chunks, (writes, events) => insertChunk(knex, stage, writes, events));
    return staged === 0 ? { written: 0, newest: null } : await knex.transaction((trx) => insertStaged(trx, stage, false));
  } finally {
    await knex.raw(`drop table if exists ${stage.writes}, ${stage.events}`);
  }
}

interface Stage {
  /** One row per write: its stream, expectation and number of events, in the order of the writes. */
  writes: string;
  /** One row per event, `seq` giving the log's order, `k` its place in its write. */
  events: string;
}

interface StagedWrite {
  writeSeq: number;
  streamId: string;
  expected: string;
  n: number;
}

interface StagedEvent {
  seq: number;
  writeSeq: number;
  k: number;
  id: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

async function createStage(db: Knex | Knex.Transaction, name: string, onCommit: string): Promise<Stage> {
  const stage = { writes: `${name}_writes`, events: `${name}_events` };
  await db.raw(`create temporary table ${stage.writes} (write_seq bigint not null, stream_id text not null, expected text not null, n int not null) ${onCommit}`);
  await db.raw(`create temporary table ${stage.events} (
    seq bigint not null, write_seq bigint not null, k int not null, event_id uuid not null, type text not null,
    schema_version int not null, data jsonb not null, metadata jsonb not null) ${onCommit}`);
  return stage;
}

/** Numbers the writes and events of every chunk and hands each chunk to `put`; the events staged. */
async function stageChunks(chunks: AsyncIterable<readonly CheckedStreamWrite[]>, put: (writes: StagedWrite[], events: StagedEvent[]) => Promise<void>): Promise<number> {
  let writeSeq = 0;
  let seq = 0;
  for await (const chunk of chunks) {
    const writes: StagedWrite[] = [];
    const events: StagedEvent[] = [];
    for (const write of chunk) {
      writeSeq += 1;
      writes.push({ writeSeq, streamId: write.streamId, expected: expectedText(write.expected), n: write.events.length });
      write.events.forEach((e, k) => events.push({ seq: ++seq, writeSeq, k, id: e.id!, type: e.type, schemaVersion: e.schemaVersion, data: e.data ?? null, metadata: e.metadata }));
    }
    if (writes.length > 0) await put(writes, events);
  }
  return seq;
}

async function copyChunk(connection: pg.Client, stage: Stage, writes: StagedWrite[], events: StagedEvent[]): Promise<void> {
  await copyLines(connection, `copy ${stage.writes} from stdin`, writes.map((w) => `${w.writeSeq}\t${copyField(w.streamId)}\t${w.expected}\t${w.n}\n`));
  await copyLines(
    connection,
    `copy ${stage.events} from stdin`,
    events.map((e) => `${e.seq}\t${e.writeSeq}\t${e.k}\t${e.id}\t${copyField(e.type)}\t${e.schemaVersion}\t${copyField(JSON.stringify(e.data))}\t${copyField(JSON.stringify(e.metadata))}\n`),
  );
}

/** Events per insert on PGlite: each statement holds its one connection, so other queries wait at most one. */
const PGLITE_ROWS = 500;

async function insertChunk(knex: Knex, stage: Stage, writes: StagedWrite[], events: StagedEvent[]): Promise<void> {
  await knex.raw(
    `insert into ${stage.writes} select (x->>'writeSeq')::bigint, x->>'streamId', x->>'expected', (x->>'n')::int from jsonb_array_elements(?::jsonb) x`,
    [JSON.stringify(writes)],
  );
  for (let i = 0; i < events.length; i += PGLITE_ROWS) {
    await knex.raw(
      `insert into ${stage.events}
       select (x->>'seq')::bigint, (x->>'writeSeq')::bigint, (x->>'k')::int, (x->>'id')::uuid, x->>'type', (x->>'schemaVersion')::int, x->'data', x->'metadata'
         from jsonb_array_elements(?::jsonb) x`,
      [JSON.stringify(events.slice(i, i + PGLITE_ROWS))],
    );
  }
}

/** Under the append lock: every expectation and id checked against the log, then one insert of everything staged. */
async function insertStaged(trx: Knex.Transaction, stage: Stage, notify: boolean): Promise<{ written: number; newest: bigint | null }> {
  const placed = `${stage.writes}_placed`;
  const versions = `${stage.writes}_versions`;
  // Each write's place in its stream: the events of the append's earlier writes to it.
  await trx.raw(`create temporary table ${placed} on commit drop as
    select w.write_seq, w.stream_id, w.expected,
           coalesce(sum(w.n) over (partition by w.stream_id order by w.write_seq rows between unbounded preceding and 1 preceding), 0) as before
      from ${stage.writes} w`);
  await trx.raw(`create index on ${placed} (write_seq)`);
  await trx.raw(`analyze ${placed}`);
  await trx.raw(`analyze ${stage.events}`);

  await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
  // The streams' versions now (a fresh READ COMMITTED snapshot after the lock): one index probe each.
  await trx.raw(`create temporary table ${versions} on commit drop as
    select s.stream_id, coalesce((select max(e.stream_position) from es_events e where e.stream_id = s.stream_id), -1) as v
      from (select distinct stream_id from ${stage.writes}) s`);
  await trx.raw(`create unique index on ${versions} (stream_id)`);
  await trx.raw(`analyze ${versions}`);

  const { rows: stale } = await trx.raw<{ rows: { stream_id: string; expected: string; actual: string }[] }>(
    `select p.stream_id, p.expected, (v.v + p.before)::text as actual
       from ${placed} p join ${versions} v using (stream_id)
      where not case p.expected
              when 'any' then true
              when 'no_stream' then v.v + p.before = -1
              when 'stream_exists' then v.v + p.before >= 0
              else v.v + p.before = p.expected::bigint
            end
      order by p.write_seq limit 1`,
  );
  if (stale[0]) throw new WrongExpectedVersionError(stale[0].stream_id, expectedOf(stale[0].expected), Number(stale[0].actual));
  const { rows: taken } = await trx.raw<{ rows: { stream_id: string; event_id: string }[] }>(
    `select p.stream_id, s.event_id::text as event_id
       from ${stage.events} s join es_events e using (event_id) join ${placed} p using (write_seq)
      order by s.seq limit 1`,
  );
  if (taken[0]) throw new DuplicateEventIdError(taken[0].stream_id, taken[0].event_id);

  // ORDER BY seq: global positions follow the order of the chunks and their writes.
  const { rows } = await trx.raw<{ rows: { n: string; p: string | null }[] }>(
    `with inserted as (
       insert into es_events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
       select s.event_id, p.stream_id, v.v + p.before + s.k + 1, s.type, s.schema_version, s.data, s.metadata
         from ${stage.events} s join ${placed} p using (write_seq) join ${versions} v using (stream_id)
        order by s.seq
       returning global_position)
     select count(*)::text as n, max(global_position)::text as p from inserted`,
  );
  const newest = rows[0]?.p ? BigInt(rows[0].p) : null;
  if (newest !== null && notify) await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, newest.toString()]);
  return { written: Number(rows[0]?.n ?? 0), newest };
}

const expectedText = (expected: ExpectedVersion): string => (typeof expected === 'number' ? String(expected) : expected);
const expectedOf = (text: string): ExpectedVersion => (text === 'any' || text === 'no_stream' || text === 'stream_exists' ? text : Number(text));
