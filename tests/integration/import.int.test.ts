import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * Linked data imported end to end over HTTP, on each backend: rules classify the records, a file
 * is all or nothing, re-importing updates by source key, undo withdraws, rules re-applied restate.
 *
 * Arithmetic of the file below (fiscal year 2025, April start):
 *   row 2: ¥1,000,000 of stationery, spend-based 3.2 t-CO2e per ¥1,000,000 → 3,200 kg
 *   row 3: 1,000 L of diesel × 2.58 kg-CO2/L                                → 2,580 kg
 *   row 4: a donation, excluded by rule                                      →     0 kg
 *   total 5,780 kg
 */
const HEADER = '取引日,伝票番号,行番号,内容,取引先名,取引数量,単位,取引金額,通貨,社内部署,勘定科目コード,エネルギー種別';
const ROWS = [
  '2025/4/1,S1,1,事務用品,株式会社山田商事,,,1000000,JPY,第一工場,5210,',
  '2025-05-10,S2,1,軽油,出光興産,1000,L,150000,,第二工場,5300,軽油',
  '令和7年6月1日,S3,1,寄付,,,,50000,,経理部,9999,',
];
const csv = (rows: readonly string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;

describeOnBackends('importing linked data', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let spendRule: { ruleId: string; version: number };

  const upload = async (fileName: string, body: string | Buffer, options: { token?: string; dryRun?: boolean; key?: string; type?: string } = {}) => {
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/import?sourceType=standard&fileName=${encodeURIComponent(fileName)}${options.dryRun ? '&dryRun=true' : ''}`,
      headers: { authorization: `Bearer ${options.token ?? users.admin}`, 'content-type': options.type ?? 'text/csv', ...(options.key ? { 'idempotency-key': options.key } : {}) },
      payload: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const history = async () => (await call(app, 'GET', '/api/import/history', users.admin)).body.imports as { importId: string; fileName: string; status: string; created: number; updated: number; co2eKg: number }[];
  const category = async (scope: string, fiscalYear = 2025) => {
    const res = await call(app, 'GET', `/api/emission-aggregate?fiscalYear=${fiscalYear}`, users.admin);
    return (res.body.byCategory as { scopeCategory: string; co2eKg: number }[]).find((c) => c.scopeCategory === scope)?.co2eKg ?? 0;
  };
  const rule = async (body: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/import/rules', users.admin, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rule as { ruleId: string; version: number };
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    spendRule = await rule({
      name: '事務用品(勘定科目5210)',
      priority: 10,
      conditions: [{ field: 'accountCode', value: '5210' }],
      scopeCategory: '31',
      formulaId: 's3.1.spend',
      detail: { emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円', label: 'test' } },
      countFrom: 'none',
    });
    await rule({
      name: '軽油',
      priority: 20,
      conditions: [{ field: 'energyType', value: '軽油' }],
      scopeCategory: '1',
      formulaId: 's1.fuel',
      detail: { fuel: '軽油', emissionIntensity: { value: 2.58, unit: 'kg-CO2/L', label: 'test' } },
      countFrom: 'volume',
    });
    await rule({ name: '寄付(対象外)', priority: 30, conditions: [{ field: 'accountCode', value: '9999' }], action: 'exclude' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a preview checks and totals every row and writes nothing: 3,200 + 2,580 kg, one row excluded', async () => {
    const before = await category('31');
    const res = await upload('purchases-preview.csv', csv(ROWS), { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'preview', rows: 3, created: 2, updated: 0, excluded: 1, errorCount: 0, unmatchedCount: 0, encoding: 'utf-8' });
    expect(res.body.totals.co2eKg).toBeCloseTo(3200 + 2580, 6);
    expect(res.body.uploadId).toEqual(expect.any(String));
    expect(await category('31')).toBe(before);
  });

  it('imports the file: the history row, the records and the aggregate follow; the same file name again is refused', async () => {
    const before31 = await category('31');
    const before1 = await category('1');
    const res = await upload('purchases-2025.csv', csv(ROWS));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', created: 2, excluded: 1 });
    expect(await category('31')).toBeCloseTo(before31 + 3200, 6);
    expect(await category('1')).toBeCloseTo(before1 + 2580, 6);
    const row = (await history()).find((h) => h.fileName === 'purchases-2025.csv');
    expect(row).toMatchObject({ status: 'success', created: 2, updated: 0 });
    expect(row!.co2eKg).toBeCloseTo(5780, 6);
    const records = await call(app, 'GET', '/api/import/records?fiscalYear=2025', users.admin);
    expect((records.body.records as { sourceKey: string; record: Record<string, unknown> }[]).map((r) => [r.sourceKey, r.record.supplierName])).toEqual(
      expect.arrayContaining([
        ['S1|1', '株式会社山田商事'],
        ['S2|1', '出光興産'],
      ]),
    );
    const again = await upload('purchases-2025.csv', csv(ROWS));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'duplicate_file_name', message: 'Cannot import because data with the same file name already exists' });
  });

  it('a file with three bad rows is refused whole, each row named with its field; nothing is written', async () => {
    const before = await category('31');
    const bad = [
      '2025/4/31,B1,1,事務用品,株式会社山田商事,,,1000,JPY,第一工場,5210,', // no 31 April
      '2025/4/2,B2,1,事務用品,株式会社山田商事,,,12a,JPY,第一工場,5210,',
      '2025/4/3,B3,1,事務用品,株式会社山田商事,,,-500,JPY,第一工場,5210,',
      '2025/4/4,B4,1,事務用品,株式会社山田商事,,,2000,JPY,第一工場,5210,',
    ];
    const res = await upload('bad-rows.csv', csv(bad));
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect((res.body.errors as { row: number; field: string; code: string }[]).map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'transactionDate', 'invalid_date'],
      [3, 'amount', 'invalid_number'],
      [4, 'amount', 'negative_amount'],
    ]);
    expect(await category('31')).toBe(before);
    expect((await history()).some((h) => h.fileName === 'bad-rows.csv')).toBe(false);
  });

  it('an unclassified record refuses the file and is listed with the conditions a rule would take', async () => {
    const res = await upload('unmatched.csv', csv(['2025/4/5,U1,1,謎の費用,,,,1000,JPY,第一工場,7777,']));
    expect(res.status).toBe(400);
    expect(res.body.unmatched).toEqual([expect.objectContaining({ conditions: [{ field: 'accountCode', value: '7777' }], count: 1, rows: [2] })]);
  });

  it('re-importing the same records under another name updates by source key: unchanged, then one updated', async () => {
    const same = await upload('purchases-2025-copy.csv', csv(ROWS));
    expect(same.body).toMatchObject({ status: 'success', created: 0, updated: 0, unchanged: 2 });
    const changed = await upload('purchases-2025-fix.csv', csv([ROWS[0]!.replace('1000000', '2000000'), ROWS[1]!, ROWS[2]!]));
    expect(changed.body).toMatchObject({ status: 'success', created: 0, updated: 1, unchanged: 1 });
    expect(changed.body.totals.co2eKg).toBeCloseTo(3200, 6); // 6,400 − 3,200
  });

  it('undo withdraws an import: the updated line goes back (3,200 kg), then the first import’s lines go', async () => {
    const before31 = await category('31');
    const fix = (await history()).find((h) => h.fileName === 'purchases-2025-fix.csv')!;
    const undone = await call(app, 'POST', '/api/import/undo', users.admin, { importId: fix.importId });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ removed: 0, restored: 1 });
    expect(await category('31')).toBeCloseTo(before31 - 3200, 6);
    expect((await history()).find((h) => h.importId === fix.importId)?.status).toBe('undone');
    const twice = await call(app, 'POST', '/api/import/undo', users.admin, { importId: fix.importId });
    expect(twice.status).toBe(409);
    // The file name is free again once its import is undone.
    expect((await upload('purchases-2025-fix.csv', csv(ROWS), { dryRun: true })).status).toBe(200);
  });

  it('a rule changed and re-applied restates the import’s lines, showing the totals before and after', async () => {
    const first = (await history()).find((h) => h.fileName === 'purchases-2025.csv')!;
    await rule({ ...spendRule, name: '事務用品(勘定科目5210)', priority: 10, conditions: [{ field: 'accountCode', value: '5210' }], scopeCategory: '31', formulaId: 's3.1.spend', detail: { emissionIntensity: { value: 4, unit: 't-CO2e/百万円', label: 'test v2' } }, countFrom: 'none', expectedVersion: spendRule.version });
    const preview = await call(app, 'POST', '/api/import/reapply', users.admin, { importId: first.importId, dryRun: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ status: 'preview', changed: 1 });
    expect(preview.body.before.byCategory['31']).toBeCloseTo(3200, 6);
    expect(preview.body.after.byCategory['31']).toBeCloseTo(4000, 6); // ¥1,000,000 × 4.0 t per ¥1,000,000
    const before31 = await category('31');
    const applied = await call(app, 'POST', '/api/import/reapply', users.admin, { importId: first.importId });
    expect(applied.body.status).toBe('success');
    expect(await category('31')).toBeCloseTo(before31 + 800, 6);
  });

  it('a retried upload with the same Idempotency-Key appends once and answers the first import', async () => {
    const rows = [ROWS[0]!.replace('S1,1', 'K1,1')];
    const first = await upload('keyed.csv', csv(rows), { key: 'retry-1' });
    const second = await upload('keyed.csv', csv(rows), { key: 'retry-1' });
    expect(first.body).toMatchObject({ status: 'success', created: 1 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'success', importId: first.body.importId, replayed: true });
    expect((await history()).filter((h) => h.fileName === 'keyed.csv')).toHaveLength(1);
  });

  it('two uploads of the same file at once: one imports, the other is refused as a duplicate', async () => {
    const rows = [ROWS[0]!.replace('S1,1', 'C1,1')];
    const results = await Promise.all([upload('twice.csv', csv(rows)), upload('twice.csv', csv(rows))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await history()).filter((h) => h.fileName === 'twice.csv')).toHaveLength(1);
  });

  it('a section editor cannot import a row for a section outside theirs; a bad file name and an empty file are refused', async () => {
    const res = await upload('other-section.csv', csv(['2025/4/6,E1,1,事務用品,,,,1000,JPY,経理部,5210,']), { token: users.editor });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ row: 2, field: 'department', code: 'section_not_permitted', value: '経理部' }]);
    const name = await upload('../etc/passwd', csv(ROWS));
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ code: 'invalid_file_name', message: '../etc/passwd is not a valid file name.' });
    const empty = await upload('empty.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('empty_file');
  });

  it('a header without rows, a column no format has, a currency without a rate for its fiscal year and an XLSX with two sheets are refused with what is wrong', async () => {
    const headerOnly = await upload('header-only.csv', `${HEADER}\r\n`);
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.code).toBe('no_data_rows');
    const unknown = await upload('unknown-column.csv', `${HEADER},色\r\n${ROWS[0]},赤\r\n`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.headerProblems).toEqual([{ code: 'unknown_column', column: '色' }]);
    // The demo company has a USD rate for fiscal year 2025 only: a USD amount of 2024 has none.
    const rate = await upload('usd-2024.csv', csv(['2024/6/1,R1,1,輸入部品,ACME,,,1000,USD,第一工場,1310,']));
    expect(rate.status).toBe(400);
    expect(rate.body.errors).toEqual([{ row: 2, field: 'currency', code: 'currency_rate_missing', value: 'USD' }]);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('data').addRow(HEADER.split(','));
    book.addWorksheet('memo').addRow(['note']);
    const sheets = await upload('two-sheets.xlsx', Buffer.from(await book.xlsx.writeBuffer()), { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(sheets.status).toBe(400);
    expect(sheets.body.code).toBe('several_sheets');
  });

  describe('API clients', () => {
    it('JSON rows import the same way, and a multipart upload names its file in its part', async () => {
      const json = await call(app, 'POST', '/api/import/rows', users.admin, {
        sourceType: 'standard',
        fileName: 'api-batch-1',
        header: HEADER.split(','),
        rows: [ROWS[0]!.replace('S1,1', 'J1,1').split(',').map((c) => (c === '' ? null : c))],
      });
      expect(json.status, JSON.stringify(json.body)).toBe(200);
      expect(json.body).toMatchObject({ status: 'success', created: 1, encoding: 'json' });

      const boundary = 'ghgboundary';
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="multipart.csv"\r\nContent-Type: text/csv\r\n\r\n${csv([ROWS[0]!.replace('S1,1', 'M1,1')])}\r\n--${boundary}--\r\n`,
        'utf8',
      );
      const res = await app.app.inject({ method: 'POST', url: '/api/import?sourceType=standard', headers: { authorization: `Bearer ${users.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ status: 'success', fileName: 'multipart.csv', created: 1 });
    });
  });
});
