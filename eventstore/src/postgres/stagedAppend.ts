import type { Knex } from 'knex';
import pg from 'pg';
import { DuplicateEventIdError, WrongExpectedVersionError, type CheckedStreamWrite, type ExpectedVersion } from '@ghg/events';
import { copyField, copyLines } from './copyText';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema';

/**
 * appendStreamed on PostgreSQL: the chunks are staged as they come, with COPY into temporary
 * tables of the append's own transaction, without the log's append lock; only when the last
 * chunk is in does it take the lock, check every write's expectation and every event id against
 * the log in a few set-based statements, and insert the staged events into the log in one
 * `insert … select`. So the lock is held for that final statement, not for the whole import,
 * and the chunks may be produced while the store is read (other connections serve the reads):
 * PostgreSQL parses the staged JSON while the producer decides the next chunk. All or nothing:
 * a producer that throws, or a failed check, rolls the transaction back with its stage.
 *
 * A stream may go on in a later chunk: a write's expectation is checked against the log's
 * version plus the events the append's earlier writes put in that stream.
 */
export async function appendStreamedStaged(
  knex: Knex,
  chunks: AsyncIterable<readonly CheckedStreamWrite[]>,
  notify: boolean,
): Promise<{ written: number; newest: bigint | null }> {
  return knex.transaction(async (trx) => {
    const connection: unknown = await trx.client.acquireConnection();
    if (!(connection instanceof pg.Client)) throw new Error('appendStreamedStaged needs a PostgreSQL connection');
    await trx.raw(`create temporary table es_stage_writes (
      write_seq bigint not null, stream_id text not null, expected text not null, n int not null) on commit drop`);
    await trx.raw(`create temporary table es_stage_events (
      seq bigint not null, write_seq bigint not null, k int not null, event_id uuid not null, type text not null,
      schema_version int not null, data jsonb not null, metadata jsonb not null) on commit drop`);

    let writeSeq = 0;
    let seq = 0;
    for await (const writes of chunks) {
      let writeLines = '';
      const eventLines: string[] = [];
      for (const write of writes) {
        writeSeq += 1;
        writeLines += `${writeSeq}\t${copyField(write.streamId)}\t${expectedText(write.expected)}\t${write.events.length}\n`;
        write.events.forEach((e, k) => {
          seq += 1;
          eventLines.push(`${seq}\t${writeSeq}\t${k}\t${e.id}\t${copyField(e.type)}\t${e.schemaVersion}\t${copyField(JSON.stringify(e.data ?? null))}\t${copyField(JSON.stringify(e.metadata))}\n`);
        });
      }
      if (writeLines) await copyLines(connection, 'copy es_stage_writes from stdin', [writeLines]);
      if (eventLines.length > 0) await copyLines(connection, 'copy es_stage_events from stdin', eventLines);
    }
    if (seq === 0) return { written: 0, newest: null };

    // Each write's place in its stream: the events of the append's earlier writes to it.
    await trx.raw(`create temporary table es_stage_placed on commit drop as
      select w.write_seq, w.stream_id, w.expected,
             coalesce(sum(w.n) over (partition by w.stream_id order by w.write_seq rows between unbounded preceding and 1 preceding), 0) as before
        from es_stage_writes w`);
    await trx.raw('create index on es_stage_placed (write_seq)');
    await trx.raw('analyze es_stage_placed');
    await trx.raw('analyze es_stage_events');

    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    // The streams' versions now (fresh READ COMMITTED snapshot after the lock): one index probe each.
    await trx.raw(`create temporary table es_stage_versions on commit drop as
      select s.stream_id, coalesce((select max(e.stream_position) from es_events e where e.stream_id = s.stream_id), -1) as v
        from (select distinct stream_id from es_stage_writes) s`);
    await trx.raw('create unique index on es_stage_versions (stream_id)');
    await trx.raw('analyze es_stage_versions');

    const { rows: stale } = await trx.raw<{ rows: { stream_id: string; expected: string; actual: string }[] }>(
      `select p.stream_id, p.expected, (v.v + p.before)::text as actual
         from es_stage_placed p join es_stage_versions v using (stream_id)
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
         from es_stage_events s join es_events e using (event_id) join es_stage_placed p using (write_seq)
        order by s.seq limit 1`,
    );
    if (taken[0]) throw new DuplicateEventIdError(taken[0].stream_id, taken[0].event_id);

    // ORDER BY seq: global positions follow the order of the chunks and their writes.
    const { rows } = await trx.raw<{ rows: { n: string; p: string | null }[] }>(
      `with inserted as (
         insert into es_events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
         select s.event_id, p.stream_id, v.v + p.before + s.k + 1, s.type, s.schema_version, s.data, s.metadata
           from es_stage_events s join es_stage_placed p using (write_seq) join es_stage_versions v using (stream_id)
          order by s.seq
         returning global_position)
       select count(*)::text as n, max(global_position)::text as p from inserted`,
    );
    const newest = rows[0]?.p ? BigInt(rows[0].p) : null;
    if (newest !== null && notify) await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, newest.toString()]);
    return { written: Number(rows[0]?.n ?? 0), newest };
  });
}

const expectedText = (expected: ExpectedVersion): string => (typeof expected === 'number' ? String(expected) : expected);
const expectedOf = (text: string): ExpectedVersion => (text === 'any' || text === 'no_stream' || text === 'stream_exists' ? text : Number(text));
