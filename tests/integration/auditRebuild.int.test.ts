import { afterAll, beforeAll, expect, it } from 'vitest';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, describeOnBackends, login, type RunningApp } from './embeddedApp';

/**
 * The audit log is disposable too: rebuilt from the log it holds the same rows, before/after
 * values included. Small batches make the rebuild carry entity states across many batches (in
 * its memory, written once before the swap) and, on PostgreSQL, take the parallel COPY path.
 */
describeOnBackends('audit log rebuild', (start) => {
  let app: RunningApp;
  let admin: string;

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
  });
  afterAll(async () => {
    await app?.stop();
  });

  const snapshot = async () => {
    const out: Record<string, string[]> = {};
    for (const t of ['audit_log', 'audit_entity_state']) out[t] = (await app.infra.db.knex(t).select('*')).map((r) => JSON.stringify(r)).sort();
    return out;
  };

  it('gives the same rows, before/after values included, whatever the batch size', async () => {
    const ok = async (method: string, url: string, body?: unknown) => {
      const res = await call(app, method, url, admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // Add, change twice (with a tab and a backslash in a text value), delete: every kind of audit row.
    const first = await ok('POST', '/api/currency', { fiscalYear: 2031, currencyUnit: 'USD', rate: 150.5 });
    await ok('POST', '/api/currency', { ...first.currency, rate: 151.25 });
    await ok('POST', '/api/currency', { id: first.currency.id, fiscalYear: 2031, currencyUnit: 'USD', rate: 152, expectedVersion: first.currency.version + 1 });
    const other = await ok('POST', '/api/currency', { fiscalYear: 2031, currencyUnit: 'EUR', rate: 160 });
    await ok('DELETE', `/api/currency/${other.currency.id}`);
    await ok('POST', '/api/offset', { type: 'J\tCM \\ x', particularNumberFrom: 'A-1', particularNumberTo: 'A-9', invalidOrRelocationQuantity: 9, invalidOrRelocationDate: '2025-05-01', authType: '無効化' });
    const { fiscalYearId } = (await ok('GET', '/api/fiscal-year')).fiscalYear;
    await ok('POST', '/api/fiscal-year', { fiscalYearId, startMonth: 1 });

    const before = await snapshot();
    const changed = before.audit_log!.map((r) => JSON.parse(r) as { type: string; changes: { field: string; before: unknown; after: unknown }[] });
    expect(changed.find((r) => r.type === 'CurrencyRateChanged' && r.changes.some((c) => c.before === 151.25 && c.after === 152))).toBeTruthy();

    for (const batchSize of [7, 5000]) {
      await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: ['audit'], batchSize });
      expect(await snapshot(), `batch size ${batchSize}`).toEqual(before);
    }
  });
});
