import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * Issue 16 §1: a view as of a past moment is what the product would have shown then — not only
 * the ledger's lines but the organisation and the settings the views read: the companies and their
 * weights, the group's consolidation approach, the sections, offsets, flags, intensities and their
 * values, and the reduction goals. Each list's answer as of a position must equal the answer the
 * list gave when the log stood there (captured here), after every one of them has been changed.
 */
describeOnBackends('the organisation and settings as of a moment', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = async (url: string, token = users.admin) => {
    const res = await call(app, 'GET', url, token);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await call(app, method, url, users.admin, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const withAsOf = (url: string, asOf: string) => `${url}${url.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(asOf)}`;
  const reflected = async () => (await get('/api/as-of/moments?limit=3')).reflected as string;

  /** Every list the views read besides the ledger, and the group's and the company's totals. */
  const lists = [
    '/api/company-section',
    '/api/authorized-company-section',
    '/api/group-flag',
    '/api/intensity',
    '/api/management-intensity',
    `/api/reduction-goal`,
    `/api/emission-totals?fromYear=${year}&of=group&groupBy=company`,
    `/api/emission-totals?fromYear=${year}&of=group&approach=equity_share&groupBy=company,section`,
    `/api/emission-totals?fromYear=${year - 1}&toYear=${year + 1}&groupBy=fiscalYear`,
  ];
  /** A totals answer carries the position it was read at; the rest is what the screen shows. */
  const shown = (body: Record<string, unknown>) => {
    const { asOf: _asOf, ...rest } = body;
    return rest;
  };

  it('as of the current position, every list answers what it answers now', async () => {
    const now = await reflected();
    for (const url of lists) expect(shown(await get(withAsOf(url, now))), url).toEqual(shown(await get(url)));
  });

  it('after the organisation and settings change, each list as of the earlier position answers what it answered then', async () => {
    const before = await reflected();
    const then = new Map<string, Record<string, unknown>>();
    for (const url of lists) then.set(url, await get(url));

    const sections = (await get('/api/company-section')).companySections as { id: string; name: string; parentSection: string | null }[];
    const top = sections.find((s) => s.parentSection === null)!;
    const renamed = sections.find((s) => s.parentSection === top.id)!;
    await ok('POST', '/api/company-section', { section: { id: renamed.id, name: `${renamed.name}（旧）`, parentSection: top.id } });
    const created = (await ok('POST', '/api/company-section', { section: { name: '過去にはない部門', parentSection: top.id } })).companySection as { id: string };
    const { companies } = (await get('/api/companies')) as { companies: { id: string }[] };
    await ok('PUT', '/api/company/consolidation', { companyId: companies[1]!.id, equitySharePercent: 35, controlApproach: 'equity_share' });
    await ok('POST', '/api/group/consolidation-approach', { approach: 'equity_share' });
    await ok('POST', '/api/company', { name: 'Demo Later Co., Ltd.', region: 'UK' });
    await ok('POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: 'AS-1', particularNumberTo: 'AS-9', invalidOrRelocationQuantity: 7, invalidOrRelocationDate: `${year}-06-30`, authType: '無効化' });
    const intensity = (await ok('POST', '/api/intensity', { name: '過去にはない原単位', unit: 'm2' })).intensity as { id: string };
    await ok('POST', '/api/management-intensity', { intensityId: intensity.id, fiscalYear: year, value: 1234.5 });
    const flag = (await ok('POST', '/api/group-flag', { name: '過去にはないフラグ', sectionIds: [created.id] })).groupFlag as { id: string };
    await ok('POST', '/api/reduction-goal', { reductionGoals: [{ id: null, scopeCategory: '1', goalYear: 2098, goalEmission: 540, targetYear: 2013, targetEmission: 1000 }] });

    // Now: each change shows.
    const nowSections = (await get('/api/company-section')).companySections as { id: string; name: string }[];
    expect(nowSections.find((s) => s.id === renamed.id)?.name).toBe(`${renamed.name}（旧）`);
    expect(nowSections.some((s) => s.id === created.id)).toBe(true);
    expect(((await get('/api/group-flag')).groupFlags as { id: string }[]).some((f) => f.id === flag.id)).toBe(true);
    const groupNow = await get(lists[6]!);
    expect(groupNow.approach).toBe('equity_share');

    // As of the position before them: exactly what the lists answered then.
    for (const url of lists) expect(shown(await get(withAsOf(url, before))), url).toEqual(shown(then.get(url)!));
    // The group's figures then were consolidated by the approach chosen then, with the weights then.
    const groupThen = await get(withAsOf(lists[6]!, before));
    expect(groupThen.approach).toBe(then.get(lists[6]!)!.approach);
    expect((groupThen.companies as { companyId: string }[]).map((c) => c.companyId)).toEqual((then.get(lists[6]!)!.companies as { companyId: string }[]).map((c) => c.companyId));
    // A section that did not exist then cannot be asked for then.
    const unknown = await call(app, 'GET', withAsOf(`/api/emission-totals?fromYear=${year}&sectionId=${created.id}`, before), users.admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('unknown_section');
    expect((await call(app, 'GET', `/api/emission-totals?fromYear=${year}&sectionId=${created.id}`, users.admin)).status).toBe(200);
    await ok('POST', '/api/group/consolidation-approach', { approach: 'operational' });
  });

  it('a date-time finds the last change of a section too, not only of a line', async () => {
    const created = (await ok('POST', '/api/company-section', { section: { name: '時刻で探す部門', parentSection: null } })).companySection as { id: string };
    const [row] = (await app.infra.db.knex.raw<{ rows: { at: Date | string; position: string }[] }>(
      `select occurred_at as at, position::text as position from audit_log where type = 'CompanySectionCreated' and entity_id = ?`,
      [created.id],
    )).rows;
    const at = new Date(row!.at);
    const listed = async (asOf: string) => ((await get(withAsOf('/api/company-section', asOf))).companySections as { id: string }[]).some((s) => s.id === created.id);
    expect(await listed(at.toISOString())).toBe(true);
    expect(await listed(new Date(at.getTime() - 1).toISOString())).toBe(false);
    expect(await listed(row!.position)).toBe(true);
    expect(await listed(String(BigInt(row!.position) - 1n))).toBe(false);
    // The moments list it as a change of a record, with no line.
    expect((await get(`/api/as-of/moments?from=${row!.position}&to=${row!.position}`)).moments).toEqual([expect.objectContaining({ position: row!.position, lines: 0, records: 1 })]);
  });

  it('the lines behind a total as of a moment are the lines of then: a late line left out, a changed line as it was', async () => {
    const table = async (asOf?: string) => {
      const res = await call(app, 'POST', '/api/user-input-table-data', users.admin, { fiscalYear: year, scopeId: '2', scope2EmissionIntensityType: 'location', ...(asOf ? { asOf } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { lines: { dealId: string; scopeSettingId: string; co2eKg: number; deal: { count: number; countUnit: string; occurrenceDate: string } }[]; withoutBasis: number };
    };
    const before = await reflected();
    const then = await table();
    expect(then.lines.length).toBeGreaterThan(0);
    // As of now, the lines as of the newest position are the ledger's, field for field.
    expect(await table(before)).toEqual(then);

    const changed = then.lines[0]!;
    await ok('POST', '/api/user-input-emission', { deal: { ...changed.deal, id: changed.dealId, count: changed.deal.count * 2 }, scopeSetting: { id: changed.scopeSettingId, scopeCategory: '2' } });
    const late = (await ok('POST', '/api/user-input-emission', {
      deal: { id: 'as-of-late-line', count: 1000, countUnit: changed.deal.countUnit, occurrenceDate: changed.deal.occurrenceDate },
      scopeSetting: { id: changed.scopeSettingId, scopeCategory: '2' },
    })).line as { dealId: string };
    const now = await table();
    expect(now.lines.some((l) => l.dealId === late.dealId)).toBe(true);
    expect(now.lines.find((l) => l.dealId === changed.dealId)!.co2eKg).toBeCloseTo(changed.co2eKg * 2, 6);
    // As of the moment before: exactly the table of then.
    expect(await table(before)).toEqual(then);
    // And its lines add up to the total of then, as the views show it (kg to the microgram).
    const totalThen = (await get(withAsOf(`/api/emission-totals?fromYear=${year}&categories=2&basis=location`, before))).total as { co2eKg: number; lines: number };
    expect(then.lines.length).toBe(totalThen.lines - then.withoutBasis);
    expect(then.lines.reduce((kg, l) => kg + l.co2eKg, 0)).toBeCloseTo(totalThen.co2eKg, 3);
    const ahead = await call(app, 'POST', '/api/user-input-table-data', users.admin, { fiscalYear: year, scopeId: '2', asOf: String(BigInt(await reflected()) + 1000n) });
    expect(ahead.status).toBe(409);
    expect(ahead.body.code).toBe('as_of_ahead');
  });

  it('a position not reflected yet is 409 as_of_ahead on every list; a malformed asOf is 400', async () => {
    const ahead = String(BigInt(await reflected()) + 1000n);
    for (const url of lists) {
      const res = await call(app, 'GET', withAsOf(url, ahead), users.admin);
      expect(res.status, url).toBe(409);
      expect(res.body.code, url).toBe('as_of_ahead');
      expect((await call(app, 'GET', withAsOf(url, 'yesterday'), users.admin)).status, url).toBe(400);
    }
  });

  it("as of a moment, another company's records stay out of reach: the viewer's lists are their company's", async () => {
    const now = await reflected();
    const admin = (await get(withAsOf('/api/emission-totals?fromYear=' + year + '&of=group&groupBy=company', now))).companies as unknown[];
    const viewer = (await get(withAsOf('/api/emission-totals?fromYear=' + year + '&of=group&groupBy=company', now), users.viewer)).companies as unknown[];
    expect(viewer.length).toBeLessThan(admin.length);
    expect(shown(await get(withAsOf('/api/company-section', now), users.logistics))).toEqual(shown(await get('/api/company-section', users.logistics)));
  });
});
