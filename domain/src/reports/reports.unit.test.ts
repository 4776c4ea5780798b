import { describe, expect, it } from 'vitest';
import { given } from '../core/decider';
import { canonicalJson } from './canonicalJson';
import { kgText, microOf, microOfNumber } from './decimalKg';
import { buildGhgInventory, type InventoryLine } from './ghgInventory';
import { diffCategories, diffLines } from './reportDiff';
import { reportDecider, type FileReport } from './reportFiling';

const line = (p: Partial<InventoryLine> & Pick<InventoryLine, 'dealId' | 'scopeCategory' | 'co2eKg'>): InventoryLine => ({
  sectionId: 's1',
  formulaId: 'f',
  locationKg: null,
  marketKg: null,
  gasesKg: {},
  factors: [],
  gwpSet: { id: 'ar6', version: '2021' },
  ...p,
});

describe('exact kg', () => {
  it('reads decimal text to micrograms and writes it back with six decimals', () => {
    expect(microOf('12.5')).toBe(12_500_000n);
    expect(microOf('-0.000001')).toBe(-1n);
    expect(microOf('7')).toBe(7_000_000n);
    expect(kgText(-1n)).toBe('-0.000001');
    expect(kgText(12_500_000n)).toBe('12.500000');
    expect(() => microOf('1e3')).toThrow();
  });
  it('adds without binary floating point: 0.1 + 0.2 is 0.3', () => {
    expect(kgText(microOf('0.1') + microOf('0.2'))).toBe('0.300000');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(microOfNumber(2.0000005)).toBe(2_000_001n); // rounded at the sixth decimal
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps array order, so the same content has one text', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }, null] })).toBe('{"a":[{"c":"x","d":2},null],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
  });
});

describe('the GHG Protocol inventory summary', () => {
  // Diesel 1,000 L × 2.58 = 2,580 kg; city gas 100 m³ × 2.05 = 205 kg; electricity 1,000 kWh at
  // 0.434 (location) and 0.39 (market); a market-only line of 500 kWh × 0.5; purchased goods 3,200 kg.
  const lines: InventoryLine[] = [
    line({ dealId: 'd1', scopeCategory: '1', formulaId: 's1.fuel', co2eKg: '2580.000000', gasesKg: { CO2: 2580 }, factors: [{ setId: 'jp-shk', version: 'R6' }] }),
    line({ dealId: 'd2', scopeCategory: '1', formulaId: 's1.fuel', co2eKg: '205.000000', gasesKg: { CO2: 204.9, CH4: 0.0036 }, factors: [{ setId: 'jp-shk', version: 'R6' }] }),
    line({ dealId: 'd3', scopeCategory: '2', formulaId: 's2.location', co2eKg: '434.000000', locationKg: '434.000000', marketKg: '390.000000' }),
    line({ dealId: 'd4', scopeCategory: '2', formulaId: 's2.market', co2eKg: '250.000000', marketKg: '250.000000' }),
    line({ dealId: 'd5', scopeCategory: '31', formulaId: 's3.c1.amount', co2eKg: '3200.000000', factors: [{ setId: 'idea', version: '3.4' }, { setId: 'idea', version: '3.4' }] }),
  ];
  const report = buildGhgInventory({ companyId: 'c1', fiscalYear: 2024, position: '42', lines });

  it('totals scope 1, scope 2 on both bases side by side (a line without a figure on a basis is counted, not added) and scope 3', () => {
    expect(report).toMatchObject({
      lines: 5,
      scope1Kg: '2785.000000', // 2,580 + 205
      scope2LocationKg: '434.000000', // d4 has no location-based figure
      scope2MarketKg: '640.000000', // 390 + 250
      scope2WithoutLocation: 1,
      scope2WithoutMarket: 0,
      scope3Kg: '3200.000000',
      waterKg: '0.000000',
    });
  });
  it('lists categories in the product order, each gas before weighting, methods, and each factor set once per line', () => {
    expect(report.categories.map((c) => [c.scopeCategory, c.lines, c.co2eKg])).toEqual([
      ['1', 2, '2785.000000'],
      ['2', 2, '684.000000'],
      ['31', 1, '3200.000000'],
    ]);
    expect(report.gases).toEqual([
      { gas: 'CH4', kg: '0.003600' },
      { gas: 'CO2', kg: '2784.900000' },
    ]);
    expect(report.methods.map((m) => `${m.scopeCategory}/${m.formulaId}:${m.lines}`)).toEqual(['1/s1.fuel:2', '2/s2.location:1', '2/s2.market:1', '31/s3.c1.amount:1']);
    expect(report.factorSets).toEqual([
      { setId: 'idea', version: '3.4', lines: 1 },
      { setId: 'jp-shk', version: 'R6', lines: 2 },
    ]);
    expect(report.gwpSets).toEqual([{ id: 'ar6', version: '2021', lines: 5 }]);
  });
  it('does not depend on the order of the lines', () => {
    const reversed = buildGhgInventory({ companyId: 'c1', fiscalYear: 2024, position: '42', lines: [...lines].reverse() });
    expect(canonicalJson(reversed)).toBe(canonicalJson(report));
  });

  it('differs by category and by line: a late line, a changed line and a removed one, largest first', () => {
    const now = [
      ...lines.filter((l) => l.dealId !== 'd2'), // d2 removed: −205
      line({ dealId: 'd6', scopeCategory: '1', co2eKg: '1000.000000' }), // late: +1,000
    ].map((l) => (l.dealId === 'd5' ? { ...l, co2eKg: '3000.000000' } : l)); // corrected: −200
    const after = buildGhgInventory({ companyId: 'c1', fiscalYear: 2024, position: '50', lines: now });
    expect(diffCategories(report, after)).toEqual([
      { scopeCategory: '1', basis: null, filedKg: '2785.000000', nowKg: '3580.000000', differenceKg: '795.000000' }, // +1,000 − 205
      // Scope 2 on each basis: location 434 (d4 has none), market 390 + 250.
      { scopeCategory: '2', basis: 'location', filedKg: '434.000000', nowKg: '434.000000', differenceKg: '0.000000' },
      { scopeCategory: '2', basis: 'market', filedKg: '640.000000', nowKg: '640.000000', differenceKg: '0.000000' },
      { scopeCategory: '31', basis: null, filedKg: '3200.000000', nowKg: '3000.000000', differenceKg: '-200.000000' },
    ]);
    expect(diffLines(lines, now).map((d) => [d.dealId, d.filedKg, d.nowKg, d.differenceKg])).toEqual([
      ['d6', null, '1000.000000', '1000.000000'],
      ['d2', '205.000000', null, '-205.000000'],
      ['d5', '3200.000000', '3000.000000', '-200.000000'],
    ]);
  });
  it('lists a line moved to another section even when its figure is the same', () => {
    const moved = lines.map((l) => (l.dealId === 'd1' ? { ...l, sectionId: 's2' } : l));
    expect(diffLines(lines, moved)).toEqual([{ dealId: 'd1', scopeCategory: '1', sectionId: 's2', filedKg: '2580.000000', nowKg: '2580.000000', differenceKg: '0.000000' }]);
  });
});

describe('filing a report', () => {
  const file = (lines: number, regime: FileReport['regime'] = 'ghgProtocol'): FileReport => ({
    type: 'FileReport',
    reportId: 'r1',
    companyId: 'c1',
    fiscalYear: 2024,
    regime,
    position: '42',
    sha256: 'a'.repeat(64),
    headline:
      regime === 'ghgProtocol'
        ? { lines, figures: { scope1Kg: '1.000000', scope2LocationKg: '0.000000', scope2MarketKg: '0.000000', scope3Kg: '0.000000' } }
        : regime === 'shk'
          ? { lines, figures: { basicKg: '3200.000000', adjustedKg: '3000.000000', energyCo2BasicKg: '3100.000000', energyCo2AdjustedKg: '2900.000000', crudeOilKl: '1.500000' } }
          : { lines, figures: { gj: '58.140000', crudeOilKl: '1.500012' } },
    note: '',
  });
  const base = { reportId: 'r1', companyId: 'c1', fiscalYear: 2024, position: '42', sha256: 'a'.repeat(64) };
  it('given no report, when a GHG Protocol report is filed, then ReportFiled records the position, hash and totals (as every filing before the other regimes did)', () => {
    expect(given(reportDecider, []).when(file(3))).toEqual({
      ok: true,
      events: [{ type: 'ReportFiled', data: { ...base, regime: 'ghgProtocol', totals: { scope1Kg: '1.000000', scope2LocationKg: '0.000000', scope2MarketKg: '0.000000', scope3Kg: '0.000000', lines: 3 }, note: '' } }],
    });
  });
  it('given no report, when an SHK or 省エネ法 report is filed, then ReportFiled records its own figures by name, with no GHG Protocol totals', () => {
    expect(given(reportDecider, []).when(file(7, 'shk'))).toEqual({
      ok: true,
      events: [
        {
          type: 'ReportFiled',
          data: { ...base, regime: 'shk', figures: { lines: 7, basicKg: '3200.000000', adjustedKg: '3000.000000', energyCo2BasicKg: '3100.000000', energyCo2AdjustedKg: '2900.000000', crudeOilKl: '1.500000' }, note: '' },
        },
      ],
    });
    expect(given(reportDecider, []).when(file(2, 'energyConservation'))).toEqual({
      ok: true,
      events: [{ type: 'ReportFiled', data: { ...base, regime: 'energyConservation', figures: { lines: 2, gj: '58.140000', crudeOilKl: '1.500012' }, note: '' } }],
    });
  });
  it('given a filed report, when filed again, then it is refused', () => {
    const filed = given(reportDecider, []).when(file(3));
    expect(filed.ok && given(reportDecider, filed.events).when(file(3))).toEqual({ ok: false, error: 'report_exists' });
  });
  it.each(['ghgProtocol', 'shk', 'energyConservation'] as const)('given no report, when a %s report counting no line is filed, then it is refused', (regime) => {
    expect(given(reportDecider, []).when(file(0, regime))).toEqual({ ok: false, error: 'report_empty' });
  });
});
