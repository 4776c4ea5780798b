import { describe, expect, it } from 'vitest';
import type { SectionLink } from '../organization/companySections';
import { buildEnergyReport, crudeOilMicro, electricityFactorOf, lineEnergy, sectionTypeOf, type EnergyLine } from './energyReport';
import { kgText, microOf } from './decimalKg';

const line = (p: Partial<EnergyLine> & Pick<EnergyLine, 'dealId'>): EnergyLine => ({
  fiscalYear: 2024,
  fiscalMonth: 1,
  sectionId: 'plant',
  scopeCategory: '1',
  formulaId: 's1.fuel-heat',
  quantity: '1000',
  unit: 'L',
  factors: [],
  ...p,
});
const dieselHeat = { setId: 'jp-shk', version: 'legacy', key: 'heatingValue.diesel', values: [{ value: 37.7, unit: 'GJ/kL' }] };
const electricity = (dealId: string, fiscalMonth: number, kwh: string, fiscalYear = 2024): EnergyLine =>
  line({ dealId, fiscalMonth, fiscalYear, scopeCategory: '2', formulaId: 's2.location', quantity: kwh, unit: 'kWh', factors: [{ setId: 'grid', version: '1', key: 'national', values: [{ value: 0.434, unit: 'kg-CO2/kWh' }] }] });
const gj = (l: EnergyLine) => {
  const e = lineEnergy(l);
  return e && e.ok ? kgText(e.gjMicro) : e;
};

