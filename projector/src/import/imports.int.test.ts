import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import {
  ActivityLineChanged,
  ActivityLineRecorded,
  DataImported,
  ImportedLinesListed,
  ImportRuleChanged,
  ImportRuleDefined,
  ImportRuleRemoved,
  ImportRulesReapplied,
  ImportUndone,
  type AnyEventContract,
  type DomainEventOf,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type StreamWrite,
} from '@ghg/events';
import { migrateReadModels } from '../core/migrate';
import { ProjectorRunner } from '../core/projectorRunner';
import { rebuildProjections } from '../core/rebuild';
import { MAX_NOTICE_IDS } from '../core/notices';
import { createMemoryChangeBus } from '../core/testing/memoryChangeBus';
import { testDbKinds } from '../core/testing/readModelDb';
import { allProjections } from '../features';

/**
 * The import feature's read models over the real log, projected by the product's projections:
 * the rules, the history of imported files, and the ledger's import columns; live and rebuilt.
 */

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const COMPANY = 'company-imp';
const TENANT = 'tenant-imp';
let clock = Date.UTC(2026, 3, 1, 9, 0, 0);

const metadata = (actorUserId: string | null = 'user-imp'): EventMetadata => {
  clock += 1000;
  return { actorUserId, companyId: COMPANY, tenantId: TENANT, correlationId: randomUUID(), causationId: null, occurredAt: new Date(clock).toISOString() };
};

/** An event as the command layer appends it: its data checked against its contract first. */
function event<C extends AnyEventContract>(contract: C, data: DomainEventOf<C>['data'], meta: EventMetadata = metadata()): NewEvent {
  return { id: randomUUID(), type: contract.type, schemaVersion: contract.schemaVersion, data: contract.schema.parse(data), metadata: meta };
}

