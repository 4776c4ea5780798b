import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeOnBackends, login, type RunningApp } from './embeddedApp';

/**
 * Through the whole embedded app: a read-model table that refuses a value
 * makes the currency projection fail; it is marked failed, GET /api/health says so (details for
 * administrators only), and commands neither wait for it nor stop the other read models.
 */
const CURRENCY = 'settings/currency';

describeOnBackends('failed projections and GET /api/health', (start) => {
  let app: RunningApp;
  let admin: string;
  let viewer: string;
  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
    viewer = await login(app, 'viewer@demo.example');
  });
  afterAll(async () => app?.stop());

  const health = (token?: string) => call(app, 'GET', '/api/health', token);
  const timed = async <T>(fn: () => Promise<T>) => {
    const started = performance.now();
    const result = await fn();
    return { result, ms: performance.now() - started };
  };

  it('reports every projection ok while the log applies', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.projections.map((p: { name: string }) => p.name)).toContain(CURRENCY);
    expect(res.body.projections.every((p: { status: string; checkpoint: string | null }) => p.status === 'ok' && p.checkpoint !== null)).toBe(true);
  });

  it('marks a projection failed on an event its table refuses, shows it, and stops commands waiting for it', async () => {
    // Stands in for a column too narrow for a value the contract accepts (PostgreSQL's "numeric field overflow").
    await app.infra.db.knex.raw('alter table currency_rates add constraint health_test_rate_cap check (rate < 1000) not valid');
    const poisoned = await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2041, currencyUnit: 'NOK', rate: 5000 });
    expect(poisoned.status, JSON.stringify(poisoned.body)).toBe(200);

    // The command waited through the retries at most (2 s); by then the projection is marked.
    const deadline = Date.now() + 5000;
    let res = await health();
    while (res.status !== 503 && Date.now() < deadline) res = (await new Promise((r) => setTimeout(r, 50)), await health());
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('degraded');
    const publicView = res.body.projections.find((p: { name: string }) => p.name === CURRENCY);
    expect(publicView).toEqual({ name: CURRENCY, status: 'failed', checkpoint: expect.any(String) });
    expect(res.body.projections.filter((p: { status: string }) => p.status === 'failed')).toHaveLength(1);

    // An administrator sees the event and the error; a viewer the public answer, and a bad token is not a 401.
    const detail = (await health(admin)).body.projections.find((p: { name: string }) => p.name === CURRENCY).failure;
    expect(detail).toMatchObject({
      position: expect.stringMatching(/^\d+\/\d+$/),
      eventId: expect.any(String),
      eventType: 'CurrencyRateAdded',
      streamId: expect.any(String),
      // The database's reason, without the SQL knex puts in front of it.
      error: 'new row for relation "currency_rates" violates check constraint "health_test_rate_cap"',
      attempts: 3,
    });
    expect(Date.parse(detail.firstFailedAt)).toBeLessThanOrEqual(Date.parse(detail.lastFailedAt));
    const stored = (await app.infra.eventStore.readAll()).find((e) => e.id === detail.eventId)!;
    expect(detail.position).toBe(`${stored.globalPosition.commit}/${stored.globalPosition.prepare}`);
    expect((await health(viewer)).body.projections.find((p: { name: string }) => p.name === CURRENCY)).toEqual(publicView);
    expect((await health('not-a-token')).status).toBe(503);
    // An event of another group (tenant): its stream and error are not theirs to see.
    await app.infra.db.knex('projection_failures').update({ tenant_id: 'another-group' });
    expect((await health(admin)).body.projections.find((p: { name: string }) => p.name === CURRENCY)).toEqual(publicView);

    // Later commands answer at once, and the other read models still follow them.
    const intensity = await timed(() => call(app, 'POST', '/api/intensity', admin, { name: '延床面積', unit: 'm2' }));
    expect(intensity.result.status, JSON.stringify(intensity.result.body)).toBe(200);
    expect(intensity.ms).toBeLessThan(1000);
    const intensities = (await call(app, 'GET', '/api/intensity', admin)).body.intensities as { name: string }[];
    expect(intensities.map((i) => i.name)).toContain('延床面積');
    const currency = await timed(() => call(app, 'POST', '/api/currency', admin, { fiscalYear: 2041, currencyUnit: 'DKK', rate: 20 }));
    expect(currency.result.status).toBe(200);
    expect(currency.ms).toBeLessThan(1000);
    expect(app.runner.failedProjections()).toEqual([CURRENCY]);
  });
});
