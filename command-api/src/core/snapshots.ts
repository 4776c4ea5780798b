import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@ghg/events';
import { foldRecorded, type Decider } from '@ghg/domain';

/**
 * Snapshots of streams that must stay long (a company's section tree: its rules — no cycle, unique
 * names — need the whole tree). A command folds the newest snapshot and the events after it, so
 * its cost stays bounded however long the stream grows. Snapshots are a cache beside the read
 * models: never the truth, written after an append at most every SNAPSHOT_EVERY events, ignored
 * when their codec changed, and rebuilt from the log whenever missing.
 */
export const SNAPSHOT_EVERY = 50;
const TABLE = 'command_snapshots';

/** How a state is kept as JSON; a new `name` (e.g. 'companySections@2') retires older snapshots. */
export interface SnapshotCodec<S> {
  name: string;
  encode(state: S): unknown;
  decode(json: unknown): S;
}

export interface Snapshotting<S> {
  knex: Knex;
  codec: SnapshotCodec<S>;
}

export async function ensureSnapshotTable(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists ${TABLE} (stream_id text primary key, codec text not null, version integer not null, event_id text not null, state jsonb not null, updated_at timestamptz not null default now())`,
  );
}

export interface LoadedStream<S> {
  state: S;
  /** Revision of the stream's last event, -1 when it is empty. */
  version: number;
  /** The version the state was last snapshotted at (-1: none). */
  snapshotVersion: number;
}

/** The stream's state: its snapshot (if any and of this codec) plus the events after it. */
export async function loadStream<E extends { type: string }, S>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S, string>, 'initialState' | 'evolve' | 'eventTypes'>,
  snapshotting?: Snapshotting<S>,
): Promise<LoadedStream<S>> {
  let snapshot = snapshotting ? await readSnapshot(snapshotting, streamId) : null;
  // The snapshot's own last event is read too: a log restored from a backup, or rewritten, does not
  // have it at that version any more, and the snapshot is then ignored.
  let events: RecordedEvent[] = await eventStore.readStream(streamId, snapshot ? { fromVersion: snapshot.version } : {});
  if (snapshot) {
    if (events[0]?.id === snapshot.eventId && events[0].streamPosition === snapshot.version) events = events.slice(1);
    else {
      snapshot = null;
      events = await eventStore.readStream(streamId);
    }
  }
  const state = foldRecorded(decider, events, snapshot?.state ?? decider.initialState());
  const version = events.length > 0 ? events[events.length - 1]!.streamPosition : (snapshot?.version ?? -1);
  return { state, version, snapshotVersion: snapshot?.version ?? -1 };
}

async function readSnapshot<S>({ knex, codec }: Snapshotting<S>, streamId: string): Promise<{ version: number; eventId: string; state: S } | null> {
  const row = await knex(TABLE).where({ stream_id: streamId, codec: codec.name }).first('version', 'event_id', 'state');
  if (!row) return null;
  try {
    return { version: Number(row.version), eventId: String(row.event_id), state: codec.decode(typeof row.state === 'string' ? JSON.parse(row.state) : row.state) };
  } catch {
    return null; // an unreadable snapshot is only a missed shortcut
  }
}

/**
 * Keeps the state after the event `lastEventId` at `version`, when SNAPSHOT_EVERY events have
 * passed since the last snapshot.
 */
export async function snapshotIfDue<S>(
  snapshotting: Snapshotting<S> | undefined,
  streamId: string,
  loaded: { snapshotVersion: number },
  at: { version: number; lastEventId: string },
  state: S,
): Promise<void> {
  if (!snapshotting || at.version - loaded.snapshotVersion < SNAPSHOT_EVERY) return;
  const { knex, codec } = snapshotting;
  await knex.raw(
    `insert into ${TABLE} (stream_id, codec, version, event_id, state) values (?, ?, ?, ?, ?::jsonb)
     on conflict (stream_id) do update set codec = excluded.codec, version = excluded.version, event_id = excluded.event_id, state = excluded.state, updated_at = now()
     where ${TABLE}.version < excluded.version or ${TABLE}.codec <> excluded.codec`,
    [streamId, codec.name, at.version, at.lastEventId, JSON.stringify(codec.encode(state))],
  );
}
