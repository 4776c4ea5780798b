import { describe, expect, it } from 'vitest';
import type { CompanyFactorEntry, CompanyFactorSetEvent } from '@ghg/events';
import { fold, given } from '../../core/decider';
import { calculate } from '../engine/run';
import { companyFactorSetAt, companyFactorSetsDecider, companyFactorSetVersions } from './companyFactorSets';
import { kindOfUnit, validateFactorRow } from './entry';
import { factorTableCsv, validateFactorTable } from './table';

const companyId = 'c1';
const created: CompanyFactorSetEvent = {
  type: 'CompanyFactorSetCreated',
  data: { id: 's1', companyId, setId: 'co-glec', title: { ja: 'GLEC', en: 'GLEC', zhHans: 'GLEC' }, publisher: '', citation: 'GLEC v3', licence: 'licensed' },
};
const entry = (key: string, value: number, unit = 'kg-CO2e/tkm'): CompanyFactorEntry => ({
  key,
  label: { ja: key, en: key, zhHans: key },
  value,
  unit,
  stage: null,
  validFrom: null,
  validTo: null,
  source: null,
  licenceNote: null,
  category: null,
});
const uploaded = (version: number, entries: CompanyFactorEntry[], mode: 'merge' | 'replace' = 'merge'): CompanyFactorSetEvent => ({
  type: 'CompanyFactorSetUploaded',
  data: { id: 's1', companyId, setId: 'co-glec', version, mode, fileName: 'f.csv', format: 'csv-utf8', entries },
});

describe('factor table', () => {
  const header = ['key', 'label_ja', 'label_en', 'label_zhHans', 'value', 'unit', 'stage', 'valid_from', 'valid_to', 'source', 'licence_note', 'category'];

  it('accepts good rows, fills missing labels and skips blank rows', () => {
    const r = validateFactorTable([header, ['road.truck', 'トラック', '', '', '0.1', 'kg-CO2e/tkm', 'ttw', '2024/4/1', '2025-03-31', 'GLEC', 'licensed', '34'], ['', '', ''], ['hv.x', 'x', 'x', 'x', 1234.5, 'GJ/kL']]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.entries[0]).toEqual({
      key: 'road.truck',
      label: { ja: 'トラック', en: 'トラック', zhHans: 'トラック' },
      value: 0.1,
      unit: 'kg-CO2e/tkm',
      stage: 'TTW',
      validFrom: '2024-04-01',
      validTo: '2025-03-31',
      source: 'GLEC',
      licenceNote: 'licensed',
      category: '34',
    });
    expect(r.entries[1]!.value).toBe(1234.5);
  });

  it('reports every bad row with its spreadsheet row number, field and code', () => {
    const r = validateFactorTable([
      header,
      ['ok.one', 'a', '', '', '1', 'kg-CO2/L'],
      ['bad key!', 'a', '', '', 'abc', 'kg-CO2/L'],
      ['ok.two', '', '', '', '1', 'furlongs/L', 'XYZ', '2024-02-30', '', '', '', '99'],
      ['ok.one', 'dup', '', '', '1', 'kg-CO2/L'],
      ['neg', 'n', '', '', '-1', 'kg-CO2/L', '', '2025-01-01', '2024-01-01'],
    ]);
    expect(r).toEqual({
      ok: false,
      errors: [
        { row: 3, field: 'key', code: 'invalid_key' },
        { row: 3, field: 'value', code: 'invalid_number' },
        { row: 4, field: 'label_ja', code: 'missing_value' },
        { row: 4, field: 'unit', code: 'invalid_unit' },
        { row: 4, field: 'stage', code: 'invalid_stage' },
        { row: 4, field: 'valid_from', code: 'invalid_date' },
        { row: 4, field: 'category', code: 'invalid_category' },
        { row: 5, field: 'key', code: 'duplicate_key' },
        { row: 6, field: 'value', code: 'negative_value' },
        { row: 6, field: 'valid_to', code: 'invalid_period' },
      ],
    });
  });

  it('refuses a header without the required columns, with unknown ones, or no rows', () => {
    expect(validateFactorTable([['key', 'vlaue', 'unit', 'label_en']])).toEqual({
      ok: false,
      errors: [
        { row: 1, field: 'vlaue', code: 'unknown_column' },
        { row: 1, field: 'value', code: 'missing_column' },
      ],
    });
    expect(validateFactorTable([['key', 'value', 'unit', 'label_en']])).toEqual({ ok: false, errors: [{ row: 2, field: null, code: 'empty_table' }] });
  });

  it('CSV download has a BOM and CRLF, quotes where needed, and reads back to the same entries', () => {
    const e = { ...entry('a.b', 0.5), label: { ja: 'カンマ,あり', en: 'say "hi"', zhHans: '中' } };
    const csv = factorTableCsv([e]);
    expect(csv.startsWith('\uFEFFkey,label_ja,label_en,label_zhHans,value,unit,')).toBe(true);
    expect(csv).toContain('\r\na.b,"カンマ,あり","say ""hi""",中,0.5,kg-CO2e/tkm,');
  });

  it('infers the kind from the unit', () => {
    expect(kindOfUnit('kg-CO2e/tkm')).toBe('emission');
    expect(kindOfUnit('g-CH4/L')).toBe('emission');
    expect(kindOfUnit('GJ/kL')).toBe('quantity');
    expect(kindOfUnit('t-C/GJ')).toBe('quantity');
    expect(kindOfUnit('kg')).toBe(null);
    expect(validateFactorRow({ key: 'k', label_en: 'x', value: '1,234.5', unit: 'kg-CO2/L' })).toMatchObject({ ok: true, entry: { value: 1234.5 } });
  });
});

