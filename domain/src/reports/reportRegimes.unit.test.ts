import { describe, expect, it } from 'vitest';
import { regimeFigures, ReportFiled, reportRegimes } from '@ghg/events';
import { buildEnergyReport } from './energyReport';
import { buildGhgInventory } from './ghgInventory';
import { figureDifferences, filedHeadline, headlineFigures, headlineOf, recordedFigures, reportRegimeRules } from './reportRegimes';
import { buildShkReport, type ShkLine } from './shkReport';

const AR6 = { id: 'AR6', version: '2021' };
const line = (p: Partial<ShkLine> & Pick<ShkLine, 'dealId'>): ShkLine => ({
  fiscalYear: 2024,
  fiscalMonth: 1,
  sectionId: 'plant',
  scopeCategory: '1',
  formulaId: 's1.fuel-heat',
  quantity: null,
  unit: null,
  factors: [],
  co2eKg: '0.000000',
  locationKg: null,
  marketKg: null,
  gasesKg: {},
  gwpSet: AR6,
  ...p,
});
// Diesel 1,000 L at 37.7 GJ/kL = 37.7 GJ, 2,580 kg CO2.
const diesel = line({ dealId: 'fuel', quantity: '1000', unit: 'L', factors: [{ setId: 'jp-shk', version: 'legacy', key: 'heatingValue.diesel', values: [{ value: 37.7, unit: 'GJ/kL' }] }], co2eKg: '2580.000000', gasesKg: { CO2: 2580 } });
// 10,000 kWh in FY2024: 10 千kWh × 8.64 = 86.4 GJ; location 10,000 × 0.434 = 4,340 kg, market 10,000 × 0.2784 = 2,784 kg.
const power = line({
  dealId: 'power',
  scopeCategory: '2',
  formulaId: 's2.market',
  quantity: '10000',
  unit: 'kWh',
  factors: [{ setId: 'suppliers', version: 'FY2023', key: 'menu', values: [{ value: 0.2784, unit: 'kg-CO2/kWh' }] }],
  co2eKg: '2784.000000',
  locationKg: '4340.000000',
  marketKg: '2784.000000',
  gasesKg: { CO2: 2784 },
});
// Purchased goods, 3,200 kg: scope 3, outside SHK and not energy.
const goods = line({ dealId: 'goods', scopeCategory: '31', formulaId: 's3.c1.amount', co2eKg: '3200.000000', gasesKg: { CO2e: 3200 } });
const lines = [diesel, power, goods];
const at = { companyId: 'c1', fiscalYear: 2024, position: '42' };

const ghg = buildGhgInventory({ ...at, lines: lines.map((l) => ({ ...l, factors: l.factors.map((f) => ({ setId: f.setId, version: f.version })) })) });
const shk = buildShkReport({ ...at, lines, certificates: [], offsets: [], startMonth: 4 }).content;
const energy = buildEnergyReport({ ...at, lines, sections: new Map(), intensities: [] }).content;

