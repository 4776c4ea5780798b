import { describe, expect, it } from 'vitest';
import { buildGhgInventory, type InventoryLine } from './ghgInventory';
import { buildInventorySupplement, type SupplementCertificate, type SupplementGoal, type SupplementOffset } from './inventorySupplement';

const line = (p: Partial<InventoryLine> & Pick<InventoryLine, 'dealId' | 'scopeCategory' | 'co2eKg'>): InventoryLine => ({
  sectionId: 's1',
  formulaId: 'f',
  locationKg: null,
  marketKg: null,
  gasesKg: {},
  factors: [],
  gwpSet: { id: 'AR6', version: '2021' },
  ...p,
});

// FY2025: scope 1 4,000 kg (CO2 3,990, CH4 0.3); scope 2 1,000 kg location / 800 kg market; scope 3 category 1 6,000 kg (CO2e only).
const content = buildGhgInventory({
  companyId: 'c1',
  fiscalYear: 2025,
  position: '900',
  lines: [
    line({ dealId: 'd1', scopeCategory: '1', co2eKg: '4000', gasesKg: { CO2: 3990, CH4: 0.3 } }),
    line({ dealId: 'd2', scopeCategory: '2', co2eKg: '1000', locationKg: '1000', marketKg: '800', gasesKg: { CO2: 1000 } }),
    line({ dealId: 'd3', scopeCategory: '31', co2eKg: '6000', gasesKg: { CO2e: 6000 } }),
  ],
});
const goal = (p: Partial<SupplementGoal>): SupplementGoal => ({ id: 'g', scopeCategory: '1', goalYear: 2030, goalEmission: 0, targetYear: 0, targetEmission: 0, goalEmissionPercentage: 0, ...p });
const offset = (p: Partial<SupplementOffset>): SupplementOffset => ({
  id: 'o',
  type: 'J-クレジット',
  particularNumberFrom: 'A-1',
  particularNumberTo: 'A-9',
  invalidOrRelocationQuantity: 1,
  invalidOrRelocationDate: '2025-06-01',
  authType: '無効化',
  ...p,
});
const certificate = (p: Partial<SupplementCertificate>): SupplementCertificate => ({
  id: 'n',
  certificateType: 'fit',
  quantityKwh: 1000,
  periodFrom: '2025-04-01',
  periodTo: '2025-09-30',
  fiscalYear: 2025,
  tracking: false,
  powerSource: null,
  generatorName: null,
  generatorLocation: null,
  ...p,
});
const build = (p: Partial<Parameters<typeof buildInventorySupplement>[0]> = {}) =>
  buildInventorySupplement({ content, startMonth: 4, baseYearRecords: [], goals: [], offsets: [], certificates: [], scopeSettingCategories: [], ...p });

