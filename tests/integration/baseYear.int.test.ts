import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/**
 * The base year and its recalculation (issue 16, GHG Protocol Corporate Standard ch. 5): set at a
 * position; a late line in the base year moves it, flagged when past the threshold, with the event
 * that did it; a restatement records it again with its reason, the original record stays; the
 * records survive a rebuild.
 */
describeOnBackends('the base year and its recalculation', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // A complete year of the demo data, two years back.
  const baseYear = fiscalYearOf(new Date(), 4) - 2;
  type BaseYear = {
    baseYear: number | null;
    thresholdPercent: number;
    records: { kind: string; position: string; previousPosition: string | null; figures: { totalKg: string }; reason: string | null; note: string | null }[];
    now: { content: { position: string }; sha256: string; figures: { totalKg: string } } | null;
    change: { changeKg: string; changePercent: number | null; significant: boolean } | null;
    lines: { dealId: string; differenceKg: string; events: { type: string }[] }[];
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = async () => {
    const res = await call(app, 'GET', '/api/base-year', users.viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as BaseYear;
  };

  it('is set from the draft shown; a late line moves it past the threshold and names its event; a restatement records it again and keeps the original', async () => {
    expect((await get()).baseYear).toBeNull();
    const draft = (await call(app, 'GET', `/api/reports/draft?fiscalYear=${baseYear}`, users.admin)).body as { content: { position: string; lines: number }; sha256: string };
    expect(draft.content.lines).toBeGreaterThan(10);
    const shown = { baseYear, thresholdPercent: 0.5, position: draft.content.position, sha256: draft.sha256 };
    expect((await refusedCall(app, 'POST', '/api/base-year', users.viewer, shown)).status).toBe(403);
    expect((await refusedCall(app, 'POST', '/api/base-year', users.admin, { ...shown, sha256: 'f'.repeat(64) })).body.code).toBe('report_changed');
    const set = await call(app, 'POST', '/api/base-year', users.admin, shown);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const first = await get();
    expect(first).toMatchObject({ baseYear, thresholdPercent: 0.5, change: { changeKg: '0.000000', significant: false }, lines: [] });
    expect(first.records).toEqual([expect.objectContaining({ kind: 'set', position: draft.content.position, previousPosition: null })]);
    // Now (a later position: the base year's own event came since) the figures are those recorded.
    expect(first.now!.figures).toEqual(first.records[0]!.figures);

    // A line found late in the base year, with a scope-1 setting the demo already uses that year.
    const { rows } = await app.infra.db.knex.raw<{ rows: { scope_setting_id: string; unit: string }[] }>(
      `select scope_setting_id, deal->>'countUnit' as unit from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and deal->>'countUnit' is not null order by deal_id limit 1`,
      [(await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId, baseYear],
    );
    const late = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: 'base-year-late', count: 5000, countUnit: rows[0]!.unit, occurrenceDate: `${baseYear}/10/1` },
      scopeSetting: { id: rows[0]!.scope_setting_id, scopeCategory: '1' },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const moved = await get();
    const recordedKg = Number(first.records[0]!.figures.totalKg);
    const lineKg = Number(moved.lines[0]!.differenceKg);
    expect(lineKg).toBeGreaterThan(0);
    expect(Number(moved.change!.changeKg)).toBeCloseTo(lineKg, 6);
    expect(moved.change!.changePercent).toBeCloseTo((100 * lineKg) / recordedKg, 9);
    // Significant when the line is more than 0.5 % of the recorded total.
    expect(moved.change!.significant).toBe(lineKg * 100 > 0.5 * recordedKg);
    expect(moved.lines).toEqual([expect.objectContaining({ dealId: 'base-year-late', events: [expect.objectContaining({ type: 'ActivityLineRecorded' })] })]);

    const restatement = { position: moved.now!.content.position, sha256: moved.now!.sha256, reason: 'error', note: 'A diesel invoice of October found in the 2026 audit' };
    expect((await refusedCall(app, 'POST', '/api/base-year/restate', users.admin, { ...restatement, note: ' ' })).body.code).toBe('note_required');
    expect((await call(app, 'POST', '/api/base-year/restate', users.admin, restatement)).status).toBe(200);
    expect((await refusedCall(app, 'POST', '/api/base-year/restate', users.admin, restatement)).body.code).toBe('restatement_not_later');
    const again = (await get()).now!;
    expect((await refusedCall(app, 'POST', '/api/base-year/restate', users.admin, { ...restatement, position: again.content.position, sha256: again.sha256 })).body.code).toBe('restatement_unchanged');
    const restated = await get();
    expect(restated.records).toEqual([
      expect.objectContaining({ kind: 'set', position: draft.content.position, figures: first.records[0]!.figures }),
      expect.objectContaining({ kind: 'restated', position: restatement.position, previousPosition: draft.content.position, reason: 'error', note: restatement.note }),
    ]);
    expect(restated.change).toMatchObject({ changeKg: '0.000000', significant: false });

    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: allProjections.map((p) => p.name) });
    expect(await get()).toEqual(restated);
    await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'base-year-late' } });
  });
});