const rule = (ruleId: string, name: string, priority: number): DomainEventOf<typeof ImportRuleDefined>['data'] => ({
  ruleId,
  companyId: COMPANY,
  name,
  priority,
  conditions: [{ field: 'accountCode', value: '5210' }],
  action: 'record',
  scopeCategory: '31',
  formulaId: 's3.1.spend',
  detail: { emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円' } },
  sectionId: 'section-plant',
  countFrom: 'none',
});

/** An activity line; imported when `importId` is given (its origin names the import and the row). */
function line(dealId: string, co2eKg: number, importId?: string, row = 2): DomainEventOf<typeof ActivityLineRecorded>['data'] {
  return {
    companyId: COMPANY,
    dealId,
    deal: { id: dealId, count: null, countUnit: null, amount: co2eKg * 312.5, currency: 'JPY', occurrenceDate: '2025-07-01', item: '事務用品', client: '株式会社山田商事' },
    scopeSettingId: 'ss-spend',
    scopeCategory: '31',
    section: 'section-plant',
    scopeSettingDetail: { emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円' } },
    inputs: {},
    calculation: {
      formulaId: 's3.1.spend',
      fiscalYear: 2025,
      fiscalMonth: 4,
      quantity: null,
      unit: null,
      co2eKg,
      gasesKg: { CO2e: co2eKg },
      stages: null,
      basis: null,
      factors: [],
      gwpSet: { id: 'AR6', version: '2021' },
      factorSets: {},
      basisVersion: 0,
      warnings: [],
    },
    ...(importId
      ? {
          source: 'import' as const,
          origin: {
            importId,
            sourceType: 'standard' as const,
            sourceKey: `S${row}|1`,
            row,
            ruleId: 'rule-spend',
            record: { accountCode: '5210', supplierName: '株式会社山田商事', amount: co2eKg * 312.5, 'tab\tand \\ backslash': null },
          },
        }
      : { source: 'manual' as const }),
  };
}

const lineStream = (dealId: string) => `activityLine-${COMPANY}-${dealId}`;
const importStream = (importId: string) => `import-${COMPANY}-${importId}`;

/** An import as command-api appends it: its lines, then DataImported and the listing of its lines, in one atomic batch. */
function importWrites(importId: string, fileName: string, lines: number, meta = metadata()): StreamWrite[] {
  const deals = Array.from({ length: lines }, (_, i) => ({ dealId: `${importId}-deal-${i}`, co2eKg: 100 + i, row: i + 2 }));
  const total = deals.reduce((s, d) => s + d.co2eKg, 0);
  return [
    ...deals.map((d) => ({ streamId: lineStream(d.dealId), events: [event(ActivityLineRecorded, line(d.dealId, d.co2eKg, importId, d.row), meta)], expectedVersion: 'no_stream' as const })),
    {
      streamId: importStream(importId),
      expectedVersion: 'no_stream',
      events: [
        event(
          DataImported,
          {
            importId,
            companyId: COMPANY,
            fileName,
            sourceType: 'standard',
            encoding: 'utf-8-bom',
            sha256: 'ab'.repeat(32),
            rows: lines + 1,
            created: lines,
            updated: 0,
            unchanged: 0,
            excluded: 1,
            totals: { co2eKg: total, byCategory: { '31': total } },
            fiscalYears: [2025],
            ruleVersions: { 'rule-spend': 0 },
          },
          meta,
        ),
        event(ImportedLinesListed, { importId, companyId: COMPANY, created: deals.map((d) => ({ dealId: d.dealId, version: 0 })), updated: [] }, meta),
      ],
    },
  ];
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A digest of every row of the tables: equal digests, equal contents. */
async function digest(db: Database, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const r = await db.knex.raw<{ rows: { d: string | null }[] }>(`select md5(string_agg(t::text, '|' order by t::text)) as d from ?? t`, [table]);
    parts.push(`${table}:${r.rows[0]?.d ?? 'empty'}`);
  }
  return parts.join(',');
}

describe.each(testDbKinds)('import read models (%s)', (kind) => {
  let db: Database;
  let store: EventStore;
  let runner: ProjectorRunner;
  const bus = createMemoryChangeBus();

  const project = async () => {
    bus.published.length = 0;
    await runner.runUntilCaughtUp();
    return bus.published;
  };

  beforeAll(async () => {
    const fresh = kind === 'pglite' ? await freshPglite() : await freshPostgres();
    if (!fresh) throw new Error('DATABASE_URL is not set');
    db = fresh;
    await migrateReadModels(db.knex);
    store = await createPostgresEventStore(db);
    runner = new ProjectorRunner({ db, eventStore: store, projections: allProjections, logger: quiet, changeBus: bus });
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  it('keeps each rule as its last event left it, removed rules gone, and announces import/rules', async () => {
    await store.appendToStream('importRule-company-imp-rule-spend', [event(ImportRuleDefined, rule('rule-spend', '事務用品', 10))]);
    await store.appendToStream('importRule-company-imp-rule-fuel', [event(ImportRuleDefined, rule('rule-fuel', '燃料', 10))]);
    await store.appendToStream('importRule-company-imp-rule-old', [event(ImportRuleDefined, rule('rule-old', '旧ルール', 5))]);
    await project();
    const changed = { ...rule('rule-spend', '事務用品(5210)', 20), conditions: [{ field: 'accountCode' as const, value: '5210' }, { field: 'department' as const, value: '総務部' }], action: 'exclude' as const, scopeCategory: null, formulaId: null, sectionId: null };
    await store.appendToStream('importRule-company-imp-rule-spend', [event(ImportRuleChanged, changed)]);
    await store.appendToStream('importRule-company-imp-rule-old', [event(ImportRuleRemoved, { ruleId: 'rule-old', companyId: COMPANY })]);
    const notices = await project();

    const rows = await db.knex('import_rules').where({ company_id: COMPANY }).orderBy([{ column: 'priority' }, { column: 'name' }]);
    expect(rows.map((r) => [r.rule_id, r.name, r.priority, r.version])).toEqual([
      ['rule-fuel', '燃料', 10, 0],
      ['rule-spend', '事務用品(5210)', 20, 1],
    ]);
    const spend = rows.find((r) => r.rule_id === 'rule-spend')!;
    expect(json(spend.conditions)).toEqual(changed.conditions);
    expect(json(spend.detail)).toEqual(changed.detail);
    expect(spend).toMatchObject({ action: 'exclude', scope_category: null, formula_id: null, section_id: null, count_from: 'none' });
    expect(new Date(spend.updated_at).getTime()).toBeGreaterThan(new Date(rows[0]!.updated_at).getTime());
    expect(notices.filter((n) => n.topic === 'import/rules')).toEqual([
      { topic: 'import/rules', companyId: COMPANY, tenantId: TENANT, ids: ['rule-spend', 'rule-old'], position: expect.any(String) },
    ]);
  });

  it('records an import: its history row, its lines with their import and origin, one notice per topic and company', async () => {
    const lines = MAX_NOTICE_IDS + 20;
    await store.appendToStreams(importWrites('imp-1', 'purchases-2025.csv', lines, metadata('user-imp')));
    const notices = await project();

    const history = await db.knex('import_history').where({ company_id: COMPANY, import_id: 'imp-1' }).first();
    expect(history).toMatchObject({
      user_id: 'user-imp',
      source_type: 'standard',
      file_name: 'purchases-2025.csv',
      encoding: 'utf-8-bom',
      sha256: 'ab'.repeat(32),
      rows: lines + 1,
      created: lines,
      updated: 0,
      unchanged: 0,
      excluded: 1,
      status: 'success',
      reapplied_at: null,
      undone_at: null,
      undone_by: null,
      version: 0,
    });
    const total = Array.from({ length: lines }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(Number(history.co2e_kg)).toBe(total);
    expect(json(history.by_category)).toEqual({ '31': total });
    expect(json(history.fiscal_years)).toEqual([2025]);
    expect(new Date(history.imported_at).toISOString()).toBe(new Date(clock).toISOString());

    const ledger = await db.knex('emission_ledger').where({ company_id: COMPANY, import_id: 'imp-1' }).orderBy('deal_id');
    expect(ledger).toHaveLength(lines);
    const first = ledger.find((r) => r.deal_id === 'imp-1-deal-0')!;
    expect(first.source).toBe('import');
    expect(json(first.origin)).toEqual(line('imp-1-deal-0', 100, 'imp-1', 2).origin);

    // The batch's lines, its audit entries and its import: one notice each, without listing every deal.
    const mine = notices.filter((n) => n.companyId === COMPANY);
    expect(mine.map((n) => n.topic).sort()).toEqual(['activity/lines', 'auditlog', 'import/history']);
    expect(mine.find((n) => n.topic === 'activity/lines')!.ids).toEqual([]);
    expect(mine.find((n) => n.topic === 'auditlog')!.ids).toEqual([]);
    expect(mine.find((n) => n.topic === 'import/history')!.ids).toEqual(['imp-1']);
  });

  it('leaves a line entered by hand without import or origin, and lists the few deals a batch changed', async () => {
    await store.appendToStream(lineStream('manual-1'), [event(ActivityLineRecorded, line('manual-1', 42))]);
    // A line changed by hand after its import: it is no longer the import's.
    await store.appendToStream(lineStream('imp-1-deal-1'), [event(ActivityLineChanged, { ...line('imp-1-deal-1', 55) })]);
    const notices = await project();
    const rows = await db.knex('emission_ledger').whereIn('deal_id', ['manual-1', 'imp-1-deal-1']).orderBy('deal_id');
    expect(rows.map((r) => [r.deal_id, r.source, r.import_id, r.origin, Number(r.co2e_kg)])).toEqual([
      ['imp-1-deal-1', 'manual', null, null, 55],
      ['manual-1', 'manual', null, null, 42],
    ]);
    expect(notices.find((n) => n.topic === 'activity/lines')?.ids).toEqual(['manual-1', 'imp-1-deal-1']);
  });

  it('re-applied rules replace the totals; an undo marks the import, by whom and when (across batches and within one)', async () => {
    const after = { co2eKg: 99999.5, byCategory: { '31': 99000, '1': 999.5 } };
    await store.appendToStream(importStream('imp-1'), [
      event(ImportRulesReapplied, { importId: 'imp-1', companyId: COMPANY, changed: 3, before: { co2eKg: 1, byCategory: {} }, after, ruleVersions: { 'rule-spend': 1 } }),
    ]);
    await project();
    const reappliedAt = new Date(clock).toISOString();
    let row = await db.knex('import_history').where({ company_id: COMPANY, import_id: 'imp-1' }).first();
    expect(Number(row.co2e_kg)).toBe(99999.5);
    expect(json(row.by_category)).toEqual(after.byCategory);
    expect(new Date(row.reapplied_at).toISOString()).toBe(reappliedAt);
    expect(row).toMatchObject({ status: 'success', undone_at: null });
    const streamVersion = (await store.readStream(importStream('imp-1'))).at(-1)!.streamPosition;
    expect(row.version).toBe(streamVersion);

    await store.appendToStream(importStream('imp-1'), [event(ImportUndone, { importId: 'imp-1', companyId: COMPANY, removed: 100, restored: 0, totals: after }, metadata('user-admin'))]);
    await project();
    row = await db.knex('import_history').where({ company_id: COMPANY, import_id: 'imp-1' }).first();
    expect(row).toMatchObject({ status: 'undone', undone_by: 'user-admin', user_id: 'user-imp', version: streamVersion + 1 });
    expect(new Date(row.undone_at).toISOString()).toBe(new Date(clock).toISOString());
    expect(new Date(row.reapplied_at).toISOString()).toBe(reappliedAt);
    expect(Number(row.co2e_kg)).toBe(99999.5);

    // Imported, re-applied and undone in one batch: the same row as event by event.
    const meta = metadata('user-imp');
    await store.appendToStreams(importWrites('imp-2', 'second.csv', 2, meta));
    await store.appendToStream(importStream('imp-2'), [
      event(ImportRulesReapplied, { importId: 'imp-2', companyId: COMPANY, changed: 1, before: { co2eKg: 201, byCategory: { '31': 201 } }, after: { co2eKg: 300, byCategory: { '31': 300 } }, ruleVersions: {} }),
      event(ImportUndone, { importId: 'imp-2', companyId: COMPANY, removed: 2, restored: 0, totals: { co2eKg: 300, byCategory: { '31': 300 } } }, metadata('user-admin')),
    ]);
    await project();
    row = await db.knex('import_history').where({ company_id: COMPANY, import_id: 'imp-2' }).first();
    expect(row).toMatchObject({ status: 'undone', undone_by: 'user-admin', user_id: 'user-imp', file_name: 'second.csv', version: 3 });
    expect(Number(row.co2e_kg)).toBe(300);
    expect(row.reapplied_at).not.toBeNull();
  });

  it('a rebuild replays the rules, the history and the ledger (new lines by COPY) into the same rows', async () => {
    const tables = ['import_rules', 'import_history', 'emission_ledger'];
    const live = await digest(db, tables);
    await rebuildProjections({ db, eventStore: store, projections: allProjections, names: ['import/rules', 'import/history', 'activity/emissionLedger'], logger: quiet });
    expect(await digest(db, tables)).toBe(live);
    const imported = await db.knex('emission_ledger').where({ import_id: 'imp-1' }).count<{ n: string | number }[]>({ n: '*' });
    expect(Number(imported[0]!.n)).toBe(MAX_NOTICE_IDS + 19);
  });
});
