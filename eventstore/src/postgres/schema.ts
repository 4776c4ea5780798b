import type { Knex } from 'knex';

/** NOTIFY channel that carries the newest global position after each append commits. */
export const EVENTS_CHANNEL = 'ghg_events';

/**
 * Every append takes this transaction-scoped lock first, so appends commit one after another in
 * global_position order: a reader of `global_position > checkpoint` can never see a later
 * position before an earlier one has committed (PostgreSQL makes a transaction visible before it
 * releases its locks).
 */
export const APPEND_LOCK_KEY = 7_146_110_001;
/** Serialises concurrent `ensureSchema` calls (CREATE ... IF NOT EXISTS is not race-free). */
const SCHEMA_LOCK_KEY = 7_146_110_002;

/**
 * Versioned name: a process running older code keeps calling the function it knows. v2 adds exact
 * retries (answered without appending) and refuses ids already in the log with an outcome instead
 * of a unique-violation error.
 */
export const APPEND_FUNCTION = 'es_append_v2';

/**
 * Appends a batch of appends in one statement, hence one round trip and (called outside a
 * transaction block) one implicit transaction. It has to live in the server: the version check
 * must read *after* the lock is granted, and a plpgsql function's statements each take a fresh
 * READ COMMITTED snapshot, whereas one plain SQL statement would keep the snapshot from before
 * the lock wait. Input: [{s: streamId, e: expected, n: [{id, type, v, data, meta}]}]; output, in
 * the same order: {version, position}, {conflict: actualVersion} or {duplicate: eventId}.
 *
 * Event ids (see DuplicateEventIdError): an append whose events already are the stream's events,
 * same ids in the same order, at the revisions its expectation gave them the first time, is an
 * exact retry: nothing is written and the first append's result is returned, as EventStoreDB
 * does. Otherwise a failed expectation is a conflict, and an id already in the log (in any
 * stream) is refused. Written without question marks, which knex would take for bindings.
 */
const APPEND_FUNCTION_SQL = `
create or replace function ${APPEND_FUNCTION}(batch jsonb, notify_channel text) returns jsonb
language plpgsql volatile as $fn$
declare
  item jsonb;
  ev jsonb;
  expected jsonb;
  known jsonb := '{}';
  outcomes jsonb := '[]';
  cur bigint;
  last_pos bigint;
  newest bigint;
  n int;
  first_stream text;
  first_rev bigint;
  matched int;
  retry_pos bigint;
  dup text;
begin
  perform pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  for item in select value from jsonb_array_elements(batch) with ordinality order by ordinality loop
    if known -> (item->>'s') is not null then
      cur := (known -> (item->>'s') ->> 'v')::bigint;
      last_pos := (known -> (item->>'s') ->> 'p')::bigint;
    else
      select stream_position, global_position into cur, last_pos
        from es_events where stream_id = item->>'s' order by stream_position desc limit 1;
      if not found then
        cur := -1;
        last_pos := null;
      end if;
    end if;
    expected := item->'e';
    n := jsonb_array_length(item->'n');
    if n > 0 then
      select stream_id, stream_position into first_stream, first_rev
        from es_events where event_id = (item->'n'->0->>'id')::uuid;
      if found and first_stream = item->>'s' and (case
          when expected = '"any"' or expected = '"stream_exists"' then true
          when expected = '"no_stream"' then first_rev = 0
          else first_rev = (expected #>> '{}')::bigint + 1
        end) then
        select count(*), max(e.global_position) into matched, retry_pos
          from jsonb_array_elements(item->'n') with ordinality as x(value, i)
          join es_events e on e.stream_id = item->>'s' and e.stream_position = first_rev + x.i - 1
            and e.event_id = (x.value->>'id')::uuid;
        if matched = n then
          outcomes := outcomes || jsonb_build_array(jsonb_build_object('version', first_rev + n - 1, 'position', retry_pos::text));
          continue;
        end if;
      end if;
    end if;
    if not (case
        when expected = '"any"' then true
        when expected = '"no_stream"' then cur = -1
        when expected = '"stream_exists"' then cur >= 0
        else cur = (expected #>> '{}')::bigint
      end) then
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('conflict', cur));
      continue;
    end if;
    select x.value->>'id' into dup from jsonb_array_elements(item->'n') as x(value)
      where exists (select 1 from es_events e where e.event_id = (x.value->>'id')::uuid) limit 1;
    if dup is not null then
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('duplicate', dup));
      continue;
    end if;
    for ev in select value from jsonb_array_elements(item->'n') with ordinality order by ordinality loop
      cur := cur + 1;
      insert into es_events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
        values ((ev->>'id')::uuid, item->>'s', cur, ev->>'type', (ev->>'v')::int, ev->'data', ev->'meta')
        returning global_position into last_pos;
      newest := last_pos;
    end loop;
    known := jsonb_set(known, array[item->>'s'], jsonb_build_object('v', cur, 'p', last_pos));
    if last_pos is null then
      select coalesce(max(global_position), 0) into last_pos from es_events;
    end if;
    outcomes := outcomes || jsonb_build_array(jsonb_build_object('version', cur, 'position', last_pos::text));
  end loop;
  if newest is not null and notify_channel is not null then
    perform pg_notify(notify_channel, newest::text);
  end if;
  return outcomes;
end
$fn$`;

/**
 * Creates the event table and the append function if needed. One statement per raw() call
 * because PGlite rejects multi-statement queries. The unique (stream_id, stream_position) index
 * also serves readStream and the version look-up; the primary key serves readAll.
 */
export async function ensureSchema(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SCHEMA_LOCK_KEY]);
    await trx.raw(`
      create table if not exists es_events (
        global_position bigint generated always as identity (cache 1) primary key,
        event_id uuid not null unique,
        stream_id text not null,
        stream_position bigint not null,
        type text not null,
        schema_version int not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        unique (stream_id, stream_position)
      )`);
    await trx.raw(APPEND_FUNCTION_SQL);
  });
}