describe('energy of a line', () => {
  it('fuel: 1,000 L diesel × 37.7 GJ/kL = 1 kL × 37.7 = 37.7 GJ; × 0.0258 = 0.97266 kL crude-oil equivalent', () => {
    expect(gj(line({ dealId: 'd', factors: [dieselHeat] }))).toBe('37.700000');
    expect(kgText(crudeOilMicro(microOf('37.7')))).toBe('0.972660');
  });
  it('converts the line unit to the heating value’s: 2 kL diesel = 75.4 GJ; LPG 500 kg × 50.8 GJ/t = 25.4 GJ', () => {
    expect(gj(line({ dealId: 'd', quantity: '2', unit: 'kL', factors: [dieselHeat] }))).toBe('75.400000');
    expect(gj(line({ dealId: 'l', quantity: '500', unit: 'kg', factors: [{ setId: 'x', version: '1', key: 'heatingValue.lpg', values: [{ value: 50.8, unit: 'GJ/t' }] }] }))).toBe('25.400000');
  });
  it('a published SHK fuel factor: the heating value of the same set and version (diesel legacy 37.7 GJ/kL)', () => {
    const l = line({ dealId: 'd', formulaId: 's1.fuel', quantity: '1200', factors: [{ setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel', values: [{ value: 2.58, unit: 'kg-CO2/L' }] }] });
    // 1,200 L = 1.2 kL × 37.7 = 45.24 GJ
    expect(gj(l)).toBe('45.240000');
  });
  it('electricity: 10,000 kWh = 10 千kWh × 9.76 GJ/千kWh = 97.6 GJ before FY2023; × 8.64 = 86.4 GJ from FY2023', () => {
    expect(electricityFactorOf(2022).gjPerThousandKwh).toBe('9.76');
    expect(electricityFactorOf(2023).gjPerThousandKwh).toBe('8.64');
    expect(gj(electricity('e', 1, '10000', 2022))).toBe('97.600000');
    expect(gj(electricity('e', 1, '10000', 2023))).toBe('86.400000');
    expect(gj(line({ ...electricity('e', 1, '10', 2024), unit: 'MWh' }))).toBe('86.400000');
  });
  it('names what is missing: no heating value, no quantity, a unit that does not convert; other lines are not energy', () => {
    expect(gj(line({ dealId: 'x', formulaId: 's1.fuel', factors: [{ setId: 'custom', version: '1', key: 'my fuel', values: [{ value: 2.5, unit: 'kg-CO2/L' }] }] }))).toEqual({ ok: false, gap: 'fuelWithoutHeatingValue' });
    expect(gj(line({ dealId: 'x', quantity: null, factors: [dieselHeat] }))).toEqual({ ok: false, gap: 'lineWithoutQuantity' });
    expect(gj(line({ dealId: 'x', unit: 'kg', factors: [dieselHeat] }))).toEqual({ ok: false, gap: 'unitNotConvertible' });
    expect(gj(line({ dealId: 'x', scopeCategory: '31', formulaId: 's3.1.spend' }))).toBeNull();
  });
});

describe('report section types', () => {
  const sections = new Map<string, SectionLink>([
    ['factory', { parentSectionId: null, energyConservationActReportSectionType: 'designatedFactory1' }],
    ['plant', { parentSectionId: 'factory', energyConservationActReportSectionType: null }],
    ['office', { parentSectionId: null, energyConservationActReportSectionType: null }],
  ]);
  it('a section without its own type takes its nearest ancestor’s', () => {
    expect(sectionTypeOf(sections, 'factory')).toBe('designatedFactory1');
    expect(sectionTypeOf(sections, 'plant')).toBe('designatedFactory1');
    expect(sectionTypeOf(sections, 'office')).toBeNull();
  });
});

describe('the report', () => {
  const sections = new Map<string, SectionLink>([
    ['plant', { parentSectionId: 'factory', energyConservationActReportSectionType: null }],
    ['factory', { parentSectionId: null, energyConservationActReportSectionType: 'designatedFactory1' }],
    ['office', { parentSectionId: null, energyConservationActReportSectionType: null }],
  ]);
  // Given FY2024: 1,000 L diesel at the plant, 10,000 kWh in each of months 1–11 at the office (month 12 missing),
  // and a fuel line without a heating value.
  const lines: EnergyLine[] = [
    line({ dealId: 'diesel', factors: [dieselHeat] }),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => ({ ...electricity(`e${String(m).padStart(2, '0')}`, m, '10000'), sectionId: 'office' })),
    line({ dealId: 'noHv', formulaId: 's1.fuel', factors: [{ setId: 'custom', version: '1', key: 'x', values: [{ value: 2, unit: 'kg-CO2/L' }] }] }),
  ];
  const { content, gaps } = buildEnergyReport({
    companyId: 'c',
    fiscalYear: 2024,
    position: '42',
    lines,
    sections,
    intensities: [{ intensityId: 'floor', name: '延床面積', unit: '千m2', fiscalYear: 2024, value: '12.5' }],
  });
  const fy = content.years.at(-1)!;
  it('covers five fiscal years, oldest first', () => {
    expect(content.years.map((y) => y.fiscalYear)).toEqual([2020, 2021, 2022, 2023, 2024]);
  });
  it('when totalled: 37.7 GJ diesel + 11 × 86.4 GJ electricity = 988.1 GJ; × 0.0258 = 25.49298 kL', () => {
    expect(fy.gj).toBe('988.100000');
    expect(fy.crudeOilKl).toBe('25.492980');
    expect(fy.byType).toEqual([
      { energyType: 'diesel', lines: 1, gj: '37.700000', crudeOilKl: '0.972660' },
      { energyType: 'electricity', lines: 11, gj: '950.400000', crudeOilKl: '24.520320' },
    ]);
  });
  it('by report section type, inherited: the plant counts under its factory’s type', () => {
    expect(fy.bySectionType).toEqual([
      { sectionType: null, lines: 11, gj: '950.400000', crudeOilKl: '24.520320' },
      { sectionType: 'designatedFactory1', lines: 1, gj: '37.700000', crudeOilKl: '0.972660' },
    ]);
  });
  it('energy intensity: 25.49298 kL ÷ 12.5 千m2 = 2.039438 (rounded half away from zero at 6 decimals: 2.0394384)', () => {
    expect(fy.intensities).toEqual([{ intensityId: 'floor', name: '延床面積', unit: '千m2', value: '12.500000', klPerUnit: '2.039438' }]);
  });
  it('gaps: the month without electricity, the fuel line without heating value, and the empty years', () => {
    expect(gaps).toEqual([
      { kind: 'yearWithoutLines', fiscalYear: 2020 },
      { kind: 'yearWithoutLines', fiscalYear: 2021 },
      { kind: 'yearWithoutLines', fiscalYear: 2022 },
      { kind: 'yearWithoutLines', fiscalYear: 2023 },
      { kind: 'monthsWithoutElectricity', fiscalYear: 2024, months: [12] },
      { kind: 'fuelWithoutHeatingValue', fiscalYear: 2024, dealIds: ['noHv'] },
    ]);
  });
  it('does not depend on the order of the lines', () => {
    const again = buildEnergyReport({ companyId: 'c', fiscalYear: 2024, position: '42', lines: [...lines].reverse(), sections, intensities: [{ intensityId: 'floor', name: '延床面積', unit: '千m2', fiscalYear: 2024, value: '12.5' }] });
    expect(again.content).toEqual(content);
  });
});
