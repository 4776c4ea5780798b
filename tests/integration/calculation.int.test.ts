import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { backends, call, login, startTestApp, type RunningApp } from './embeddedApp';

/** Calculation basis, preview calculations, factor library and company factor sets, through the whole embedded app. */

const HEADER = 'key,label_ja,label_en,label_zhHans,value,unit,stage,valid_from,valid_to,source,licence_note,category';

/** Shift_JIS bytes of a text, from the platform's own decoder (Node has no Shift_JIS encoder). */
function shiftJis(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis');
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(Uint8Array.of(lead, trail));
      if (ch.length === 1 && ch !== '\uFFFD' && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else bytes.push(...(table.get(ch) ?? (() => { throw new Error(`no Shift_JIS for ${ch}`); })()));
  }
  return Buffer.from(bytes);
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

async function xlsx(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('factors');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

for (const [name, backend] of backends) {
  describe(`calculation (${name})`, () => {
    let app: RunningApp;
    let admin: string;
    let viewer: string;
    let editor: string;
    let other: string;
    let cleanup = async () => {};
    let skip = false;

    beforeAll(async () => {
      const db = await backend();
      if (!db) {
        skip = true;
        return;
      }
      cleanup = db.cleanup;
      app = await startTestApp(db.url);
      admin = await login(app, 'admin@demo.example');
      viewer = await login(app, 'viewer@demo.example');
      editor = await login(app, 'editor@demo.example');
      other = await login(app, 'logistics@demo.example');
    });
    afterAll(async () => {
      await app?.stop();
      await cleanup();
    });

    const head = async () => String(await app.infra.eventStore.headPosition());

    it('factor library: search, filters, paging, sorting, history; GWP sets; formulas', async (ctx) => {
      if (skip) return ctx.skip();
      const diesel = await call(app, 'GET', '/api/emission-factors?q=' + encodeURIComponent('軽油'), viewer);
      expect(diesel.status).toBe(200);
      expect(diesel.body.emissionFactors.map((f: { ref: string }) => f.ref)).toContain('jp-shk:fuel.diesel');
      const d = diesel.body.emissionFactors.find((f: { ref: string }) => f.ref === 'jp-shk:fuel.diesel');
      expect(d).toMatchObject({ setId: 'jp-shk', version: 'legacy', values: [{ value: 2.58, unit: 'kg-CO2/L' }], validTo: '2023-03-31', origin: 'shipped', categories: ['1'] });
      expect(d.source.licence).toContain('著作権法');

      const freight = await call(app, 'GET', '/api/emission-factors?set=uk-desnz&scope=3&unit=tkm&sort=value&order=desc&pageSize=3&page=1', viewer);
      expect(freight.body.total).toBe(10);
      expect(freight.body.emissionFactors).toHaveLength(3);
      expect(freight.body.emissionFactors[0].key).toBe('freight.air.shortHaul.withRF');
      const page4 = await call(app, 'GET', '/api/emission-factors?set=uk-desnz&scope=3&unit=tkm&sort=value&order=desc&pageSize=3&page=4', viewer);
      expect(page4.body.emissionFactors.map((f: { key: string }) => f.key)).toEqual(['freight.bulkCarrier.average']);
      expect((await call(app, 'GET', '/api/emission-factors?q=hotel&lang=en&sort=label', viewer)).body.emissionFactors.map((f: { key: string }) => f.key)).toEqual([
        'hotel.CN',
        'hotel.JP',
        'hotel.UK',
        'hotel.US',
      ]);
      expect((await call(app, 'GET', '/api/emission-factors?pageSize=9999', viewer)).status).toBe(400);

      const history = await call(app, 'GET', '/api/emission-factors/jp-shk/fuel.cityGas/history', viewer);
      expect(history.body.versions.map((v: { version: string; values: { value: number; unit: string }[] }) => [v.version, v.values[0]])).toEqual([
        ['legacy', { value: 2.23, unit: 'kg-CO2/Nm3', stage: 'TTW' }],
        ['2024', { value: 2.05, unit: 't-CO2/千m3', stage: 'TTW' }],
      ].map(([v, x]) => [v, expect.objectContaining({ value: (x as { value: number }).value })]));
      expect((await call(app, 'GET', '/api/emission-factors/jp-shk/fuel.nothing/history', viewer)).status).toBe(404);

      const gwp = await call(app, 'GET', '/api/gwp-sets', viewer);
      expect(gwp.body.gwpSets.map((g: { id: string }) => g.id)).toEqual(['AR5', 'AR6', 'JP-SHK-2024']);
      const formulas = await call(app, 'GET', '/api/formulas', viewer);
      expect(formulas.body.formulas).toHaveLength(67);
      const fuel = formulas.body.formulas.find((f: { id: string }) => f.id === 's1.fuel');
      expect(fuel.fields.map((f: { key: string; type: string }) => `${f.key}:${f.type}`)).toEqual(['fuel:STRING', 'amount:NUMBER', 'emissionIntensity:EMISSSION_INTENSITY']);
      expect(fuel.description.en).toContain('fuel used');
      expect((await call(app, 'GET', '/api/formulas?scope=2', viewer)).body.formulas.map((f: { id: string }) => f.id)).toEqual(['s2.location', 's2.market']);
    });

    it('company factor sets: all-or-nothing uploads in BOM CSV, Shift_JIS CSV and xlsx; versions; download; invisible to another company', async (ctx) => {
      if (skip) return ctx.skip();
      const create = { setId: 'co-glec', title: { ja: 'GLEC既定値(ライセンス)', en: 'GLEC defaults (licensed)' }, citation: 'GLEC Framework v3', licence: 'licensed to the company' };
      expect((await call(app, 'POST', '/api/company-factor-sets', editor, create)).status).toBe(403);
      const created = await call(app, 'POST', '/api/company-factor-sets', admin, create);
      expect(created.status).toBe(200);
      expect(created.body.companyFactorSet).toMatchObject({ setId: 'co-glec', version: 0, entryCount: 0 });
      expect((await call(app, 'POST', '/api/company-factor-sets', admin, { ...create, setId: 'jp-shk' })).body.code).toBe('factor_set_exists');

      // A bad file: every bad row named, nothing appended.
      const before = await head();
      const bad = [HEADER, 'road.truck,トラック,truck,,0.1,kg-CO2e/tkm,TTW,,,GLEC,,34', 'road.van,,,,abc,kg-CO2e/tkm', 'road.truck,重複,,,0.2,kg-CO2e/tkm', 'rail,鉄道,,,0.02,kg-CO2e/parsec,XX,2024-13-01'].join('\r\n');
      const refused = await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'bad.csv', contentBase64: b64(bad) });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_factor_table');
      expect(refused.body.errors).toEqual([
        { row: 3, field: 'label_ja', code: 'missing_value' },
        { row: 3, field: 'value', code: 'invalid_number' },
        { row: 4, field: 'key', code: 'duplicate_key' },
        { row: 5, field: 'unit', code: 'invalid_unit' },
        { row: 5, field: 'stage', code: 'invalid_stage' },
        { row: 5, field: 'valid_from', code: 'invalid_date' },
      ]);
      expect(await head()).toBe(before);
      expect((await call(app, 'GET', '/api/company-factor-sets', admin)).body.companyFactorSets[0]).toMatchObject({ setId: 'co-glec', version: 0, versions: [] });
      expect((await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'x.xls', contentBase64: b64('whatever') })).body.errors).toEqual([
        { row: 1, field: null, code: 'unsupported_file_type' },
      ]);

      // UTF-8 with BOM → version 1.
      const v1 = `\uFEFF${[HEADER, 'road.truck,トラック,truck,卡车,0.1,kg-CO2e/tkm,TTW,2024-04-01,,GLEC,licensed,34', 'road.van,バン,van,,0.3,kg-CO2e/tkm,,,,,,34'].join('\r\n')}\r\n`;
      const up1 = await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'glec.csv', contentBase64: b64(v1), expectedVersion: 0 });
      expect(up1.status).toBe(200);
      expect(up1.body).toMatchObject({ format: 'csv-utf8-bom', rows: 2, changed: true, companyFactorSet: { version: 1, entryCount: 2 } });
      // A stale version is a conflict.
      expect((await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'glec.csv', contentBase64: b64(v1), expectedVersion: 0 })).status).toBe(409);

      // Shift_JIS, replacing the set → version 2 (van gone, truck changed).
      const sjis = shiftJis([HEADER, 'road.truck,トラック,truck,,0.2,kg-CO2e/tkm,TTW,,,自社調べ,,34'].join('\r\n'));
      const up2 = await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: '係数.csv', contentBase64: b64(sjis), mode: 'replace' });
      expect(up2.body).toMatchObject({ format: 'csv-shift_jis', companyFactorSet: { version: 2, entryCount: 1 } });

      // .xlsx, merged → version 3.
      const book = await xlsx([HEADER.split(','), ['road.van', 'バン', 'van', null, 0.25, 'kg-CO2e/tkm', null, new Date(Date.UTC(2025, 3, 1)), null, null, null, '34']]);
      const up3 = await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'glec.xlsx', contentBase64: b64(book) });
      expect(up3.body).toMatchObject({ format: 'xlsx', companyFactorSet: { version: 3, entryCount: 2 } });

      // One factor by hand → version 4; bad fields are named.
      const badOne = await call(app, 'POST', '/api/company-factor-sets/co-glec/factors', admin, { key: 'x', value: 'abc', unit: 'kg-CO2e/tkm' });
      expect(badOne.status).toBe(400);
      expect(badOne.body).toMatchObject({ code: 'invalid_factor', errors: [{ field: 'label.ja', code: 'missing_value' }, { field: 'value', code: 'invalid_number' }] });
      const one = await call(app, 'POST', '/api/company-factor-sets/co-glec/factors', admin, { key: 'hv.diesel', label: { ja: '軽油 発熱量' }, value: 37.7, unit: 'GJ/kL' });
      expect(one.body.companyFactorSet).toMatchObject({ version: 4, entryCount: 3 });

      const listed = await call(app, 'GET', '/api/emission-factors?origin=company&sort=key', admin);
      expect(listed.body.emissionFactors.map((f: { ref: string; version: string; kind: string }) => `${f.ref}@${f.version}:${f.kind}`)).toEqual([
        'co-glec:hv.diesel@4:quantity',
        'co-glec:road.truck@4:emission',
        'co-glec:road.van@4:emission',
      ]);
      expect((await call(app, 'GET', '/api/emission-factors?set=co-glec&version=1', admin)).body.emissionFactors.map((f: { key: string; values: { value: number }[] }) => [f.key, f.values[0]!.value])).toEqual([
        ['road.truck', 0.1],
        ['road.van', 0.3],
      ]);
      const hist = await call(app, 'GET', '/api/emission-factors/co-glec/road.van/history', admin);
      expect(hist.body.versions.map((v: { fromVersion: string; toVersion: string | null; removed: boolean; values: { value: number }[] }) => [v.fromVersion, v.toVersion, v.removed, v.values[0]!.value])).toEqual([
        ['1', '2', true, 0.3],
        ['3', null, false, 0.25],
      ]);

      // Download: the template and a version, UTF-8 with BOM; the same file re-uploaded changes nothing.
      const template = await call(app, 'GET', '/api/company-factor-sets/template.csv', viewer);
      expect(template.body.content).toBe(`\uFEFF${HEADER}\r\n`);
      const raw = await app.app.inject({ method: 'GET', url: '/api/company-factor-sets/co-glec/factors.csv?version=1', headers: { authorization: `Bearer ${viewer}`, accept: 'text/csv' } });
      expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(raw.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(raw.body).toContain('road.truck,トラック,truck,卡车,0.1,kg-CO2e/tkm,TTW,2024-04-01,,GLEC,licensed,34');
      const current = await call(app, 'GET', '/api/company-factor-sets/co-glec/factors.csv', viewer);
      const same = await call(app, 'POST', '/api/company-factor-sets/co-glec/upload', admin, { fileName: 'again.csv', contentBase64: b64(current.body.content), mode: 'replace' });
      expect(same.body).toMatchObject({ changed: false, companyFactorSet: { version: 4 } });

      // Another company sees none of it.
      expect((await call(app, 'GET', '/api/company-factor-sets', other)).body.companyFactorSets).toEqual([]);
      expect((await call(app, 'GET', '/api/emission-factors?origin=company', other)).body.total).toBe(0);
      expect((await call(app, 'GET', '/api/emission-factors/co-glec/road.van/history', other)).status).toBe(404);
      expect((await call(app, 'GET', '/api/company-factor-sets/co-glec/factors.csv', other)).status).toBe(404);
      expect((await call(app, 'GET', '/api/emission-factor-sets', other)).body.factorSets.some((s: { setId: string }) => s.setId === 'co-glec')).toBe(false);
      const otherCalc = await call(app, 'POST', '/api/calculate', other, { fiscalYear: 2024, lines: [{ formulaId: 's3.4.tonkm', inputs: { freight: 100, emissionIntensity: 'co-glec:road.truck' } }] });
      expect(otherCalc.body.errors).toMatchObject([{ index: 0, code: 'factor_not_found', field: 'emissionIntensity' }]);
    });

    it('calculation basis: fixed explicitly, restated with before/after in the audit log, stale version 409, preview old vs new', async (ctx) => {
      if (skip) return ctx.skip();
      const initial = await call(app, 'GET', '/api/calculation-basis?fiscalYear=2023', viewer);
      expect(initial.body.calculationBasis).toMatchObject({ fiscalYear: 2023, gwpSet: 'AR6', version: -1, isDefault: true });
      expect(initial.body.calculationBasis.factorSets).toMatchObject({ 'jp-shk': '2024', 'us-epa-hub': '2024', 'co-glec': '4' });

      expect((await call(app, 'POST', '/api/calculation-basis', editor, { fiscalYear: 2023 })).status).toBe(403);
      const fixed = await call(app, 'POST', '/api/calculation-basis', admin, { fiscalYear: 2023, factorSets: { 'co-glec': '1' }, expectedVersion: -1 });
      expect(fixed.status).toBe(200);
      expect(fixed.body.calculationBasis).toMatchObject({ gwpSet: 'AR6', isDefault: false, factorSets: { 'co-glec': '1', 'jp-shk': '2024' } });
      const v0 = fixed.body.calculationBasis.version as number;

      // A newer company version does not move the stored basis.
      await call(app, 'POST', '/api/company-factor-sets/co-glec/factors', admin, { key: 'road.truck', label: { ja: 'トラック' }, value: 0.5, unit: 'kg-CO2e/tkm', stage: 'TTW', category: '34' });
      expect((await call(app, 'GET', '/api/calculation-basis?fiscalYear=2023', viewer)).body.calculationBasis).toMatchObject({ version: v0, factorSets: { 'co-glec': '1' } });

      // Preview: the same lines under the stored basis and a proposed one; nothing appended.
      const lines = [
        { id: 'gas', formulaId: 's1.fuel', inputs: { amount: { value: 1000, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' } },
        { id: 'truck', formulaId: 's3.4.tonkm', inputs: { freight: 1000, emissionIntensity: 'co-glec:road.truck' } },
      ];
      const mark = await head();
      const preview = await call(app, 'POST', '/api/calculation-basis/preview', viewer, { fiscalYear: 2023, gwpSet: 'AR5', factorSets: { 'co-glec': '5' }, lines });
      expect(preview.status).toBe(200);
      expect(preview.body.before).toMatchObject({ gwpSet: 'AR6', factorSets: { 'co-glec': '1' }, version: v0 });
      expect(preview.body.after).toMatchObject({ gwpSet: 'AR5', factorSets: { 'co-glec': '5' } });
      expect(preview.body.lines[0].before.co2eKg).toBeCloseTo(53115.2, 6);
      expect(preview.body.lines[0].after.co2eKg).toBeCloseTo(53114.5, 6);
      expect(preview.body.lines[1]).toMatchObject({ before: { ok: true, co2eKg: 100 }, after: { ok: true, co2eKg: 500 } });
      expect(preview.body.totals.beforeKg).toBeCloseTo(53215.2, 6);
      expect(preview.body.totals.afterKg).toBeCloseTo(53614.5, 6);
      expect(await head()).toBe(mark);
      expect((await call(app, 'POST', '/api/calculation-basis/preview', viewer, { fiscalYear: 2023, factorSets: { 'co-glec': '99' }, lines })).body.code).toBe('unknown_factor_set_version');

      // The restatement: stale version refused, then the change recorded with before and after.
      const stale = await call(app, 'POST', '/api/calculation-basis', admin, { fiscalYear: 2023, gwpSet: 'AR5', expectedVersion: -1 });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
      const changed = await call(app, 'POST', '/api/calculation-basis', admin, { fiscalYear: 2023, gwpSet: 'AR5', factorSets: { 'co-glec': '5' }, reason: 'GLEC update', expectedVersion: v0 });
      expect(changed.body).toMatchObject({ changed: true, calculationBasis: { gwpSet: 'AR5', factorSets: { 'co-glec': '5' } } });
      const audit = (await call(app, 'GET', '/api/auditlog?limit=20', viewer)).body.entries as { type: string; topic: string; changes: { field: string; before: unknown; after: unknown }[] }[];
      const entry = audit.find((e) => e.type === 'CalculationBasisChanged')!;
      expect(entry.topic).toBe('calculation/basis');
      expect(entry.changes).toEqual(
        expect.arrayContaining([
          { field: 'gwpSet', before: 'AR6', after: 'AR5' },
          { field: 'factorSets.co-glec', before: '1', after: '5' },
          { field: 'reason', before: null, after: 'GLEC update' },
        ]),
      );
      expect(audit.some((e) => e.type === 'CalculationBasisSet')).toBe(true);
      const listed = await call(app, 'GET', '/api/calculation-basis', viewer);
      // The demo seed fixed the bases of the years it has activity in; 2023 is not one of them.
      expect(listed.body.calculationBases).toContainEqual(expect.objectContaining({ fiscalYear: 2023, gwpSet: 'AR5' }));
    });

    it('POST /api/calculate: per-line results and errors under the basis and the company rates; appends nothing', async (ctx) => {
      if (skip) return ctx.skip();
      expect((await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2023, currencyUnit: 'USD', rate: 150 })).status).toBe(200);
      const mark = await head();
      const res = await call(app, 'POST', '/api/calculate', viewer, {
        fiscalYear: 2023,
        lines: [
          { id: 'gas', formulaId: 's1.fuel', inputs: { amount: { value: 1000, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' } },
          { id: 'wrong-unit', formulaId: 's1.fuel', inputs: { amount: { value: 10, unit: 'kg' }, emissionIntensity: 'jp-shk:fuel.cityGas' } },
          { id: 'no-formula', inputs: {} },
          { id: 'usd', formulaId: 's3.1.spend', inputs: { spend: { value: 10, unit: 'USD' }, emissionIntensity: { value: 0.002, unit: 'kg-CO2e/JPY' } } },
          { id: 'eur', formulaId: 's3.1.spend', inputs: { spend: { value: 10, unit: 'EUR' }, emissionIntensity: { value: 0.002, unit: 'kg-CO2e/JPY' } } },
          { id: 'truck', formulaId: 's3.4.tonkm', inputs: { freight: 1000, emissionIntensity: 'co-glec:road.truck' } },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.basis).toMatchObject({ fiscalYear: 2023, gwpSet: 'AR5', isDefault: false });
      const [gas, wrong, malformed, usd, eur, truck] = res.body.results;
      expect(gas).toMatchObject({ index: 0, ok: true, scope: '1', gasesKg: { CO2: 53060, CH4: 1, N2O: 0.1 }, gwpSet: { id: 'AR5' } });
      expect(gas.co2eKg).toBeCloseTo(53114.5, 6);
      expect(gas.factors[0]).toMatchObject({ setId: 'us-epa-hub', version: '2024', key: 'stationary.naturalGas', values: expect.any(Array) });
      expect(wrong).toMatchObject({ index: 1, ok: false, error: 'unit_mismatch', field: 'amount' });
      expect(malformed).toMatchObject({ index: 2, ok: false, error: 'invalid_input', field: 'formulaId' });
      expect(usd).toMatchObject({ ok: true, co2eKg: 3, warnings: [] });
      expect(eur).toMatchObject({ ok: true, co2eKg: 2, warnings: [{ code: 'default_currency_rate' }] });
      expect(truck).toMatchObject({ ok: true, co2eKg: 500, stages: { ttwKg: 500, wtwKg: 500 }, factors: [{ setId: 'co-glec', version: '5' }] });
      expect(res.body.errors).toEqual([
        expect.objectContaining({ index: 1, lineId: 'wrong-unit', field: 'amount', code: 'unit_mismatch' }),
        expect.objectContaining({ index: 2, lineId: 'no-formula', field: 'formulaId', code: 'invalid_input' }),
      ]);
      expect(res.body.summary).toMatchObject({ lines: 6, succeeded: 4, failed: 2 });
      expect(res.body.provenance.gwpSet).toMatchObject({ id: 'AR5' });
      expect(await head()).toBe(mark);

      // A year without a basis calculates on the default (flagged) and still stores nothing.
      const unset = await call(app, 'POST', '/api/calculate', viewer, { fiscalYear: 2045, lines: [{ formulaId: 's1.fuel', inputs: { amount: 1, emissionIntensity: 'jp-shk:fuel.diesel' } }] });
      expect(unset.body.basis).toMatchObject({ fiscalYear: 2045, version: -1, isDefault: true });
      expect(unset.body.errors).toMatchObject([{ code: 'factor_not_found' }]); // jp-shk@2024 has no diesel: no silent fall-back
      expect((await call(app, 'POST', '/api/calculate', viewer, { lines: 'nope' })).body).toMatchObject({ code: 'invalid_args', fields: ['lines'] });
      expect(await head()).toBe(mark);
    });

    it('the calculation read models are disposable: rebuilt from the log, they hold the same rows', async (ctx) => {
      if (skip) return ctx.skip();
      const tables = ['calculation_basis', 'company_factor_sets', 'company_factor_set_versions', 'company_factor_entries'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const t of tables) out[t] = (await app.infra.db.knex(t).select('*')).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const before = await snapshot();
      expect(before.company_factor_entries!.length).toBeGreaterThan(3);
      const names = ['calculation/basis', 'calculation/companyFactorSets'];
      const result = await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names });
      expect(result.projections.sort()).toEqual(names);
      expect(await snapshot()).toEqual(before);
    });
  });
}
