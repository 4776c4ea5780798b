import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { asOfRecordTopics, thinnedIndexes } from '@ghg/projector';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * GET /api/as-of/moments (issue 16 §1, the as-of time slider): the selected company's ledger
 * changes, organisation and settings changes, filed reports and base-year records as commit
 * positions with their times, checked
 * against the read models with SQL written here; thinned evenly when asked for fewer; one step
 * back from the newest moment undoes exactly the newest line; another company's never answered.
 */
describeOnBackends('the moments of the as-of time slider', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;
  interface Moment {
    position: string;
    at: string;
    lines: number;
    reports: number;
    records: number;
  }
  interface Moments {
    moments: Moment[];
    count: number;
    thinned: boolean;
    reflected: string;
  }

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const moments = async (query = '', token = users.admin): Promise<Moments> => {
    const res = await call(app, 'GET', `/api/as-of/moments${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Moments;
  };
  const companyOf = async (token: string) => (await call(app, 'GET', '/api/auth-user', token)).body.user.selectedCompanyId as string;
  const sql = async <T>(text: string, bindings: unknown[]): Promise<T[]> => (await app.infra.db.knex.raw<{ rows: T[] }>(text, bindings as never)).rows;
  /** Every position the company's figures changed at, from the read models themselves, in order. */
  const positionsOf = async (companyId: string) =>
    (
      await sql<{ p: string }>(
        `select m.p::text as p from (select valid_from as p from emission_ledger_history where company_id = ?
                                     union select position from audit_log where company_id = ? and topic = any(?::text[])
                                     union select position from filed_reports where company_id = ?
                                     union select position from base_year_records where company_id = ?) m order by m.p`,
        [companyId, companyId, [...asOfRecordTopics], companyId, companyId],
      )
    ).map((r) => r.p);

  it('answers each position a line of the company changed at, with its time and how many lines, in order', async () => {
    const company = await companyOf(users.admin);
    const expected = await positionsOf(company);
    expect(expected.length).toBeGreaterThan(100);
    const all = await moments(`?limit=500`);
    expect(all.count).toBe(expected.length);
    if (expected.length <= 500) {
      expect(all.thinned).toBe(false);
      expect(all.moments.map((m) => m.position)).toEqual(expected);
    }
    // The first moment: the demo company's registration or first section or line, the earliest
    // event's time there, with how many lines and records changed there, counted here by SQL.
    const [first] = await sql<{ at: Date | string; lines: string; records: string }>(
      `select min(m.at) as at, sum(m.lines)::text as lines, sum(m.records)::text as records
         from (select occurred_at as at, 1 as lines, 0 as records from emission_ledger_history where company_id = ? and valid_from = ?::bigint
               union all
               select occurred_at, 0, 1 from audit_log where company_id = ? and position = ?::bigint and topic = any(?::text[])) m`,
      [company, expected[0], company, expected[0], [...asOfRecordTopics]],
    );
    expect(all.moments[0]).toEqual({ position: expected[0], at: new Date(first!.at).toISOString(), lines: Number(first!.lines), reports: 0, records: Number(first!.records) });
    // A section's creation is a moment of its own, with no line.
    const [section] = await sql<{ p: string }>(`select position::text as p from audit_log where company_id = ? and type = 'CompanySectionCreated' order by position limit 1`, [company]);
    expect((await moments(`?from=${section!.p}&to=${section!.p}`)).moments).toEqual([expect.objectContaining({ position: section!.p, lines: 0, records: 1, reports: 0 })]);
    // Positions never ahead of the temporal ledger.
    expect(BigInt(all.moments.at(-1)!.position) <= BigInt(all.reflected)).toBe(true);
  });

  it('thins a long history evenly to the limit, keeping the first, the one before the newest and the newest', async () => {
    const expected = await positionsOf(await companyOf(users.admin));
    const five = await moments('?limit=5');
    expect(five).toMatchObject({ count: expected.length, thinned: true });
    // The ranks thinnedIndexes keeps: e.g. of 290 moments, s = 288 ÷ 3 = 96: ranks 0, 96, 192, 288 and 289.
    expect(five.moments.map((m) => m.position)).toEqual(thinnedIndexes(expected.length, 5).map((i) => expected[i]));
    expect(five.moments.map((m) => m.position)).toEqual([expected[0], expected[Math.round((expected.length - 2) / 3)], expected[Math.round((2 * (expected.length - 2)) / 3)], expected.at(-2), expected.at(-1)]);
    const three = await moments('?limit=3');
    expect(three.moments.map((m) => m.position)).toEqual([expected[0], expected.at(-2), expected.at(-1)]);
    // The default is 300, the most 500; fewer than 3 or more than 500 are invalid args.
    expect((await moments()).moments).toHaveLength(Math.min(300, expected.length));
    for (const bad of ['?limit=2', '?limit=501', '?limit=x', '?from=yesterday', '?to=-1'])
      expect((await call(app, 'GET', `/api/as-of/moments${bad}`, users.admin)).status, bad).toBe(400);
  });

  it('narrows to from … to, by position or by time, both inclusive', async () => {
    const expected = await positionsOf(await companyOf(users.admin));
    const [a, b] = [expected[10]!, expected[20]!];
    const range = await moments(`?from=${a}&to=${b}&limit=500`);
    expect(range.moments.map((m) => m.position)).toEqual(expected.slice(10, 21));
    expect(range.count).toBe(11);
    // By time: from the 11th moment's time on; the times never go back.
    const from = (await moments(`?from=${a}&to=${a}`)).moments[0]!.at;
    const later = await moments(`?from=${encodeURIComponent(from)}&limit=500`);
    expect(later.moments.every((m) => m.at >= from)).toBe(true);
    expect(later.moments.map((m) => m.position)).toContain(a);
    // Before any line: nothing.
    expect(await moments('?to=2000-01-01T00:00:00Z')).toMatchObject({ moments: [], count: 0, thinned: false });
  });

  it('a late line is the newest moment; the one before it shows the totals without it, exactly its CO2e less', async () => {
    const company = await companyOf(users.admin);
    const [setting] = await sql<{ scope_setting_id: string; unit: string }>(
      `select scope_setting_id, deal->>'countUnit' as unit from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '2' and deal->>'countUnit' = 'kWh' order by deal_id limit 1`,
      [company, year],
    );
    expect(setting, 'a demo electricity setting').toBeDefined();
    const recorded = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: 'moments-late-line', count: 1000, countUnit: 'kWh', occurrenceDate: `${year}/7/1` },
      scopeSetting: { id: setting!.scope_setting_id, scopeCategory: '2' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const lineKg = recorded.body.line.co2eLocationKg as number;
    expect(lineKg).toBeGreaterThan(0);
    const [late] = await sql<{ p: string }>(`select valid_from::text as p from emission_ledger_history where company_id = ? and deal_id = 'moments-late-line'`, [company]);
    const after = await moments('?limit=3');
    expect(after.moments.at(-1)).toMatchObject({ position: late!.p, lines: 1, reports: 0 });
    const before = after.moments.at(-2)!;
    const totals = async (asOf: string) => (await call(app, 'GET', `/api/emission-totals?fromYear=${year}${asOf}`, users.admin)).body.total as { co2eKg: number; lines: number };
    const now = await totals('');
    const then = await totals(`&asOf=${before.position}`);
    // now − then = the late line: 1,000 kWh × the setting's location factor, one line.
    expect(now.lines - then.lines).toBe(1);
    expect(now.co2eKg - then.co2eKg).toBeCloseTo(lineKg, 6);
    expect(await totals(`&asOf=${late!.p}`)).toEqual(now);
  });

  it('a filed report is a moment of its own position', async () => {
    const draft = (await call(app, 'GET', `/api/reports/draft?fiscalYear=${year}`, users.admin)).body as { content: { position: string }; sha256: string };
    const filed = await call(app, 'POST', '/api/reports/file', users.admin, { fiscalYear: year, regime: 'ghgProtocol', position: draft.content.position, sha256: draft.sha256 });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const at = (await moments(`?from=${draft.content.position}&to=${draft.content.position}`)).moments;
    expect(at).toEqual([expect.objectContaining({ position: draft.content.position, reports: 1 })]);
  });

  it("never answers another company's moments", async () => {
    const [own, other] = [await companyOf(users.admin), await companyOf(users.logistics)];
    expect(own).not.toBe(other);
    const ourLines = new Set((await sql<{ p: string }>(`select distinct valid_from::text as p from emission_ledger_history where company_id = ?`, [own])).map((r) => r.p));
    const theirs = await moments('?limit=500', users.logistics);
    const theirPositions = await positionsOf(other);
    expect(theirs.count).toBe(theirPositions.length);
    expect(theirs.count).toBeGreaterThan(0);
    if (theirPositions.length <= 500) expect(theirs.moments.map((m) => m.position)).toEqual(theirPositions);
    // A line change is an event of one company's line stream: none of the positions our lines changed at is a moment of theirs.
    expect(theirs.moments.filter((m) => ourLines.has(m.position))).toEqual([]);
    const [late] = await sql<{ p: string }>(`select valid_from::text as p from emission_ledger_history where company_id = ? and deal_id = 'moments-late-line'`, [own]);
    expect(theirs.moments.map((m) => m.position)).not.toContain(late!.p);
  });
});
