import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import type { EventStore } from '@ghg/events';
import { freshPglite } from '@ghg/eventstore/testing';
import { accept, type Decider } from '@ghg/domain';
import { ensureSnapshotTable, loadStream, SNAPSHOT_EVERY, snapshotIfDue, type Snapshotting } from './snapshots';

/** A stream of renames of one section: the state is the list of names so far. */
type Renamed = { type: 'CompanySectionUpdated'; data: { sectionId: string; companyId: string; name: string; displayName: string; parentSectionId: null; energyConservationActReportSectionType: null } };
const names: Decider<never, Renamed, string[], never> = {
  eventTypes: { CompanySectionUpdated: true },
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.name],
  decide: () => accept(),
};
const meta = { actorUserId: null, companyId: 'c', tenantId: null, correlationId: 't', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };
const renamed = (name: string) => ({ id: randomUUID(), type: 'CompanySectionUpdated', schemaVersion: 1, data: { sectionId: 's', companyId: 'c', name, displayName: name, parentSectionId: null, energyConservationActReportSectionType: null }, metadata: meta });

describe('snapshots of long streams', () => {
  let db: Database;
  let store: EventStore;
  let snapshotting: Snapshotting<string[]>;
  beforeAll(async () => {
    db = await freshPglite();
    store = await createPostgresEventStore(db);
    await ensureSnapshotTable(db.knex);
    snapshotting = { knex: db.knex, codec: { name: 'names@1', encode: (s) => s, decode: (j) => j as string[] } };
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('folds the snapshot and the events after it into the same state as a full fold, reading only those events', async () => {
    const stream = `companySections-${randomUUID()}`;
    const appended = Array.from({ length: SNAPSHOT_EVERY + 10 }, (_, i) => renamed(`n${i}`));
    await store.appendToStream(stream, appended);
    const full = await loadStream(store, stream, names);
    await snapshotIfDue(snapshotting, stream, full, { version: SNAPSHOT_EVERY, lastEventId: appended[SNAPSHOT_EVERY]!.id }, full.state.slice(0, SNAPSHOT_EVERY + 1));
    let read = 0;
    const counting: EventStore = { ...store, readStream: async (...args) => { const e = await store.readStream(...args); read += e.length; return e; } };
    const fromSnapshot = await loadStream(counting, stream, names, snapshotting);
    expect(fromSnapshot).toMatchObject({ state: full.state, version: full.version, snapshotVersion: SNAPSHOT_EVERY });
    // The snapshot's own last event (to check it is still there) and the nine after it.
    expect(read).toBe(10);
  });

  it('is not written before SNAPSHOT_EVERY events have passed since the last one', async () => {
    const stream = `companySections-${randomUUID()}`;
    await snapshotIfDue(snapshotting, stream, { snapshotVersion: -1 }, { version: SNAPSHOT_EVERY - 2, lastEventId: randomUUID() }, ['x']);
    expect(await db.knex('command_snapshots').where({ stream_id: stream }).first()).toBeUndefined();
  });

  it('ignores a snapshot whose last event is not in the log any more (a restored or rewritten log)', async () => {
    const stream = `companySections-${randomUUID()}`;
    await store.appendToStream(stream, [renamed('a'), renamed('b')]);
    // A snapshot from another history of this stream, at a version the log has with another event.
    await snapshotIfDue(snapshotting, stream, { snapshotVersion: -SNAPSHOT_EVERY }, { version: 1, lastEventId: randomUUID() }, ['stale', 'stale']);
    expect((await loadStream(store, stream, names, snapshotting)).state).toEqual(['a', 'b']);
  });
});
