import { describe, expect, it } from 'vitest';
import { SHIPPED_FACTOR_SETS } from './data';
import { JP_SHK_LEGACY, JP_SHK_2024 } from './data/jpShk';
import { createLibrary, newestPins, SHIPPED_LIBRARY, splitRef } from './library';
import { parseFactorUnit } from './factorUnit';
import type { EmissionEntry, FactorSet, QuantityEntry } from './types';

const entry = <T>(set: FactorSet, key: string) => set.entries.find((e) => e.key === key) as T;

describe('shipped factor sets: provenance', () => {
  it('every set has publisher, year, citation without URLs, licence note and labels in three languages', () => {
    for (const s of SHIPPED_FACTOR_SETS) {
      const where = `${s.id}@${s.version}`;
      expect(s.publisher && s.citation && s.licence, where).toBeTruthy();
      expect(s.year, where).toBeGreaterThan(1990);
      expect(s.citation + s.licence, where).not.toMatch(/https?:|www\./);
      expect(s.title.ja && s.title.en && s.title.zhHans, where).toBeTruthy();
      for (const e of s.entries) {
        expect(e.label.ja && e.label.en && e.label.zhHans, `${where}:${e.key}`).toBeTruthy();
        expect(typeof e.confirmed, `${where}:${e.key}`).toBe('boolean');
        if (!e.confirmed) expect(e.note, `${where}:${e.key} is unconfirmed and must say why`).toBeTruthy();
      }
    }
  });

  it('every value is finite and every published unit parses', () => {
    for (const s of SHIPPED_FACTOR_SETS) {
      for (const e of s.entries) {
        const units = e.kind === 'emission' ? e.components.map((c) => [c.value, c.unit] as const) : e.kind === 'quantity' ? [[e.value, e.unit] as const] : [];
        for (const [value, unit] of units) {
          expect(Number.isFinite(value), `${s.id}:${e.key}`).toBe(true);
          expect(parseFactorUnit(unit).ok, `${s.id}:${e.key} ${unit}`).toBe(true);
        }
        if (e.kind === 'coefficients') for (const v of Object.values(e.coefficients)) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  it('values seen only in a secondary source ("(check)") stay unconfirmed: supply-chain DB, DESNZ selection, supplier menus', () => {
    for (const id of ['jp-moe-scdb', 'uk-desnz', 'jp-shk-electricity-suppliers']) {
      const sets = SHIPPED_FACTOR_SETS.filter((s) => s.id === id);
      expect(sets.length, id).toBeGreaterThan(0);
      for (const s of sets) for (const e of s.entries) expect(e.confirmed, `${id}:${e.key}`).toBe(false);
    }
    for (const id of ['jp-shk', 'us-epa-hub', 'jp-meti-logistics', 'iso-14083']) {
      for (const s of SHIPPED_FACTOR_SETS.filter((x) => x.id === id)) for (const e of s.entries) expect(e.confirmed, `${id}:${e.key}`).toBe(true);
    }
  });

  it('sets are addressed by id and version; the library never answers "latest" by itself', () => {
    expect(SHIPPED_LIBRARY.versions('jp-shk')).toEqual(['legacy', '2024']);
    expect(SHIPPED_LIBRARY.get('jp-shk', 'legacy')).toBe(JP_SHK_LEGACY);
    expect(SHIPPED_LIBRARY.get('jp-shk', 'latest')).toBeUndefined();
    expect(newestPins()['jp-shk']).toBe('2024'); // only on explicit request
    expect(() => createLibrary([JP_SHK_LEGACY, JP_SHK_LEGACY])).toThrow(/duplicate_factor_set/);
    expect(splitRef('uk-desnz:freight.hgv.allDiesel.averageLaden')).toEqual({ setId: 'uk-desnz', key: 'freight.hgv.allDiesel.averageLaden' });
    expect(splitRef('nocolon')).toBeNull();
  });
});

describe('SHK fuel method vs the rounded published factors', () => {
  // kg-CO2 per unit = heating value × carbon coefficient × 44/12 (GJ/kL × tC/GJ × 44/12 = t-CO2/kL = kg/L)
  const fuels: [key: string, hv: number, cc: number, computed: number, published: number][] = [
    ['gasoline', 34.6, 0.0183, 2.32166, 2.32], // 34.6 × 0.0183 = 0.63318 tC/kL; × 44/12 = 2.321660
    ['kerosene', 36.7, 0.0185, 2.48948, 2.49], // 36.7 × 0.0185 = 0.67895; × 44/12 = 2.489483
    ['diesel', 37.7, 0.0187, 2.58496, 2.58], // 37.7 × 0.0187 = 0.70499; × 44/12 = 2.584963 ≈ 2.585 → published 2.58
    ['heavyOilA', 39.1, 0.0189, 2.70963, 2.71], // 39.1 × 0.0189 = 0.73899; × 44/12 = 2.709630
    ['lpg', 50.8, 0.0161, 2.99889, 3.0], // 50.8 GJ/t × 0.0161 = 0.81788 tC/t; × 44/12 = 2.998893 kg/kg
    ['cityGas', 44.8, 0.0136, 2.23403, 2.23], // 44.8 GJ/千Nm³ × 0.0136 = 0.60928; × 44/12 = 2.234027 kg/Nm³
  ];
  it.each(fuels)('%s: HV %d × CC %d × 44/12 = %d, published %d (agrees to the published rounding)', (key, hv, cc, computed, published) => {
    const hvEntry = entry<QuantityEntry>(JP_SHK_LEGACY, `heatingValue.${key}`);
    const ccEntry = entry<QuantityEntry>(JP_SHK_LEGACY, `carbonCoefficient.${key}`);
    const ef = entry<EmissionEntry>(JP_SHK_LEGACY, `fuel.${key}`);
    expect([hvEntry.value, ccEntry.value, ef.components[0]!.value]).toEqual([hv, cc, published]);
    expect((hv * cc * 44) / 12).toBeCloseTo(computed, 5);
    expect(Math.abs(computed - published)).toBeLessThanOrEqual(0.005); // published = computed rounded to 0.01
  });

  it('new set (FY2024 report): city gas 40.0 GJ/千m³ × 0.0140 × 44/12 = 2.0533 ≈ 2.05 t-CO2/千m³, per m³ at 25 °C (not Nm³)', () => {
    expect((40.0 * 0.014 * 44) / 12).toBeCloseTo(2.05333, 5);
    expect(entry<EmissionEntry>(JP_SHK_2024, 'fuel.cityGas').components[0]).toMatchObject({ value: 2.05, unit: 't-CO2/thousand_m3' });
    expect(entry<QuantityEntry>(JP_SHK_2024, 'heatingValue.cityGas').unit).toBe('GJ/thousand_m3');
    expect(entry<QuantityEntry>(JP_SHK_LEGACY, 'heatingValue.cityGas').unit).toBe('GJ/thousand_Nm3');
    // The revised liquid fuels are not shipped: the new version must not silently offer legacy values.
    expect(JP_SHK_2024.entries.some((e) => e.key === 'fuel.diesel')).toBe(false);
  });
});

describe('factor units', () => {
  it('reads gas, carbon and CO2e numerators and plain quantities', () => {
    expect(parseFactorUnit('kg-CO2/L')).toMatchObject({ ok: true, value: { species: 'CO2', numerator: { id: 'kg' }, denominator: { id: 'L' } } });
    expect(parseFactorUnit('g-CH4/mmBtu')).toMatchObject({ ok: true, value: { species: 'CH4', numerator: { id: 'g' } } });
    expect(parseFactorUnit('t-C/GJ')).toMatchObject({ ok: true, value: { species: 'C', numerator: { id: 't' } } });
    expect(parseFactorUnit('tCO2e/百万円')).toMatchObject({ ok: true, value: { species: 'CO2e', denominator: { id: 'million_JPY' } } });
    expect(parseFactorUnit('kg-HFC-134a/pcs')).toMatchObject({ ok: true, value: { species: 'HFC-134a' } });
    expect(parseFactorUnit('GJ/kL')).toMatchObject({ ok: true, value: { numerator: { id: 'GJ' }, denominator: { id: 'kL' } } });
    expect(parseFactorUnit('kg-CO2')).toMatchObject({ ok: false, error: 'invalid_factor_unit' });
  });
});
