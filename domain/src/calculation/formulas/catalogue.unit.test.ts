import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, OPTION_LABELS } from './fields';
import { FORMULAS, FORMULA_BY_ID, formulasForScope } from './catalogue';
import { parseUnit } from '../units/parse';
import { CALCULATION_SCOPES } from '../types';

const docs = readFileSync(fileURLToPath(new URL('../../../../docs/calculation.md', import.meta.url)), 'utf8');

describe('formula catalogue', () => {
  it('ids are unique and stable-looking; every scope category, water and plant engineering have formulas', () => {
    expect(FORMULA_BY_ID.size).toBe(FORMULAS.length);
    for (const f of FORMULAS) expect(f.id).toMatch(/^(s1|s2|s3\.\d{1,2}|water|pe)\.[a-z0-9-]+$/);
    for (const scope of CALCULATION_SCOPES) expect(formulasForScope(scope).length, `scope ${scope}`).toBeGreaterThan(0);
  });

  it('each formula has a name and description in ja, en and zhHans, and an expression', () => {
    for (const f of FORMULAS) {
      for (const l of [f.name, f.description]) expect(l.ja && l.en && l.zhHans, f.id).toBeTruthy();
      expect(f.expression, f.id).toBeTruthy();
    }
  });

  it('fields use the wire types (EMISSSION_INTENSITY spelled with three S, as stored), labelled in three languages', () => {
    const used = new Set<string>();
    for (const f of FORMULAS) {
      const keys = f.fields.map((x) => x.key);
      expect(new Set(keys).size, `${f.id} has duplicate field keys`).toBe(keys.length);
      for (const field of f.fields) {
        used.add(field.type);
        expect(FIELD_TYPES, `${f.id}.${field.key}`).toContain(field.type);
        expect(field.label.ja && field.label.en && field.label.zhHans, `${f.id}.${field.key}`).toBeTruthy();
        if (['TRAVEL_TYPE', 'WORKING_FORM', 'CITY_GROUP', 'INVESTMENT_TYPE', 'GHGType'].includes(field.type)) {
          expect(field.options?.length, `${f.id}.${field.key} options`).toBeGreaterThan(0);
        }
        if (field.unit && !['factor', 'GJ/factor', '%', 'kg-CO2e'].includes(field.unit)) expect(parseUnit(field.unit).ok, `${f.id}.${field.key} unit ${field.unit}`).toBe(true);
      }
    }
    expect(FIELD_TYPES).toContain('EMISSSION_INTENSITY');
    for (const t of ['STRING', 'NUMBER', 'SYSTEM', 'EMISSSION_INTENSITY', 'GWP', 'TRAVEL_TYPE', 'DISABLED', 'WORKING_FORM', 'CITY_GROUP', 'GHGType', 'INVESTMENT_TYPE', 'PERCENTAGE', 'CO2_EMISSION', 'DEAL']) {
      expect(FIELD_TYPES).toContain(t);
    }
    for (const t of FIELD_TYPES) expect(used, `no formula uses ${t}`).toContain(t);
  });

  it('enumerated options have labels in three languages', () => {
    for (const f of FORMULAS) {
      for (const field of f.fields) {
        if (!['TRAVEL_TYPE', 'WORKING_FORM', 'CITY_GROUP', 'INVESTMENT_TYPE'].includes(field.type)) continue;
        for (const o of field.options ?? []) expect(OPTION_LABELS[o]?.zhHans, o).toBeTruthy();
      }
    }
  });

  it('the transport categories offer ton-km, improved ton-km, fuel, fuel-economy and hub methods with WTT/TTW/WTW', () => {
    for (const c of ['s3.4', 's3.9']) {
      for (const m of ['tonkm', 'improved-tonkm', 'fuel', 'fuel-economy', 'hub']) expect(FORMULA_BY_ID.get(`${c}.${m}`)?.transport, `${c}.${m}`).toBe(true);
    }
  });

  it('docs/calculation.md writes out every formula', () => {
    for (const f of FORMULAS) expect(docs, `docs/calculation.md lacks ${f.id}`).toContain(`\`${f.id}\``);
  });
});