describe('the inventory summary’s supplement', () => {
  it('given no base year, targets, offsets or certificates, states none, and is read at the report’s position', () => {
    const s = build();
    expect(s).toMatchObject({ position: '900', baseYear: null, targets: [], offsets: [], offsetsTonnes: '0.000000', certificates: [], certificatesKwh: '0.000000' });
  });

  it('compares the report with the latest base-year record on scope 1 + scope 2 location-based + scope 3', () => {
    const s = build({
      baseYearRecords: [
        { kind: 'set', baseYear: 2022, thresholdPercent: 5, position: '100', totalKg: '12000.000000', reason: null, note: null, recordedAt: '2025-01-01T00:00:00.000Z' },
        { kind: 'restated', baseYear: 2022, thresholdPercent: 5, position: '200', totalKg: '12500.000000', reason: 'error', note: 'invoice found', recordedAt: '2025-02-01T00:00:00.000Z' },
      ],
    });
    // Report: 4,000 + 1,000 + 6,000 = 11,000 kg; against 12,500: −1,500 kg, −12 %.
    expect(s.baseYear).toMatchObject({ baseYear: 2022, thresholdPercent: 5, baseYearKg: '12500.000000', reportKg: '11000.000000', changeKg: '-1500.000000', changePercent: -12 });
    expect(s.baseYear!.records.map((r) => r.kind)).toEqual(['set', 'restated']);
  });

  it('gives each goal set the year’s emission against its base and the share of the planned reduction achieved', () => {
    const s = build({
      goals: [
        // Scope 1: base 5 t, goal 3 t; this year 4 t → reduced 1 t (20 %), half of the 2 t planned (50 %).
        goal({ id: 'g1', scopeCategory: '1', targetYear: 2022, targetEmission: 5, goalEmission: 3, goalEmissionPercentage: 40 }),
        // Scope 3 as a whole: base 5 t, goal 5 t → no reduction planned, no progress; 6 t is 1 t above the base.
        goal({ id: 'g3', scopeCategory: '3', targetEmission: 5, goalEmission: 5 }),
        // Scope 2 (location-based, 1 t) in an earlier goal year comes first.
        goal({ id: 'g2', scopeCategory: '2', goalYear: 2026, targetYear: 2022, targetEmission: 2, goalEmission: 1, goalEmissionPercentage: 50 }),
        // A blank default goal is not listed.
        goal({ id: 'blank', scopeCategory: '31' }),
      ],
    });
    expect(s.targets.map((t) => t.id)).toEqual(['g2', 'g1', 'g3']);
    expect(s.targets[1]).toMatchObject({ baseYear: 2022, baseYearKg: '5000.000000', goalKg: '3000.000000', reportKg: '4000.000000', reductionKg: '1000.000000', reductionPercent: 20, progressPercent: 50 });
    expect(s.targets[0]).toMatchObject({ reportKg: '1000.000000', reductionKg: '1000.000000', reductionPercent: 50, progressPercent: 100 }); // (2 − 1) / (2 − 1)
    expect(s.targets[2]).toMatchObject({ baseYear: null, reportKg: '6000.000000', reductionKg: '-1000.000000', reductionPercent: -20, progressPercent: null });
  });

  it('lists the offsets of the fiscal year (by date, April to March) and the certificates for it, with their totals, apart from the scopes', () => {
    const s = build({
      offsets: [
        offset({ id: 'o1', invalidOrRelocationDate: '2025-04-01', invalidOrRelocationQuantity: 1.5 }),
        offset({ id: 'o2', invalidOrRelocationDate: '2026-03-31', invalidOrRelocationQuantity: 2.25 }),
        offset({ id: 'before', invalidOrRelocationDate: '2025-03-31' }),
        offset({ id: 'after', invalidOrRelocationDate: '2026-04-01' }),
      ],
      certificates: [certificate({ id: 'n1', quantityKwh: 1200 }), certificate({ id: 'n2', quantityKwh: 300.5, periodFrom: '2025-10-01' }), certificate({ id: 'other', fiscalYear: 2024 })],
    });
    expect(s.offsets.map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(s.offsetsTonnes).toBe('3.750000'); // 1.5 + 2.25 t-CO2
    expect(s.certificates.map((c) => c.id)).toEqual(['n1', 'n2']);
    expect(s.certificatesKwh).toBe('1500.500000'); // 1,200 + 300.5 kWh
    // Never subtracted: the scopes are the inventory's.
    expect([content.scope2MarketKg, content.scope1Kg]).toEqual(['800.000000', '4000.000000']);
  });

  it('takes a fiscal year starting in January for the offsets when the company’s year does', () => {
    const s = build({ startMonth: 1, offsets: [offset({ id: 'jan', invalidOrRelocationDate: '2025-01-15' }), offset({ id: 'next', invalidOrRelocationDate: '2026-01-15' })] });
    expect(s.offsets.map((o) => o.id)).toEqual(['jan']);
  });

  it('names the categories with no line (with how many scope settings each had) and the gas groups with no amount', () => {
    const s = build({ scopeSettingCategories: ['1', '34', '34', 'water'] });
    // Reported: 1, 2, 31. Not: 32 … 315 (14 categories); category 4 had two scope settings.
    expect(s.exclusions.categories.map((c) => c.scopeCategory)).toEqual(['32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315']);
    expect(s.exclusions.categories.find((c) => c.scopeCategory === '34')).toEqual({ scopeCategory: '34', scopeSettings: 2 });
    expect(s.exclusions.categories.find((c) => c.scopeCategory === '35')).toEqual({ scopeCategory: '35', scopeSettings: 0 });
    // CO2 and CH4 reported; 6,000 kg given as CO2e only, which may hold any gas.
    expect(s.exclusions.gases).toEqual(['N2O', 'HFC', 'PFC', 'SF6', 'NF3']);
    expect(s.exclusions.unsplitKg).toBe('6000.000000');
  });
});
