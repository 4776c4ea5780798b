import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeSettingCategories, type ScopeSettingCategory } from '@ghg/events';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * Every input category page has at least one formula that works end to end through the HTTP API:
 * a scope setting for it, one line recorded against it in fiscal year 2022, its answered co2eKg
 * equal to the arithmetic written here (the formulas' worked examples: domain/src/calculation/examples/batch.json
 * and the formula unit tests), and the ledger listing the line with the same figure (to its six decimals).
 *
 * FY2022's default basis pins SHK 'legacy' (valid to 2023-03-31); DESNZ 2025 does not reach FY2022, so its
 * published values are entered as `{ value, unit }` where an example used them. A number in a setting's or a
 * line's detail is a plain number in its field's unit (kg, kW, kg-CO2e, or the factor's unit): units come
 * with the deal's count or amount only.
 */

interface Row {
  formulaId: string;
  /** The scope setting's detail (factors and what is fixed for the activity). */
  detail: Record<string, unknown>;
  /** The deal: count with countUnit, amount with currency, item, client (the fields the formula maps from the deal). */
  deal: Record<string, unknown>;
  /** The line's own detail (the activity's other inputs, plain numbers in their fields' units), if any. */
  lineDetail?: Record<string, unknown>;
  /** Extra arguments of the ledger listing (scope 2's basis). */
  listing?: Record<string, unknown>;
  expectedKg: number;
}

/** Improved ton-km method, classic diesel regression (jp-meti-logistics): ln y = 2.71 − 0.812 ln(load rate) − 0.654 ln(max payload kg). */
const dieselLitresPerTonKm = (loadRatePercent: number, maxPayloadKg: number) =>
  Math.exp(2.71 - 0.812 * Math.log(loadRatePercent / 100) - 0.654 * Math.log(maxPayloadKg));

const ROWS: Record<ScopeSettingCategory, Row> = {
  // batch.json fuel-diesel: 12.5 kL × 2,580 kg/kL (SHK legacy diesel, 2.58 kg-CO2/L).
  '1': {
    formulaId: 's1.fuel',
    detail: { emissionIntensity: 'jp-shk:fuel.diesel' },
    deal: { count: 12.5, countUnit: 'kL', item: '軽油' },
    expectedKg: 12.5 * 2580,
  },
  // batch.json power-market: (120,000 kWh − 30 MWh of certificates) × 0.464 kg/kWh (Shikoku menu C), on the market basis.
  '2': {
    formulaId: 's2.market',
    detail: { emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' },
    deal: { count: 120, countUnit: '千kWh', item: 'electricity', client: '四国電力 メニューC' },
    lineDetail: { certificates: 30 }, // in the deal's unit: 30 千kWh = 30 MWh
    listing: { scope2EmissionIntensityType: 'market' },
    expectedKg: (120_000 - 30_000) * 0.464,
  },
  // batch.json purchases-usd: 42,000 USD × 135.5 JPY/USD (FY2022 rate) × 2.1 t-CO2e/百万円 (0.0021 kg/JPY).
  '31': {
    formulaId: 's3.1.spend',
    detail: { emissionIntensity: { value: 2.1, unit: 't-CO2e/百万円' } },
    deal: { amount: 42_000, currency: 'USD', item: 'packaging materials' },
    expectedKg: 42_000 * 135.5 * (2.1 / 1000),
  },
  // scope3-shared-builders s3.2.activity: 3 t × 2.2 t-CO2e/t.
  '32': {
    formulaId: 's3.2.activity',
    detail: { emissionIntensity: { value: 2.2, unit: 't-CO2e/t' } },
    deal: { count: 3, countUnit: 't', item: 'machine tool' },
    expectedKg: 3 * 2.2 * 1000,
  },
  // batch.json diesel-wtt: 12.5 kL × 0.61101 kg-CO2e/L (DESNZ WTT diesel, entered: DESNZ 2025 does not reach FY2022).
  '33': {
    formulaId: 's3.3.fuel-upstream',
    detail: { emissionIntensity: { value: 0.61101, unit: 'kg-CO2e/L', stage: 'WTT' } },
    deal: { count: 12.5, countUnit: 'kL', item: '軽油' },
    expectedKg: 12_500 * 0.61101,
  },
  // scope3-transport improved ton-km: 10,000 t·km × y(50 %, 4,000 kg) L/t·km × 2.58 kg/L (SHK legacy diesel), no WTT.
  '34': {
    formulaId: 's3.4.improved-tonkm',
    detail: { fuelType: 'diesel', loadRate: 50, maxPayload: 4000, fuelIntensity: 'jp-shk:fuel.diesel' },
    deal: { item: 'steel coils' },
    lineDetail: { freight: 10_000 },
    expectedKg: 10_000 * dieselLitresPerTonKm(50, 4000) * 2.58,
  },
  // batch.json waste-landfill: 14.2 t × 520.5327 kg-CO2e/t (DESNZ commercial & industrial landfill, entered).
  '35': {
    formulaId: 's3.5.waste',
    detail: { emissionIntensity: { value: 520.5327, unit: 'kg-CO2e/t' } },
    deal: { count: 14.2, countUnit: 't', item: 'mixed industrial waste' },
    expectedKg: 14.2 * 520.5327,
  },
  // batch.json trip-days: 12 travellers × 3 days × 0.027 t-CO2e/person-day (supply-chain DB Ver.2.5, domestic stay).
  '36': {
    formulaId: 's3.6.travel-days',
    detail: { travelType: 'domesticStay' },
    deal: {},
    lineDetail: { travellers: 12, days: 3 },
    expectedKg: 12 * 3 * 27,
  },
  // batch.json commute-rail: 180 employees × 14 km × 2 × 242 days × 0.0236 kg-CO2/pkm (supply-chain DB Ver.2.5, rail).
  '37': {
    formulaId: 's3.7.distance',
    detail: { mode: 'rail', distance: 14, businessDays: 242 },
    deal: {},
    lineDetail: { employees: 180 },
    expectedKg: 180 * 14 * 2 * 242 * 0.0236,
  },
  // scope3-shared-builders s3.8.energy: 3,000 L kerosene × 2.49 kg-CO2/L (SHK legacy).
  '38': {
    formulaId: 's3.8.energy',
    detail: { emissionIntensity: 'jp-shk:fuel.kerosene' },
    deal: { count: 3000, countUnit: 'L', item: '灯油' },
    expectedKg: 3000 * 2.49,
  },
  // batch.json outbound-fuel-economy: 5,400 km ÷ 6.8 km/L × 2.58 kg-CO2/L (SHK legacy diesel), no WTT.
  '39': {
    formulaId: 's3.9.fuel-economy',
    detail: { fuelEconomy: 6.8, fuelIntensity: 'jp-shk:fuel.diesel' },
    deal: { item: 'finished goods' },
    lineDetail: { distance: 5400 },
    expectedKg: (5400 / 6.8) * 2.58,
  },
  // scope3-purchases processing of sold products: 100 t × 0.2 t-CO2e/t.
  '310': {
    formulaId: 's3.10.activity',
    detail: { emissionIntensity: { value: 0.2, unit: 't-CO2e/t' } },
    deal: { count: 100, countUnit: 't', item: 'resin pellets' },
    expectedKg: 100 * 0.2 * 1000,
  },
  // batch.json sold-aircon: 1,200 units × 850 W = 0.85 kW × 1,100 h/yr × 10 yr × 0.464 kg/kWh (Shikoku menu C).
  '311': {
    formulaId: 's3.11.power',
    detail: { power: 0.85, operatingHours: 1100, serviceLife: 10, electricityIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' },
    deal: { count: 1200, countUnit: '台', item: 'room air conditioner' },
    expectedKg: 1200 * 0.85 * 1100 * 10 * 0.464,
  },
  // batch.json food-eol: 3.5 t = 3,500 kg edible weight × 77 % carbon × 40 % incinerated × 44/12.
  '312': {
    formulaId: 's3.12.edible-weight',
    detail: { ratio: 77, coefficient: 40 },
    deal: { item: 'edible oil' },
    lineDetail: { edibleWeight: 3500 },
    expectedKg: (3500 * 0.77 * 0.4 * 44) / 12,
  },
  // scope3-shared-builders s3.13.floor-area: 1.5 千m² = 1,500 m² × 40 kg-CO2e/m².
  '313': {
    formulaId: 's3.13.floor-area',
    detail: { emissionIntensity: { value: 40, unit: 'kg-CO2e/m2' } },
    deal: { count: 1.5, countUnit: '千m2', item: 'leased warehouse' },
    expectedKg: 1500 * 40,
  },
  // scope3-products franchisee-reported: 50 t-CO2e × 100 %.
  '314': {
    formulaId: 's3.14.reported',
    detail: { share: 100 },
    deal: { client: 'franchisee A' },
    lineDetail: { reportedEmissions: 50_000 },
    expectedKg: 50 * 1000,
  },
  // batch.json equity-stake: investee 5,400 t-CO2e × 15 % equity.
  '315': {
    formulaId: 's3.15.investment',
    detail: { investmentType: 'equity', equityShare: 15 },
    deal: { client: 'Example Co.' },
    lineDetail: { investeeEmissions: 5_400_000 },
    expectedKg: 5400 * 1000 * 0.15,
  },
  // batch.json water: 8.4 千m³ supplied × 0.19130 + 7,900 m³ treated × 0.17088 kg-CO2e/m³ (DESNZ water, entered).
  water: {
    formulaId: 'water.supply-treatment',
    detail: { supplyIntensity: { value: 0.1913, unit: 'kg-CO2e/m3' }, treatmentIntensity: { value: 0.17088, unit: 'kg-CO2e/m3' } },
    deal: { item: 'head office' },
    lineDetail: { supplyVolume: 8400, treatmentVolume: 7900 },
    expectedKg: 8400 * 0.1913 + 7900 * 0.17088,
  },
};

const CATEGORIES = Object.keys(ROWS) as ScopeSettingCategory[];

describeOnBackends('every input category has a working formula', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let plant: string;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    const sections = (await call(app, 'GET', '/api/company-section', users.admin)).body.companySections as { id: string; name: string }[];
    plant = sections.find((s) => s.name === '第一工場')!.id;
    const basis = await call(app, 'POST', '/api/calculation-basis', users.admin, { fiscalYear: 2022 });
    expect(basis.status, JSON.stringify(basis.body)).toBe(200);
    // Category 3-1's example is in USD: FY2022's rate, 135.5 JPY/USD (batch.json's context).
    const rate = await call(app, 'POST', '/api/currency', users.admin, { fiscalYear: 2022, currencyUnit: 'USD', rate: 135.5 });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('has a row for every scope setting category, and none other', () => {
    expect([...CATEGORIES].sort()).toEqual([...scopeSettingCategories].sort());
  });

  it("pins FY2022's basis to the factor-set versions the rows rely on", async () => {
    const res = await call(app, 'GET', '/api/calculation-basis?fiscalYear=2022', users.viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calculationBasis).toMatchObject({
      fiscalYear: 2022,
      factorSets: { 'jp-shk': 'legacy', 'jp-shk-electricity-suppliers': 'FY2023', 'jp-meti-logistics': 'classic', 'jp-moe-scdb': '2.5' },
    });
  });

  it.each(CATEGORIES)('category %s: a setting, a line whose co2eKg is the worked arithmetic, listed in the ledger', async (category) => {
    const row = ROWS[category];
    const setting = await call(app, 'POST', '/api/create-scope-settings', users.admin, {
      scopeSettings: [{ scopeCategory: category, formulaId: row.formulaId, section: plant, detail: row.detail }],
    });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    const scopeSettingId = setting.body.scopeSettings[0].id as string;

    const dealId = `every-category-${category}`;
    const recorded = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: dealId, occurrenceDate: '2022-07-01', ...row.deal },
      scopeSetting: { id: scopeSettingId },
      ...(row.lineDetail ? { scopeSettingDetail: row.lineDetail } : {}),
    });
    expect(recorded.status, `${row.formulaId}: ${JSON.stringify(recorded.body)}`).toBe(200);
    expect(recorded.body.line).toMatchObject({ dealId, scopeSettingId, fiscalYear: 2022, scopeSetting: { scopeCategory: category, formulaId: row.formulaId } });
    const kg = recorded.body.line.co2eKg as number;
    expect(kg).toBeCloseTo(row.expectedKg, 6);

    const listed = await call(app, 'POST', '/api/user-input-table-data', users.viewer, { fiscalYear: 2022, scopeId: category, ...row.listing });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const lines = (listed.body.lines as { dealId: string; formulaId: string; scopeCategory: string; co2eKg: number }[]).filter((l) => l.dealId === dealId);
    expect(lines).toEqual([expect.objectContaining({ dealId, scopeSettingId, formulaId: row.formulaId, scopeCategory: category, fiscalYear: 2022 })]);
    // The ledger keeps kg to six decimals (decimal(24, 6)): 11,951.099999999999 is listed as 11,951.1.
    expect(Math.abs(lines[0]!.co2eKg - kg)).toBeLessThanOrEqual(5e-7);
  });
});
