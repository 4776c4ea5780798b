import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activityLineStreamId, canonicalJson, fiscalYearOf, kgText, microOf, microOfNumber } from '@ghg/domain';
import { runCli } from './cliProcess';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The audit pack of a filed report (docs/audit-pack.md): every file the manifest lists hashes as
 * listed, report.json is the filed hash, a line recorded after the filing is in none of its
 * files, another company's report is not found, and the round trip — the calculation CLI run on
 * the pack's calc/*.json files gives back the report's totals.
 */
describeOnBackends('the audit pack of a filed report', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;
  let report: { reportId: string; sha256: string; position: string; scope1Kg: string; scope3Kg: string };
  let content: { lines: number; position: string; scope1Kg: string; scope3Kg: string; waterKg: string; categories: { scopeCategory: string; co2eKg: string; lines: number }[] };
  let pack: JSZip;
  let packHeaders: Record<string, unknown>;
  const work = mkdtempSync(join(tmpdir(), 'ghg-audit-pack-'));
  const LATE_DEAL = 'audit-pack-late-deal';
  const USD_DEALS = ['audit-pack-usd-1', 'audit-pack-usd-2'] as const;
  let changed = '';
  let changedLater: string[] = [];

  const download = async (token: string, reportId: string) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/reports/audit-pack', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify({ reportId }) });
    return res;
  };
  const text = async (name: string) => {
    const file = pack.file(name);
    if (!file) throw new Error(`${name} is not in the pack`);
    return file.async('string');
  };
  const csv = async (name: string): Promise<Record<string, string>[]> => {
    const body = await text(name);
    expect(body.startsWith('\uFEFF'), `${name} starts with a byte-order mark`).toBe(true);
    return parse(body.slice(1), { columns: true }) as Record<string, string>[];
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    // Two spend lines in dollars, the year's USD rate changed between them: each is recalculated
    // with the rate it was calculated with (the contexts of the calc files differ by it).
    const selectedId = (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;
    const { rows: spend } = await app.infra.db.knex.raw<{ rows: { scope_setting_id: string }[] }>(
      `select scope_setting_id from emission_ledger where company_id = ? and fiscal_year = ? and formula_id = 's3.1.spend' order by deal_id limit 1`,
      [selectedId, year],
    );
    const usdLine = async (id: string) => {
      const res = await call(app, 'POST', '/api/user-input-emission', users.admin, { deal: { id, amount: 25_000, currency: 'USD', occurrenceDate: `${year}/8/1` }, scopeSetting: { id: spend[0]!.scope_setting_id, scopeCategory: '31' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const currencies = (await call(app, 'GET', '/api/currency', users.admin)).body.currencies as { id: string; fiscalYear: number; currencyUnit: string; rate: number; version: number }[];
    let usd = currencies.find((c) => c.fiscalYear === year && c.currencyUnit === 'USD');
    if (!usd) usd = (await call(app, 'POST', '/api/currency', users.admin, { fiscalYear: year, currencyUnit: 'USD', rate: 150 })).body.currency;
    await usdLine(USD_DEALS[0]);
    const changedRate = await call(app, 'POST', '/api/currency', users.admin, { id: usd!.id, fiscalYear: year, currencyUnit: 'USD', rate: usd!.rate + 10, expectedVersion: usd!.version });
    expect(changedRate.status, JSON.stringify(changedRate.body)).toBe(200);
    await usdLine(USD_DEALS[1]);

    const draft = await call(app, 'GET', `/api/reports/draft?fiscalYear=${year}`, users.admin);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    content = draft.body.content;
    expect(content.lines).toBeGreaterThan(10);
    const filed = await call(app, 'POST', '/api/reports/file', users.admin, { fiscalYear: year, regime: 'ghgProtocol', position: content.position, sha256: draft.body.sha256, note: 'audit pack' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    report = filed.body.report;

    // A line of that year recorded after the filing: it must be in no file of the pack.
    const selected = (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;
    const { rows } = await app.infra.db.knex.raw<{ rows: { scope_setting_id: string; unit: string }[] }>(
      `select scope_setting_id, deal->>'countUnit' as unit from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and deal->>'countUnit' is not null order by deal_id limit 1`,
      [selected, year],
    );
    const late = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: LATE_DEAL, count: 1000, countUnit: rows[0]!.unit, occurrenceDate: `${year}/7/1` },
      scopeSetting: { id: rows[0]!.scope_setting_id, scopeCategory: '1' },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    // And a line of the report changed after the filing: the pack has it as filed, without the later event.
    const { rows: changedRows } = await app.infra.db.knex.raw<{ rows: { deal_id: string; deal: { count: number; countUnit: string; occurrenceDate: string }; scope_setting_id: string }[] }>(
      `select deal_id, deal, scope_setting_id from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and (deal->>'count') is not null order by deal_id desc limit 1`,
      [selected, year],
    );
    changed = changedRows[0]!.deal_id;
    const before = changedRows[0]!.deal;
    const change = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: changed, count: before.count * 2, countUnit: before.countUnit, occurrenceDate: before.occurrenceDate },
      scopeSetting: { id: changedRows[0]!.scope_setting_id, scopeCategory: '1' },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const history = await app.infra.eventStore.readStream(activityLineStreamId(selected, changed));
    changedLater = history.filter((e) => e.globalPosition.commit > BigInt(report.position)).map((e) => e.id);
    expect(changedLater.length).toBeGreaterThan(0);

    // A reader downloads it (auditors read).
    const res = await download(users.viewer, report.reportId);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    packHeaders = res.headers;
    pack = await JSZip.loadAsync(res.rawPayload);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('is a ZIP named after the year and the report, whose manifest lists every other file with its bytes and SHA-256', async () => {
    expect(packHeaders['content-type']).toBe('application/zip');
    expect(packHeaders['content-disposition']).toBe(`attachment; filename="audit-pack-FY${year}-${report.reportId.slice(0, 8)}.zip"`);
    const manifest = JSON.parse(await text('manifest.json')) as { reportId: string; fiscalYear: number; position: string; reportSha256: string; files: { name: string; bytes: number; sha256: string }[] };
    expect(manifest).toMatchObject({ reportId: report.reportId, fiscalYear: year, position: report.position, reportSha256: report.sha256 });
    const inZip = Object.values(pack.files).filter((f) => !f.dir).map((f) => f.name).sort();
    expect(manifest.files.map((f) => f.name).sort()).toEqual(inZip.filter((n) => n !== 'manifest.json'));
    expect(inZip).toEqual(expect.arrayContaining(['report.json', 'report-filed.json', 'lines.csv', 'events.csv', 'factors.csv', 'formulas.csv', 'README.txt']));
    expect(inZip.filter((n) => /^calc\/.+\.json$/.test(n)).length).toBeGreaterThan(0);
    for (const f of manifest.files) {
      const bytes = await pack.file(f.name)!.async('nodebuffer');
      expect(bytes.length, f.name).toBe(f.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), f.name).toBe(f.sha256);
    }
  });

  it('holds the report as filed: report.json hashes to the filed SHA-256 and is the draft shown at the position; report-filed.json is the filing', async () => {
    const body = await text('report.json');
    expect(createHash('sha256').update(body, 'utf8').digest('hex')).toBe(report.sha256);
    expect(body).toBe(canonicalJson(content));
    expect(JSON.parse(await text('report-filed.json'))).toMatchObject({ reportId: report.reportId, position: report.position, sha256: report.sha256, note: 'audit pack', filedBy: expect.any(String), filedAt: expect.any(String) });
  });

  it('lists the lines as of the filing with their events up to it, the factors and formulas they used; the line recorded later is in no file', async () => {
    const lines = await csv('lines.csv');
    expect(lines).toHaveLength(content.lines);
    expect(lines.some((l) => l.dealId === LATE_DEAL)).toBe(false);
    for (const c of content.categories) {
      const of = lines.filter((l) => l.scopeCategory === c.scopeCategory);
      expect(of, c.scopeCategory).toHaveLength(c.lines);
      expect(kgText(of.reduce((sum, l) => sum + microOf(l.co2eKg!), 0n)), c.scopeCategory).toBe(c.co2eKg);
    }
    const events = await csv('events.csv');
    expect(events.length).toBeGreaterThanOrEqual(lines.length);
    expect(events.every((e) => BigInt(e.position!) <= BigInt(report.position))).toBe(true);
    // The line changed after the filing: its events up to the filing only, and its figure as filed.
    expect(events.filter((e) => changedLater.includes(e.eventId!))).toEqual([]);
    expect(events.filter((e) => e.stream!.endsWith(`-${changed}`)).length).toBeGreaterThan(0);
    const { companyId } = JSON.parse(await text('manifest.json')) as { companyId: string };
    expect(new Set(events.map((e) => e.stream))).toEqual(new Set(lines.map((l) => activityLineStreamId(companyId, l.dealId!))));
    expect(JSON.parse(events[0]!.data!)).toHaveProperty('calculation');
    for (const name of Object.keys(pack.files)) if (!pack.files[name]!.dir) expect((await text(name)).includes(LATE_DEAL), name).toBe(false);

    const factors = await csv('factors.csv');
    const used = new Set(lines.flatMap((l) => l.factorSets!.split(' ').filter(Boolean)));
    expect(new Set(factors.map((f) => `${f.setId}@${f.version}`))).toEqual(used);
    const formulas = await csv('formulas.csv');
    expect(formulas.map((f) => f.formulaId)).toEqual(expect.arrayContaining([...new Set(lines.map((l) => l.formulaId))]));
    expect(formulas.every((f) => f.nameEn && f.nameJa)).toBe(true);
  });

  it('round trip: the calculation CLI on the calc files gives back every line and the report’s totals by category', async () => {
    const lines = await csv('lines.csv');
    const categoryOf = new Map(lines.map((l) => [l.dealId!, l.scopeCategory!]));
    const ledgerKgOf = new Map(lines.map((l) => [l.dealId!, l.co2eKg!]));
    const calcFiles = Object.keys(pack.files).filter((n) => /^calc\/.+\.json$/.test(n));
    const byCategory = new Map<string, bigint>();
    const seen = new Set<string>();
    for (const name of calcFiles) {
      const path = join(work, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await pack.file(name)!.async('nodebuffer'));
      const run = await runCli('domain/src/calculation/cli.ts', [path, '--json'], { timeoutMs: 120_000 });
      expect(run.code, `${name}: ${run.stderr}\n${run.stdout.slice(0, 2000)}`).toBe(0);
      const batch = JSON.parse(run.stdout) as { ok: true; results: { ok: boolean; lineId: string; co2eKg: number }[] };
      for (const r of batch.results) {
        expect(r.ok, r.lineId).toBe(true);
        expect(seen.has(r.lineId), `${r.lineId} twice`).toBe(false);
        seen.add(r.lineId);
        // Per line: the engine's float, rounded to six decimals as the ledger stores it (numeric(24, 6)),
        // is the line's figure in lines.csv — to the microgram.
        const micro = microOfNumber(r.co2eKg);
        expect(kgText(micro), r.lineId).toBe(ledgerKgOf.get(r.lineId));
        const category = categoryOf.get(r.lineId)!;
        byCategory.set(category, (byCategory.get(category) ?? 0n) + micro);
      }
    }
    // The dollar lines: calculated at two rates, so in two contexts, each with the rate it was calculated at.
    const contextOfDeal = new Map<string, { currencyRates: { currencyUnit: string; rate: number }[] }>();
    for (const name of calcFiles) {
      const file = JSON.parse(await pack.file(name)!.async('string')) as { context: { currencyRates: { currencyUnit: string; rate: number }[] }; lines: { id: string }[] };
      for (const l of file.lines) contextOfDeal.set(l.id, file.context);
    }
    const usdRates = USD_DEALS.map((d) => contextOfDeal.get(d)?.currencyRates.find((r) => r.currencyUnit === 'USD')?.rate);
    expect(usdRates[1]! - usdRates[0]!).toBe(10);
    expect(Number(ledgerKgOf.get(USD_DEALS[1])) / Number(ledgerKgOf.get(USD_DEALS[0]))).toBeCloseTo(usdRates[1]! / usdRates[0]!, 9);
    // Every line of the report was recomputed, once.
    expect(seen).toEqual(new Set(lines.map((l) => l.dealId)));
    // The report sums each line's six-decimal figure exactly (domain/src/reports/decimalKg.ts), so the
    // per-line rounded CLI figures sum to its category totals exactly, not merely within a gram.
    for (const c of content.categories) expect(kgText(byCategory.get(c.scopeCategory) ?? 0n), c.scopeCategory).toBe(c.co2eKg);
    const sum = (pick: (c: string) => boolean) => kgText([...byCategory].filter(([c]) => pick(c)).reduce((s, [, kg]) => s + kg, 0n));
    expect(sum((c) => c === '1')).toBe(content.scope1Kg);
    expect(sum((c) => c === 'water')).toBe(content.waterKg);
    expect(sum((c) => c.startsWith('3'))).toBe(content.scope3Kg);
  }, 300_000);

  it('finds no report of another company, nor one that was never filed', async () => {
    const other = await download(users.logistics, report.reportId);
    expect([other.statusCode, JSON.parse(other.body).code]).toEqual([404, 'report_not_found']);
    const none = await download(users.viewer, '00000000-0000-4000-8000-000000000000');
    expect([none.statusCode, JSON.parse(none.body).code]).toEqual([404, 'report_not_found']);
  });
});
