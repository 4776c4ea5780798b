import { describe, expect, it } from 'vitest';
import { buildShkReport, creditKindOf, splitScopeOne, tonnesOf, type ShkLine } from './shkReport';
import { microOf } from './decimalKg';

const AR6 = { id: 'AR6', version: '2021' };
const line = (p: Partial<ShkLine> & Pick<ShkLine, 'dealId'>): ShkLine => ({
  fiscalYear: 2024,
  fiscalMonth: 1,
  sectionId: 'plant',
  scopeCategory: '1',
  formulaId: 's1.fuel',
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
const dieselHeat = { setId: 'jp-shk', version: 'legacy', key: 'heatingValue.diesel', values: [{ value: 37.7, unit: 'GJ/kL' }] };
const grid = { setId: 'jp-shk-electricity-suppliers', version: 'FY2023', key: 'shikoku.menuC', values: [{ value: 0.464, unit: 'kg-CO2/kWh' }] };
// 10,000 kWh: location 10,000 × 0.434 = 4,340 kg; market (10,000 − 4,000 certificates on the line) × 0.464 = 2,784 kg.
const power = (dealId: string, fiscalMonth: number): ShkLine =>
  line({ dealId, fiscalMonth, scopeCategory: '2', formulaId: 's2.market', quantity: '10000', unit: 'kWh', factors: [grid], co2eKg: '2784.000000', locationKg: '4340.000000', marketKg: '2784.000000', gasesKg: { CO2: 2784 } });

describe('classifying a scope-1 line', () => {
  it('fuel: CO2 is energy-origin CO2, the whole recorded CO2e', () => {
    const s = splitScopeOne(line({ dealId: 'd', co2eKg: '2580.000000', gasesKg: { CO2: 2580 } }));
    expect(s).toEqual({ ok: true, parts: new Map([['energyCo2', microOf('2580')]]), unsplitCo2e: false });
  });
  it('fuel with CO2, CH4 and N2O (AR6): CH4 0.1 kg × 27.9 = 2.79, N2O 0.02 kg × 273 = 5.46, CO2 the rest 1,008.25 − 2.79 − 5.46 = 1,000', () => {
    const s = splitScopeOne(line({ dealId: 'd', co2eKg: '1008.250000', gasesKg: { CO2: 1000, CH4: 0.1, N2O: 0.02 } }));
    expect(s).toEqual({
      ok: true,
      parts: new Map([
        ['ch4', microOf('2.79')],
        ['n2o', microOf('5.46')],
        ['energyCo2', microOf('1000')],
      ]),
      unsplitCo2e: false,
    });
  });
  it('process CO2 is non-energy CO2; a refrigerant blend R-410A is HFCs (5 kg HFC-32 × 771 + 5 kg HFC-125 × 3,740 = 22,555 kg)', () => {
    expect(splitScopeOne(line({ dealId: 'p', formulaId: 's1.process-co2', co2eKg: '440.000000', gasesKg: { CO2: 440 } }))).toMatchObject({ ok: true, parts: new Map([['nonEnergyCo2', microOf('440')]]) });
    expect(splitScopeOne(line({ dealId: 'r', formulaId: 's1.refrigerant', co2eKg: '22555.000000', gasesKg: { 'HFC-32': 5, 'HFC-125': 5 } }))).toMatchObject({ ok: true, parts: new Map([['hfcs', microOf('22555')]]) });
  });
  it('cannot classify CO2 entered as a gas (energy or not?), unsplit CO2e outside fuel, a custom gas, or a mixed line on an unknown GWP set', () => {
    expect(splitScopeOne(line({ dealId: 'x', formulaId: 's1.gas', co2eKg: '100.000000', gasesKg: { CO2: 100 } }))).toEqual({ ok: false, reason: 'co2OriginUnknown' });
    expect(splitScopeOne(line({ dealId: 'x', formulaId: 's1.process-co2', co2eKg: '100.000000', gasesKg: { CO2e: 100 } }))).toEqual({ ok: false, reason: 'unsplitCo2e' });
    expect(splitScopeOne(line({ dealId: 'x', formulaId: 's1.gas', co2eKg: '100.000000', gasesKg: { 'custom:HFO-X': 1 } }))).toEqual({ ok: false, reason: 'customGas' });
    expect(splitScopeOne(line({ dealId: 'x', co2eKg: '1008.250000', gasesKg: { CO2: 1000, CH4: 0.1, N2O: 0.02 }, gwpSet: { id: 'AR4', version: '2007' } }))).toEqual({ ok: false, reason: 'gwpUnknown' });
  });
  it('fuel given in unsplit CO2e counts as energy-origin CO2 (and is named)', () => {
    expect(splitScopeOne(line({ dealId: 'x', co2eKg: '100.000000', gasesKg: { CO2e: 100 } }))).toEqual({ ok: true, parts: new Map([['energyCo2', microOf('100')]]), unsplitCo2e: true });
  });
});

describe('credits SHK accepts', () => {
  it('J-クレジット (any spelling), J-VER, 国内クレジット: domestic; JCM: overseas; グリーン電力証書: green energy — all only when 無効化', () => {
    expect(creditKindOf({ type: 'J-クレジット', authType: '無効化' })).toEqual({ counted: 'domesticCredits', reason: null });
    expect(creditKindOf({ type: 'Ｊクレジット', authType: '無効化' }).counted).toBe('domesticCredits');
    expect(creditKindOf({ type: 'J-VER', authType: '無効化' }).counted).toBe('domesticCredits');
    expect(creditKindOf({ type: '国内クレジット', authType: '無効化' }).counted).toBe('domesticCredits');
    expect(creditKindOf({ type: 'JCM', authType: '無効化' }).counted).toBe('jcmCredits');
    expect(creditKindOf({ type: 'グリーン電力証書', authType: '無効化' }).counted).toBe('greenEnergyCertificates');
    expect(creditKindOf({ type: 'グリーン熱証書', authType: '無効化' }).counted).toBe('greenEnergyCertificates');
    expect(creditKindOf({ type: 'JCM', authType: '償却前移転' })).toEqual({ counted: null, reason: 'useNotAccepted' });
    expect(creditKindOf({ type: 'VCS', authType: '無効化' })).toEqual({ counted: null, reason: 'typeNotAccepted' });
    expect(creditKindOf({ type: 'Gold Standard', authType: '無効化' })).toEqual({ counted: null, reason: 'typeNotAccepted' });
  });
});

describe('t-CO2 as SHK reports it: the fraction truncated', () => {
  it('2,580.9 kg → 2 t; 999.999999 kg → 0 t; 3,000,000 kg → 3,000 t', () => {
    expect(tonnesOf(microOf('2580.9'))).toBe('2');
    expect(tonnesOf(microOf('999.999999'))).toBe('0');
    expect(tonnesOf(microOf('3000000'))).toBe('3000');
  });
});

describe('the report of FY2024 (year from April)', () => {
  // Given:
  //  a-diesel   s1.fuel-heat 1,000 L × 37.7 GJ/kL × 0.0187 t-C/GJ × 44/12 = 2,584.963333 kg CO2 (energy 37.7 GJ)
  //  b-gas      s1.fuel, a US EPA factor: CO2 1,000 kg, CH4 0.1 kg, N2O 0.02 kg = 1,008.25 kg CO2e (AR6); no heating value
  //  c-process  s1.process-co2 440 kg
  //  d-r410a    s1.refrigerant 22,555 kg (HFCs)
  //  e-sf6      s1.gas 150 kg SF6 × 25,200 = 3,780,000 kg
  //  f-co2gas   s1.gas 100 kg CO2 (energy or not? unclassified)
  //  g-power-01…11  s2.market 10,000 kWh each (months 1–11): location 4,340, market 2,784 kg each
  //  h-nomarket s2.location 1,000 kWh in month 11: location 434 kg, no market figure
  //  z-purchase scope 3-1, 99,999 kg (not SHK)
  const lines: ShkLine[] = [
    line({ dealId: 'a-diesel', formulaId: 's1.fuel-heat', quantity: '1000', unit: 'L', factors: [dieselHeat], co2eKg: '2584.963333', gasesKg: { CO2: 2584.963333 } }),
    line({ dealId: 'b-gas', factors: [{ setId: 'us-epa-hub', version: '2024', key: 'stationary.naturalGas', values: [{ value: 53.06, unit: 'kg-CO2/mmBtu' }] }], quantity: '18.8', unit: 'mmBtu', co2eKg: '1008.250000', gasesKg: { CO2: 1000, CH4: 0.1, N2O: 0.02 } }),
    line({ dealId: 'c-process', formulaId: 's1.process-co2', co2eKg: '440.000000', gasesKg: { CO2: 440 } }),
    line({ dealId: 'd-r410a', formulaId: 's1.refrigerant', co2eKg: '22555.000000', gasesKg: { 'HFC-32': 5, 'HFC-125': 5 } }),
    line({ dealId: 'e-sf6', formulaId: 's1.gas', co2eKg: '3780000.000000', gasesKg: { SF6: 150 } }),
    line({ dealId: 'f-co2gas', formulaId: 's1.gas', co2eKg: '100.000000', gasesKg: { CO2: 100 } }),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => power(`g-power-${String(m).padStart(2, '0')}`, m)),
    line({ dealId: 'h-nomarket', fiscalMonth: 11, scopeCategory: '2', formulaId: 's2.location', quantity: '1000', unit: 'kWh', co2eKg: '434.000000', locationKg: '434.000000', gasesKg: { CO2: 434 } }),
    line({ dealId: 'z-purchase', scopeCategory: '31', formulaId: 's3.1.spend', co2eKg: '99999.000000', gasesKg: { CO2e: 99999 } }),
  ];
  const certificates = [
    { id: 'nf-1', certificateType: 'non_fit_renewable', quantityKwh: 20000, fiscalYear: 2024 },
    { id: 'nf-old', certificateType: 'fit', quantityKwh: 50000, fiscalYear: 2023 },
  ];
  const offsets = [
    { id: 'o1', type: 'J-クレジット', quantityT: 1.5, date: '2024-06-30', authType: '無効化' },
    { id: 'o2', type: 'JCM', quantityT: 2, date: '2025-03-31', authType: '無効化' },
    { id: 'o3', type: 'JCM', quantityT: 3, date: '2024-05-01', authType: '償却前移転' },
    { id: 'o4', type: 'VCS', quantityT: 4, date: '2024-05-01', authType: '無効化' },
    { id: 'o5', type: 'グリーン電力証書', quantityT: 30, date: '2024-08-01', authType: '無効化' },
    { id: 'o6', type: 'J-クレジット', quantityT: 5, date: '2025-04-01', authType: '無効化' },
  ];
  const input = { companyId: 'c', fiscalYear: 2024, position: '42', lines, certificates, offsets, startMonth: 4 };
  const { content, gaps } = buildShkReport(input);

  it('energy-origin CO2: fuel 2,584.963333 + 1,000 (b-gas CO2) = 3,584.963333 kg; purchased basic 11 × 4,340 + 434 = 48,174; adjusted 11 × 2,784 = 30,624', () => {
    expect(content.energyCo2).toEqual({
      fuel: { lines: 2, kg: '3584.963333', t: '3' },
      purchasedBasic: { lines: 12, kg: '48174.000000', t: '48' },
      purchasedAdjusted: { lines: 11, kg: '30624.000000', t: '30' },
      // 3,584.963333 + 48,174 = 51,758.963333; 3,584.963333 + 30,624 = 34,208.963333
      basic: { kg: '51758.963333', t: '51' },
      adjusted: { kg: '34208.963333', t: '34' },
    });
  });

  it('the other gases: non-energy CO2 440, CH4 2.79, N2O 5.46, HFCs 22,555, SF6 3,780,000; PFCs and NF3 none', () => {
    expect(content.gases).toEqual([
      { gas: 'energyCo2', lines: 14, kg: '51758.963333', t: '51' },
      { gas: 'nonEnergyCo2', lines: 1, kg: '440.000000', t: '0' },
      { gas: 'ch4', lines: 1, kg: '2.790000', t: '0' },
      { gas: 'n2o', lines: 1, kg: '5.460000', t: '0' },
      { gas: 'hfcs', lines: 1, kg: '22555.000000', t: '22' },
      { gas: 'pfcs', lines: 0, kg: '0.000000', t: '0' },
      { gas: 'sf6', lines: 1, kg: '3780000.000000', t: '3780' },
      { gas: 'nf3', lines: 0, kg: '0.000000', t: '0' },
    ]);
  });

  it('基礎排出量 = 51,758.963333 + 440 + 2.79 + 5.46 + 22,555 + 3,780,000 = 3,854,762.213333 kg → 3,854 t (truncated)', () => {
    expect(content.basic).toEqual({ kg: '3854762.213333', t: '3854', complete: true });
  });

  it('certificates: 20,000 kWh × (48,174 kg ÷ 111,000 kWh = 0.434 kg/kWh, the lines’ grid average) = 8,680 kg; the FY2023 one is not counted', () => {
    expect(content.certificateFactor).toEqual({ kgPerKwh: '0.434000', lines: 12, kwh: '111000.000000' });
    expect(content.certificates).toEqual([{ id: 'nf-1', certificateType: 'non_fit_renewable', quantityKwh: '20000.000000' }]);
    expect(content.adjustments[0]).toEqual({ kind: 'nonFossilCertificates', records: 1, quantity: '20000.000000', unit: 'kWh', kg: '8680.000000', t: '8', uncappedKg: '8680.000000', capped: false });
  });

  it('credits of the fiscal year (2024-04-01 … 2025-03-31): J-クレジット 1.5 t, JCM 2 t; green power 30 t capped at what is left of the purchased CO2 (30,624 − 8,680 = 21,944 kg)', () => {
    expect(content.adjustments.slice(1)).toEqual([
      { kind: 'domesticCredits', records: 1, quantity: '1.500000', unit: 't-CO2', kg: '1500.000000', t: '1', uncappedKg: '1500.000000', capped: false },
      { kind: 'jcmCredits', records: 1, quantity: '2.000000', unit: 't-CO2', kg: '2000.000000', t: '2', uncappedKg: '2000.000000', capped: false },
      { kind: 'greenEnergyCertificates', records: 1, quantity: '30.000000', unit: 't-CO2', kg: '21944.000000', t: '21', uncappedKg: '30000.000000', capped: true },
    ]);
    expect(content.offsets.map((o) => [o.id, o.counted, o.reason])).toEqual([
      ['o3', null, 'useNotAccepted'],
      ['o4', null, 'typeNotAccepted'],
      ['o1', 'domesticCredits', null],
      ['o5', 'greenEnergyCertificates', null],
      ['o2', 'jcmCredits', null],
    ]);
  });

  it('調整後排出量 = 34,208.963333 + 3,803,003.25 (other gases) = 3,837,212.213333 − (8,680 + 1,500 + 2,000 + 21,944 = 34,124) = 3,803,088.213333 kg → 3,803 t; incomplete (h-nomarket)', () => {
    expect(content.adjusted).toEqual({ beforeAdjustmentsKg: '3837212.213333', kg: '3803088.213333', t: '3803', complete: false });
  });

  it('thresholds: energy (37.7 GJ diesel + 111,000 kWh × 8.64 GJ/千kWh = 959.04 GJ) = 996.74 GJ × 0.0258 = 25.715892 kL < 1,500; SF6 3,780 t ≥ 3,000', () => {
    expect(content.thresholds.energy).toEqual({ crudeOilKl: '25.715892', thresholdKl: '1500', met: false, complete: false });
    expect(content.thresholds.gases.filter((g) => g.met).map((g) => g.gas)).toEqual(['sf6']);
    expect(content.thresholds.gases.find((g) => g.gas === 'hfcs')).toEqual({ gas: 'hfcs', t: '22', thresholdT: '3000', met: false });
  });

  it('names what is missing: month 12 without electricity, the line without a market figure, the unclassifiable line, the fuel without heating value, a GWP set that is not SHK’s', () => {
    expect(gaps).toEqual([
      { kind: 'monthsWithoutElectricity', months: [12] },
      { kind: 'electricityWithoutAdjusted', dealIds: ['h-nomarket'] },
      { kind: 'unclassified', reason: 'co2OriginUnknown', dealIds: ['f-co2gas'] },
      { kind: 'energyIncomplete', reason: 'fuelWithoutHeatingValue', dealIds: ['b-gas'] },
      { kind: 'gwpSetNotShk', sets: [{ id: 'AR6', version: '2021', lines: 18 }] },
    ]);
  });

  it('says how each line was classified, scope 3 out of scope', () => {
    expect(content.classification).toEqual([
      { rule: 'fuelCombustion', scopeCategory: '1', formulaId: 's1.fuel', lines: 1 },
      { rule: 'fuelCombustion', scopeCategory: '1', formulaId: 's1.fuel-heat', lines: 1 },
      { rule: 'purchasedEnergy', scopeCategory: '2', formulaId: 's2.location', lines: 1 },
      { rule: 'purchasedEnergy', scopeCategory: '2', formulaId: 's2.market', lines: 11 },
      { rule: 'processCo2', scopeCategory: '1', formulaId: 's1.process-co2', lines: 1 },
      { rule: 'gasByGroup', scopeCategory: '1', formulaId: 's1.gas', lines: 2 },
      { rule: 'gasByGroup', scopeCategory: '1', formulaId: 's1.refrigerant', lines: 1 },
      { rule: 'outOfScope', scopeCategory: '31', formulaId: 's3.1.spend', lines: 1 },
    ]);
  });

  it('does not depend on the order of lines, certificates or offsets', () => {
    const again = buildShkReport({ ...input, lines: [...lines].reverse(), certificates: [...certificates].reverse(), offsets: [...offsets].reverse() });
    expect(again).toEqual({ content, gaps });
  });

  it('energy over 1,500 kL: 7,000,000 kWh × 8.64 GJ/千kWh = 60,480 GJ × 0.0258 = 1,560.384 kL ≥ 1,500', () => {
    const big = buildShkReport({ ...input, lines: [line({ dealId: 'p', scopeCategory: '2', formulaId: 's2.location', quantity: '7000000', unit: 'kWh', co2eKg: '3038000.000000', locationKg: '3038000.000000', gasesKg: { CO2: 3038000 } })], certificates: [], offsets: [] });
    expect(big.content.thresholds.energy).toEqual({ crudeOilKl: '1560.384000', thresholdKl: '1500', met: true, complete: true });
    // No market figure: the adjusted figure is incomplete, its purchased part zero.
    expect(big.content.adjusted).toMatchObject({ kg: '0.000000', complete: false });
  });

  it('a market line without a grid factor has no basic figure; a location line’s adjusted figure is the grid average: both named', () => {
    const r = buildShkReport({
      ...input,
      certificates: [],
      offsets: [],
      lines: [
        // 5,000 kWh × 0.464 = 2,320 kg market, no location figure
        line({ dealId: 'm', scopeCategory: '2', formulaId: 's2.market', quantity: '5000', unit: 'kWh', co2eKg: '2320.000000', marketKg: '2320.000000', gasesKg: { CO2: 2320 } }),
        // 1,000 kWh × 0.434 = 434 kg on both bases
        line({ dealId: 'l', scopeCategory: '2', formulaId: 's2.location', quantity: '1000', unit: 'kWh', co2eKg: '434.000000', locationKg: '434.000000', marketKg: '434.000000', gasesKg: { CO2: 434 } }),
      ],
    });
    expect(r.content.basic).toEqual({ kg: '434.000000', t: '0', complete: false });
    // 2,320 + 434 = 2,754 kg → 2 t
    expect(r.content.adjusted).toEqual({ beforeAdjustmentsKg: '2754.000000', kg: '2754.000000', t: '2', complete: true });
    expect(r.gaps.filter((g) => g.kind === 'electricityWithoutBasic' || g.kind === 'adjustedAtGridAverage')).toEqual([
      { kind: 'electricityWithoutBasic', dealIds: ['m'] },
      { kind: 'adjustedAtGridAverage', dealIds: ['l'] },
    ]);
  });

  it('a year without lines: zero figures, certificates without a factor named, not deducted', () => {
    const empty = buildShkReport({ ...input, lines: [], offsets: [] });
    expect(empty.content.basic).toEqual({ kg: '0.000000', t: '0', complete: true });
    expect(empty.gaps).toEqual([{ kind: 'certificatesWithoutFactor', quantityKwh: '20000.000000' }, { kind: 'yearWithoutLines' }]);
    expect(empty.content.adjustments).toEqual([{ kind: 'nonFossilCertificates', records: 1, quantity: '20000.000000', unit: 'kWh', kg: '0.000000', t: '0', uncappedKg: '0.000000', capped: false }]);
  });
});