describe('the regimes a report is filed under', () => {
  it('registers every regime of @ghg/events once, each with its headline figures in the order @ghg/events names them', () => {
    expect(Object.keys(reportRegimeRules).sort()).toEqual([...reportRegimes].sort());
    expect(Object.keys(headlineOf(ghg).figures)).toEqual([...regimeFigures.ghgProtocol]);
    expect(Object.keys(headlineOf(shk).figures)).toEqual([...regimeFigures.shk]);
    expect(Object.keys(headlineOf(energy).figures)).toEqual([...regimeFigures.energyConservation]);
  });

  it('GHG Protocol: the scopes, and every line of the year', () => {
    // Scope 1: 2,580; scope 2: 4,340 location, 2,784 market; scope 3: 3,200. Three lines.
    expect(headlineOf(ghg)).toEqual({ lines: 3, figures: { scope1Kg: '2580.000000', scope2LocationKg: '4340.000000', scope2MarketKg: '2784.000000', scope3Kg: '3200.000000' } });
  });

  it('SHK: 基礎 and 調整後排出量 with their energy-origin CO2, the kL of the threshold, and the lines SHK counts (scope 3 is outside)', () => {
    // Basic: fuel 2,580 + electricity location 4,340 = 6,920; adjusted: 2,580 + market 2,784 = 5,364 (no other gas, no adjustment).
    // kL: (37.7 + 86.4) GJ = 124.1 GJ × 0.0258 = 3.20178 kL. Lines: diesel and power (2 of 3).
    expect(headlineOf(shk)).toEqual({
      lines: 2,
      figures: { basicKg: '6920.000000', adjustedKg: '5364.000000', energyCo2BasicKg: '6920.000000', energyCo2AdjustedKg: '5364.000000', crudeOilKl: '3.201780' },
    });
    expect(reportRegimeRules.shk.countsLine!(goods)).toBe(false);
    expect(reportRegimeRules.shk.countsLine!(power)).toBe(true);
  });

  it('省エネ法: the energy of the fiscal year filed (the last of the five) and its crude-oil equivalent; not compared line by line', () => {
    // 37.7 + 86.4 = 124.1 GJ; × 0.0258 = 3.20178 kL; two energy lines.
    expect(headlineOf(energy)).toEqual({ lines: 2, figures: { gj: '124.100000', crudeOilKl: '3.201780' } });
    expect(reportRegimeRules.energyConservation.countsLine).toBeNull();
  });

  it('differs figure by figure, exactly: a late 1,000 kWh line adds 434 kg to the basic figure and 278.4 kg to the adjusted one', () => {
    const filed = headlineOf(shk).figures;
    const now = { ...filed, basicKg: '7354.000000', adjustedKg: '5642.400000' }; // 6,920 + 434; 5,364 + 278.4
    expect(figureDifferences('shk', filed, now).slice(0, 2)).toEqual([
      { figure: 'basicKg', unit: 'kg', filed: '6920.000000', now: '7354.000000', difference: '434.000000' },
      { figure: 'adjustedKg', unit: 'kg', filed: '5364.000000', now: '5642.400000', difference: '278.400000' },
    ]);
    expect(figureDifferences('energyConservation', { gj: '124.100000', crudeOilKl: '3.201780' }, { gj: '124.000000', crudeOilKl: '3.199200' }).map((f) => [f.unit, f.difference])).toEqual([
      ['GJ', '-0.100000'],
      ['kL', '-0.002580'], // 3.1992 − 3.20178
    ]);
    expect(() => headlineFigures('shk', { basicKg: '1.000000' })).toThrow(/adjustedKg/);
    expect(headlineFigures('shk', { basicKg: '1.000000' }, 'skip')).toEqual([{ figure: 'basicKg', unit: 'kg', value: '1.000000' }]);
  });
});

describe('what a ReportFiled event records', () => {
  const data = { reportId: 'r1', companyId: 'c1', fiscalYear: 2024, position: '42', sha256: 'a'.repeat(64), note: '' };
  it('each regime’s figures, valid by the contract; the GHG Protocol’s as `totals`, the others’ as `figures`; read back the same', () => {
    for (const content of [ghg, shk, energy]) {
      const headline = headlineOf(content);
      const event = { ...data, regime: content.regime, ...recordedFigures(content.regime, headline) };
      expect(ReportFiled.schema.safeParse(event).success, content.regime).toBe(true);
      expect(filedHeadline(event)).toEqual(headline);
    }
    expect(recordedFigures('shk', headlineOf(shk))).not.toHaveProperty('totals');
    expect(recordedFigures('ghgProtocol', headlineOf(ghg))).toEqual({ totals: { scope1Kg: '2580.000000', scope2LocationKg: '4340.000000', scope2MarketKg: '2784.000000', scope3Kg: '3200.000000', lines: 3 } });
  });
  it('an event filed before the other regimes (GHG Protocol, `totals`) is still valid and reads the same', () => {
    const old = { ...data, regime: 'ghgProtocol', totals: { scope1Kg: '1.000000', scope2LocationKg: '2.000000', scope2MarketKg: '3.000000', scope3Kg: '4.000000', lines: 5 } };
    expect(ReportFiled.schema.safeParse(old).success).toBe(true);
    expect(filedHeadline(ReportFiled.schema.parse(old))).toEqual({ lines: 5, figures: { scope1Kg: '1.000000', scope2LocationKg: '2.000000', scope2MarketKg: '3.000000', scope3Kg: '4.000000' } });
  });
  it('refuses a figure it does not name, or one that is not exact decimal text', () => {
    expect(ReportFiled.schema.safeParse({ ...data, regime: 'shk', figures: { lines: 1, basicKg: '1.000000', totalKg: '1.000000' } }).success).toBe(false);
    expect(ReportFiled.schema.safeParse({ ...data, regime: 'shk', figures: { lines: 1, basicKg: '1.5' } }).success).toBe(false);
    expect(ReportFiled.schema.safeParse({ ...data, regime: 'nationalInventory', figures: { lines: 1 } }).success).toBe(false);
  });
});
