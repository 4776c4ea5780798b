import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import type { EventStore, NewEvent } from '@ghg/events';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { claimRegisterDecider, currencyRateStreamId, fold, legacyReductionGoalsStreamId, reductionGoalsStreamId } from '@ghg/domain';
import { registerStreamOf } from '@ghg/command-api';
import { allProjections, migrateReadModels, ProjectorRunner } from '@ghg/projector';
import { migrateToEntityStreams, planMoves } from './streamMigration';

/**
 * A log written before one stream per entity (a company's rates in `currencyRates-<c>`,
 * its goals in `reductionGoals-<c>` …) is regrouped at start: each event moves to its entity's
 * stream, numbered in log order, with id, data and global position unchanged; claims are made for
 * the rules that span entities; the read models get the new versions; the audit log is unchanged.
 */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const C = 'c-legacy';
const meta = { actorUserId: 'u1', companyId: C, tenantId: 't1', correlationId: 'legacy', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };
const ev = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: meta });
const rate = (id: string, fiscalYear: number, currencyUnit: string, value: number) => ({ id, companyId: C, fiscalYear, currencyUnit, rate: value });
const goal = (id: string, goalYear: number, scopeCategory: string) => ({ id, companyId: C, scopeCategory, goalYear, goalEmission: 10, targetYear: 0, targetEmission: 0, goalEmissionPercentage: 0 });

const backends: [string, () => Promise<Database | null>][] = [
  ['PGlite', freshPglite],
  ['PostgreSQL', () => freshPostgres()],
];

describe.each(backends)('the move to one stream per entity on %s', (name, open) => {
  let db: Database | null = null;
  let store: EventStore | null = null;
  afterEach(async () => {
    await store?.close();
    await db?.close();
  });

  it.skipIf(name === 'PostgreSQL' && !process.env.DATABASE_URL)('moves every event of the old per-company streams, once, keeping the audit trail', async () => {
    db = (await open())!;
    await migrateReadModels(db.knex);
    store = await createPostgresEventStore(db);
    await store.appendToStream(`currencyRates-${C}`, [
      ev('CurrencyRateAdded', rate('r1', 2025, 'USD', 150)),
      ev('CurrencyRateAdded', rate('r2', 2025, 'EUR', 160)),
      ev('CurrencyRateChanged', rate('r1', 2025, 'USD', 151)),
    ]);
    await store.appendToStream(`reductionGoals-${C}`, [
      ev('ReductionGoalAdded', goal('g1', 2030, '1')),
      ev('ReductionGoalAdded', goal('g2', 2031, '1')),
      ev('ReductionGoalRemoved', { id: 'g1', companyId: C }),
    ]);
    const runner = new ProjectorRunner({ db, eventStore: store, projections: allProjections, logger: quiet });
    await runner.runUntilCaughtUp();
    const audit = await db.knex('audit_log').orderBy('position').select('position', 'event_id', 'type', 'changes');
    const positions = (await store.readAll()).map((e) => [e.id, String(e.globalPosition.commit)]);

    const result = await migrateToEntityStreams(db, store, quiet);
    expect(result).toMatchObject({ moved: 6, rebuilt: true });

    // Each entity's events in its own stream, numbered from 0 in log order; the old streams are empty.
    expect((await store.readStream(currencyRateStreamId(C, 'r1'))).map((e) => [e.type, e.streamPosition])).toEqual([['CurrencyRateAdded', 0], ['CurrencyRateChanged', 1]]);
    expect((await store.readStream(currencyRateStreamId(C, 'r2'))).map((e) => e.streamPosition)).toEqual([0]);
    expect((await store.readStream(reductionGoalsStreamId(C, 2030))).map((e) => e.type)).toEqual(['ReductionGoalAdded', 'ReductionGoalRemoved']);
    expect(await store.readStream(`currencyRates-${C}`)).toEqual([]);
    expect(await store.readStream(legacyReductionGoalsStreamId(C))).toEqual([]);
    // The same events at the same global positions: nothing rewritten but the grouping.
    const after = await store.readAll();
    expect(after.filter((e) => !e.type.startsWith('Claim')).map((e) => [e.id, String(e.globalPosition.commit)])).toEqual(positions);
    // Read-model versions are those of the new streams; the audit log is as it was.
    expect(await db.knex('currency_rates').orderBy('id').select('id', 'version')).toEqual([{ id: 'r1', version: 1 }, { id: 'r2', version: 0 }]);
    expect(await db.knex('audit_log').orderBy('position').select('position', 'event_id', 'type', 'changes')).toEqual(audit);
    // The rule that spans rates is held by a claim: one rate per fiscal year and currency.
    const register = fold(claimRegisterDecider, (await store.readStream(registerStreamOf(['currencyRate', C, '2025', 'USD']))) as never[]);
    expect([...register.holders.keys()]).toEqual([currencyRateStreamId(C, 'r1')]);

    // A second start finds nothing left to do.
    expect(await migrateToEntityStreams(db, store, quiet)).toEqual({ moved: 0, claimed: 0, rebuilt: false });
  });
});

describe('planMoves', () => {
  it('numbers each entity stream from 0 in log order and sends a goal removal to the year its goal had', () => {
    const e = (stream: string, data: object) => ({ event_id: randomUUID(), stream_id: stream, type: 'x', data });
    const moves = planMoves([
      e(`offsets-${C}`, { id: 'o1', companyId: C }),
      e(`reductionGoals-${C}`, { id: 'g1', companyId: C, goalYear: 2030 }),
      e(`offsets-${C}`, { id: 'o1', companyId: C }),
      e(`reductionGoals-${C}`, { id: 'g1', companyId: C }),
      // A stream of the new shape that merely shares the prefix is left alone.
      e(`reductionGoals-${C}-2030`, { id: 'g9', companyId: C, goalYear: 2030 }),
      // Factor sets by their set id, calculation bases by their fiscal year.
      e(`companyFactorSets-${C}`, { id: 'f1', companyId: C, setId: 'glec' }),
      e(`calculationBasis-${C}`, { id: 'b1', companyId: C, fiscalYear: 2025 }),
      e(`calculationBasis-${C}-2025`, { id: 'b1', companyId: C, fiscalYear: 2025 }),
    ]);
    expect(moves.map((m) => [m.streamId, m.position])).toEqual([
      [`offset-${C}-o1`, 0],
      [`reductionGoals-${C}-2030`, 0],
      [`offset-${C}-o1`, 1],
      [`reductionGoals-${C}-2030`, 1],
      [`companyFactorSet-${C}-glec`, 0],
      [`calculationBasis-${C}-2025`, 0],
    ]);
  });
});
