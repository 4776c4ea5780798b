import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/**
 * POST /api/export-emission-by-scope-data on the demo tenant's lines: the file holds one row per
 * line of the chosen scopes and a total row per scope, and those totals are the views' totals
 * (GET /api/emission-totals) to the gram; CSV with a BOM, XLSX one sheet per scope with numbers
 * as numbers; no scope chosen is refused with the product's message.
 */
describeOnBackends('export by scope', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // Every demo company's year starts in April; the demo seeds the current year's complete months.
  const year = fiscalYearOf(new Date(), 4) - 1;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const exportFile = async (body: Record<string, unknown>) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/export-emission-by-scope-data', headers: { authorization: `Bearer ${users.admin}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { headers: res.headers, bytes: res.rawPayload };
  };
  const scopeTotals = async (basis: string) => {
    const res = await call(app, 'GET', `/api/emission-totals?fromYear=${year}&basis=${basis}&groupBy=scope`, users.admin);
    return res.body as { rows: { scope: string; co2eKg: number; lines: number }[] };
  };

  it('writes a CSV with a BOM, Japanese headings, a row per line and a total row per scope equal to the views’ totals', async () => {
    const { headers, bytes } = await exportFile({ targetYear: year, fileType: 'csv', selectedScopes: ['1', '2', '3'] });
    expect(String(headers['content-type'])).toContain('text/csv');
    expect(String(headers['content-disposition'])).toContain(`emissions-${year}-1-2-3.csv`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
    expect(lines[0]!.slice(0, 3)).toEqual(['カテゴリコード', 'カテゴリ', '日付']);
    const kgColumn = lines[0]!.indexOf('排出量（kg-CO2e）');
    const totals = await scopeTotals('location');
    for (const scope of ['1', '2', '3']) {
      const expected = totals.rows.find((r) => r.scope === scope)!;
      const totalRow = lines.find((l) => l[0] === scope && l[1] === '合計')!;
      expect(Number(totalRow[kgColumn]), scope).toBeCloseTo(expected.co2eKg, 6);
    }
    const dataRows = lines.slice(1).filter((l) => l[1] !== '合計');
    expect(dataRows.length).toBe(totals.rows.filter((r) => ['1', '2', '3'].includes(r.scope)).reduce((n, r) => n + r.lines, 0));
    // Announced ahead for the page's progress: exactly the line rows the file then holds.
    expect(headers['x-export-lines']).toBe(String(dataRows.length));
  });

  it('writes an XLSX with one sheet per scope, numbers as numbers, Scope 2 on the market basis when asked', async () => {
    const { headers, bytes } = await exportFile({ targetYear: year, fileType: 'xlsx', selectedScopes: ['2', '31'], basis: 'market' });
    expect(String(headers['content-type'])).toContain('spreadsheetml');
    const announced = Number(headers['x-export-lines']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['2 スコープ2', '31 スコープ3 カテゴリ1：購入した製品・サービス'.slice(0, 31)]);
    const market = await call(app, 'GET', `/api/emission-totals?fromYear=${year}&basis=market&groupBy=category&categories=2,31`, users.admin);
    for (const sheet of book.worksheets) {
      const last = sheet.getRow(sheet.rowCount);
      const code = String(last.getCell(1).value);
      expect(last.getCell(2).value).toBe('合計');
      const kg = last.getCell(10).value;
      expect(typeof kg).toBe('number');
      expect(kg as number).toBeCloseTo((market.body.rows as { scopeCategory: string; co2eKg: number }[]).find((r) => r.scopeCategory === code)!.co2eKg, 6);
      expect(typeof sheet.getRow(2).getCell(10).value).toBe('number');
    }
    // Scope-2 lines without a market figure are neither written nor announced: a heading and a total row per sheet besides.
    expect(book.worksheets.reduce((n, sheet) => n + sheet.rowCount - 2, 0)).toBe(announced);
  });

  it('refuses an export with no scope chosen, in the product’s words', async () => {
    const res = await refusedCall(app, 'POST', '/api/export-emission-by-scope-data', users.admin, { targetYear: year, fileType: 'csv', selectedScopes: [] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'no_item_selected', message: 'Export needs at least one item selected' });
  });
});
