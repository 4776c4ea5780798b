import type { Knex } from 'knex';

/** NOTIFY channel that carries the newest global position after each append commits. */
export const EVENTS_CHANNEL = 'ghg_events';

/**
 * Every append takes this transaction-scoped lock first, so appends commit one after another in
 * global_position order: a reader of `global_position > checkpoint` can never see a later
 * position before an earlier one has committed.
 */
export const APPEND_LOCK_KEY = 7_146_110_001;
/** Serialises concurrent `ensureSchema` calls (CREATE ... IF NOT EXISTS is not race-free). */
const SCHEMA_LOCK_KEY = 7_146_110_002;

/**
 * Creates the event table if needed. One statement per raw() call because PGlite rejects
 * multi-statement queries. The unique (stream_id, stream_position) index also serves readStream
 * and the version look-up; the primary key serves readAll.
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
  });
}