describe('company factor sets decider', () => {
  it('given nothing, when a set is created, then CompanyFactorSetCreated; shipped and taken ids are refused', () => {
    const create = (setId: string) => ({ type: 'CreateCompanyFactorSet' as const, companyId, newId: 's1', setId, title: { ja: 'GLEC' }, citation: 'GLEC v3', licence: 'licensed' });
    expect(given(companyFactorSetsDecider, []).when(create('co-glec'))).toEqual({ ok: true, events: [created] });
    expect(given(companyFactorSetsDecider, []).when(create('jp-shk'))).toEqual({ ok: false, error: 'factor_set_exists' });
    expect(given(companyFactorSetsDecider, [created]).when(create('co-glec'))).toEqual({ ok: false, error: 'factor_set_exists' });
    expect(given(companyFactorSetsDecider, []).when(create('Has:Colon'))).toEqual({ ok: false, error: 'invalid_set_id' });
  });

  it('each change publishes the next version; a stale expected version is a conflict', () => {
    const save = { type: 'SaveCompanyFactor' as const, companyId, setId: 'co-glec', row: { key: 'road', label_en: 'road', value: '0.1', unit: 'kg-CO2e/tkm' } };
    expect(given(companyFactorSetsDecider, [created]).when({ ...save, expectedVersion: 0 })).toMatchObject({ ok: true, events: [{ type: 'CompanyFactorSaved', data: { version: 1, entry: { key: 'road', value: 0.1 } } }] });
    expect(given(companyFactorSetsDecider, [created, uploaded(1, [entry('a', 1)])]).when({ ...save, expectedVersion: 0 })).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(companyFactorSetsDecider, [created]).when({ ...save, row: { key: 'x' } })).toEqual({ ok: false, error: 'invalid_factor' });
    expect(given(companyFactorSetsDecider, [created]).when({ ...save, setId: 'other' })).toEqual({ ok: false, error: 'factor_set_not_found' });
    expect(given(companyFactorSetsDecider, [created]).when({ type: 'RemoveCompanyFactor', companyId, setId: 'co-glec', key: 'a' })).toEqual({ ok: false, error: 'factor_not_found' });
  });

  it('an upload that changes nothing appends nothing', () => {
    const history = [created, uploaded(1, [entry('a', 1), entry('b', 2)])];
    const upload = { type: 'UploadCompanyFactorTable' as const, companyId, setId: 'co-glec', mode: 'merge' as const, fileName: 'f.csv', format: 'csv-utf8' as const, entries: [entry('a', 1)] };
    expect(given(companyFactorSetsDecider, history).when(upload)).toEqual({ ok: true, events: [] });
    expect(given(companyFactorSetsDecider, history).when({ ...upload, mode: 'replace' })).toMatchObject({ ok: true, events: [{ data: { version: 2, mode: 'replace' } }] });
  });

  it('any version is rebuilt exactly from the events, whatever came after', () => {
    const events = [
      created,
      uploaded(1, [entry('a', 1), entry('b', 2)]),
      { type: 'CompanyFactorSaved', data: { id: 's1', companyId, setId: 'co-glec', version: 2, entry: entry('a', 1.5) } },
      uploaded(3, [entry('c', 3, 'GJ/kL')], 'replace'),
    ] as CompanyFactorSetEvent[];
    const state = fold(companyFactorSetsDecider, events);
    expect(companyFactorSetVersions(state)).toEqual({ 'co-glec': ['1', '2', '3'] });
    const v1 = companyFactorSetAt(events, 'co-glec', 1)!;
    const v2 = companyFactorSetAt(events, 'co-glec', 2)!;
    const v3 = companyFactorSetAt(events, 'co-glec', 3)!;
    expect(v1.entries.map((e) => [e.key, e.kind === 'emission' ? e.components[0]!.value : null])).toEqual([['a', 1], ['b', 2]]);
    expect(v2.entries.map((e) => [e.key, e.kind === 'emission' ? e.components[0]!.value : null])).toEqual([['a', 1.5], ['b', 2]]);
    expect(v3.entries).toEqual([expect.objectContaining({ key: 'c', kind: 'quantity', value: 3 })]);
    expect(companyFactorSetAt(events, 'co-glec', 4)).toBeNull();

    // The engine uses a pinned company version like a shipped one.
    const line = { id: 'l', formulaId: 's3.4.tonkm', inputs: { freight: 100, emissionIntensity: 'co-glec:a' } };
    const r1 = calculate(line, { factorSets: { 'co-glec': '1' }, gwpSet: 'AR6', fiscalYear: 2024, customFactorSets: [v1] });
    const r2 = calculate(line, { factorSets: { 'co-glec': '2' }, gwpSet: 'AR6', fiscalYear: 2024, customFactorSets: [v2] });
    expect(r1.ok && r1.co2eKg).toBe(100);
    expect(r2.ok && r2.co2eKg).toBe(150);
  });
});
