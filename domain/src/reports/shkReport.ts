import type { ScopeSettingCategory } from '@ghg/events';
import { SHIPPED_LIBRARY, type FactorLibrary } from '../calculation/factors/library';
import { GAS_GROUP, isGasId, type GasGroup } from '../calculation/gwp/gases';
import { GWP_SET_BY_ID } from '../calculation/gwp/sets';
import { parseUnit } from '../calculation/units/parse';
import { add, div, fromNumber, mul, parseRational, rational, type Rational } from '../calculation/units/rational';
import { fiscalYearOf } from '../settings/fiscalYear/fiscalYear';
import { kgText, microOf, microOfNumber } from './decimalKg';
import { buildEnergyReport, lineEnergy, microOfRational, type EnergyLine } from './energyReport';

/**
 * 温対法 算定・報告・公表制度 (SHK) report of one company as a 特定排出者 for one fiscal year:
 * energy-origin CO2 (scope-1 fuel combustion and scope-2 purchased electricity and heat), the other
 * gases (non-energy CO2, CH4, N2O, HFCs, PFCs, SF6, NF3), the 基礎排出量 (basic: electricity on the
 * location-based figure) and the 調整後排出量 (adjusted: electricity on the market-based figure, i.e.
 * the supplier's adjusted factor, minus the company's non-fossil certificates and the credits SHK
 * accepts, each a line of its own), whether the 特定排出者 thresholds are met, and what is missing.
 * Exact decimal arithmetic (whole micrograms, bigint); figures are reported in t-CO2 with the
 * fraction truncated (小数点以下切り捨て). docs/shk-report.md.
 */

/** The gas classes an SHK report lists, in its order. */
export const SHK_GAS_CLASSES = ['energyCo2', 'nonEnergyCo2', 'ch4', 'n2o', 'hfcs', 'pfcs', 'sf6', 'nf3'] as const;
export type ShkGasClass = (typeof SHK_GAS_CLASSES)[number];
type OtherGasClass = Exclude<ShkGasClass, 'energyCo2'>;

/** 特定排出者 (特定事業所排出者) thresholds: energy use in kL crude-oil equivalent; each other gas in t-CO2e. */
export const SHK_ENERGY_THRESHOLD_KL = '1500';
export const SHK_GAS_THRESHOLD_T = '3000';

/**
 * How a line is classified:
 * - fuelCombustion: scope-1 `s1.fuel`, `s1.fuel-heat` — CO2 is energy-origin CO2, CH4 and N2O their own gases;
 * - purchasedEnergy: scope 2 — all of it energy-origin CO2 (basic: location-based, adjusted: market-based);
 * - processCo2: scope-1 `s1.process-co2` — CO2 is non-energy CO2;
 * - gasByGroup: other scope-1 lines (`s1.gas`, `s1.refrigerant`…) — each gas by its group (HFC-134a → HFCs);
 *   CO2 on such a line cannot be told energy from non-energy, so the line is left unclassified;
 * - outOfScope: scope 3 and water, not a 特定排出者's own emissions under SHK.
 */
export const SHK_RULES = ['fuelCombustion', 'purchasedEnergy', 'processCo2', 'gasByGroup', 'outOfScope'] as const;
export type ShkRule = (typeof SHK_RULES)[number];

export type ShkUnclassifiedReason = 'co2OriginUnknown' | 'unsplitCo2e' | 'customGas' | 'gwpUnknown';

export const SHK_ADJUSTMENT_KINDS = ['nonFossilCertificates', 'domesticCredits', 'jcmCredits', 'greenEnergyCertificates'] as const;
export type ShkAdjustmentKind = (typeof SHK_ADJUSTMENT_KINDS)[number];
type CreditKind = Exclude<ShkAdjustmentKind, 'nonFossilCertificates'>;

/** A ledger line as the SHK report reads it: the energy report's fields and its emissions. */
export interface ShkLine extends EnergyLine {
  co2eKg: string;
  locationKg: string | null;
  marketKg: string | null;
  gasesKg: Readonly<Record<string, number>>;
  gwpSet: { id: string; version: string };
}

/** A non-fossil certificate (settings → non-fossil certificates) as of the report's moment. */
export interface ShkCertificateInput {
  id: string;
  certificateType: string;
  quantityKwh: number;
  /** The fiscal year it is used for. */
  fiscalYear: number;
}

/** An offset (settings → offsets) as of the report's moment: t-CO2 cancelled or transferred on `date`. */
export interface ShkOffsetInput {
  id: string;
  type: string;
  quantityT: number;
  date: string;
  authType: string;
}

export type ShkGap =
  | { kind: 'yearWithoutLines' }
  | { kind: 'monthsWithoutElectricity'; months: number[] }
  | { kind: 'electricityWithoutBasic'; dealIds: string[] }
  | { kind: 'electricityWithoutAdjusted'; dealIds: string[] }
  | { kind: 'adjustedAtGridAverage'; dealIds: string[] }
  | { kind: 'unclassified'; reason: ShkUnclassifiedReason; dealIds: string[] }
  | { kind: 'fuelCo2eUnsplit'; dealIds: string[] }
  | { kind: 'energyIncomplete'; reason: 'fuelWithoutHeatingValue' | 'unitNotConvertible' | 'lineWithoutQuantity'; dealIds: string[] }
  | { kind: 'certificatesWithoutFactor'; quantityKwh: string }
  | { kind: 'gwpSetNotShk'; sets: { id: string; version: string; lines: number }[] };

interface Figure {
  kg: string;
  /** t-CO2, fraction truncated. */
  t: string;
}

export interface ShkReportContent {
  regime: 'shk';
  companyId: string;
  fiscalYear: number;
  position: string;
  /** The rule figures in t follow: kg ÷ 1000 with the fraction truncated. */
  rounding: 'truncateToTonne';
  energyCo2: {
    fuel: Figure & { lines: number };
    /** Scope 2 on the location-based figure (stands in for the supplier's basic factor). */
    purchasedBasic: Figure & { lines: number };
    /** Scope 2 on the market-based figure (the supplier's adjusted factor). */
    purchasedAdjusted: Figure & { lines: number };
    basic: Figure;
    adjusted: Figure;
  };
  /** Each gas class, energy-origin CO2 on the basic figure; lines: how many lines contributed to it. */
  gases: (Figure & { gas: ShkGasClass; lines: number })[];
  /** 基礎排出量: the sum of the gases; complete: every scope-2 line has a location-based figure. */
  basic: Figure & { complete: boolean };
  /** The grid-average factor the year's electricity lines used (their location-based kg ÷ kWh), for the certificates. */
  certificateFactor: { kgPerKwh: string; lines: number; kwh: string } | null;
  /** Each a separate line of the adjustment; kg is what is deducted (after the cap, if any). */
  adjustments: (Figure & { kind: ShkAdjustmentKind; records: number; quantity: string; unit: 'kWh' | 't-CO2'; uncappedKg: string; capped: boolean })[];
  /** 調整後排出量: energy-origin CO2 adjusted + the other gases − the adjustments; complete: every scope-2 line has a market-based figure. */
  adjusted: Figure & { beforeAdjustmentsKg: string; complete: boolean };
  thresholds: {
    energy: { crudeOilKl: string; thresholdKl: string; met: boolean; complete: boolean };
    gases: { gas: OtherGasClass; t: string; thresholdT: string; met: boolean }[];
  };
  certificates: { id: string; certificateType: string; quantityKwh: string }[];
  offsets: { id: string; type: string; quantityT: string; date: string; authType: string; counted: CreditKind | null; reason: 'typeNotAccepted' | 'useNotAccepted' | null }[];
  classification: { rule: ShkRule; scopeCategory: ScopeSettingCategory; formulaId: string; lines: number }[];
  gwpSets: { id: string; version: string; lines: number }[];
}

export interface ShkReportInput {
  companyId: string;
  fiscalYear: number;
  position: string;
  /** Lines of the fiscal year. */
  lines: readonly ShkLine[];
  certificates: readonly ShkCertificateInput[];
  offsets: readonly ShkOffsetInput[];
  /** The company's fiscal-year start month (offsets count in the fiscal year of their date). */
  startMonth: number;
  library?: FactorLibrary;
}

const FUEL_FORMULAS = new Set(['s1.fuel', 's1.fuel-heat']);
const PROCESS_FORMULAS = new Set(['s1.process-co2']);
const KWH = parseUnit('kWh');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whole t-CO2 of micrograms of kg: ÷ 10^9, fraction truncated (toward zero). */
export const tonnesOf = (micro: bigint): string => (micro / 1_000_000_000n).toString();
const figure = (micro: bigint): Figure => ({ kg: kgText(micro), t: tonnesOf(micro) });

const GROUP_CLASS: Record<GasGroup, ShkGasClass | null> = { CO2: null, CH4: 'ch4', N2O: 'n2o', HFC: 'hfcs', PFC: 'pfcs', SF6: 'sf6', NF3: 'nf3' };

export function ruleOf(line: Pick<ShkLine, 'scopeCategory' | 'formulaId'>): ShkRule {
  if (line.scopeCategory === '2') return 'purchasedEnergy';
  if (line.scopeCategory !== '1') return 'outOfScope';
  if (FUEL_FORMULAS.has(line.formulaId)) return 'fuelCombustion';
  if (PROCESS_FORMULAS.has(line.formulaId)) return 'processCo2';
  return 'gasByGroup';
}

/** The class of one gas key on a scope-1 line of `rule`, or why it has none. */
function classOfGas(rule: ShkRule, key: string): ShkGasClass | ShkUnclassifiedReason {
  if (key === 'CO2e') return rule === 'fuelCombustion' ? 'energyCo2' : 'unsplitCo2e';
  if (!isGasId(key)) return 'customGas';
  const group = GAS_GROUP[key];
  if (group !== 'CO2') return GROUP_CLASS[group]!;
  if (rule === 'fuelCombustion') return 'energyCo2';
  if (rule === 'processCo2') return 'nonEnergyCo2';
  return 'co2OriginUnknown';
}

export type ScopeOneSplit = { ok: true; parts: Map<ShkGasClass, bigint>; unsplitCo2e: boolean } | { ok: false; reason: ShkUnclassifiedReason };

/**
 * A scope-1 line's CO2e by gas class. One class: the line's recorded CO2e. Several (a fuel factor
 * with CO2, CH4 and N2O): each class other than the principal one is its gas mass × the GWP of the
 * line's GWP set, rounded to micrograms, and the principal class (CO2's, else the first in the
 * report's order) takes the rest, so the parts always add up to the line's recorded CO2e.
 */
export function splitScopeOne(line: ShkLine): ScopeOneSplit {
  const rule = ruleOf(line);
  const co2e = microOf(line.co2eKg);
  const keys = Object.keys(line.gasesKg).filter((k) => line.gasesKg[k] !== 0);
  const classes = new Map<string, ShkGasClass>();
  for (const key of keys) {
    const c = classOfGas(rule, key);
    if (!(SHK_GAS_CLASSES as readonly string[]).includes(c)) return { ok: false, reason: c as ShkUnclassifiedReason };
    classes.set(key, c as ShkGasClass);
  }
  const unsplitCo2e = keys.includes('CO2e');
  const distinct = [...new Set(classes.values())];
  if (distinct.length === 0) {
    // No gas recorded: the formula's own class (a zero line, or a figure without gases).
    const c = rule === 'fuelCombustion' ? 'energyCo2' : rule === 'processCo2' ? 'nonEnergyCo2' : null;
    if (c === null) return co2e === 0n ? { ok: true, parts: new Map(), unsplitCo2e } : { ok: false, reason: 'co2OriginUnknown' };
    return { ok: true, parts: new Map([[c, co2e]]), unsplitCo2e };
  }
  if (distinct.length === 1) return { ok: true, parts: new Map([[distinct[0]!, co2e]]), unsplitCo2e };
  const principal = classes.get('CO2') ?? classes.get('CO2e') ?? SHK_GAS_CLASSES.find((c) => distinct.includes(c))!;
  const gwp = GWP_SET_BY_ID.get(line.gwpSet.id);
  if (!gwp || gwp.version !== line.gwpSet.version) return { ok: false, reason: 'gwpUnknown' };
  const parts = new Map<ShkGasClass, bigint>();
  let rest = co2e;
  for (const key of keys) {
    const c = classes.get(key)!;
    if (c === principal) continue;
    const g = isGasId(key) ? gwp.values[key] : undefined;
    if (!g) return { ok: false, reason: 'gwpUnknown' };
    // kg of gas (as recorded, to 6 decimals) × GWP
    const micro = microOfRational(mul(rational(microOfNumber(line.gasesKg[key]!), 1_000_000n), fromNumber(g.value)));
    parts.set(c, (parts.get(c) ?? 0n) + micro);
    rest -= micro;
  }
  parts.set(principal, (parts.get(principal) ?? 0n) + rest);
  return { ok: true, parts, unsplitCo2e };
}

/** The line's kWh when it is purchased electricity in an energy unit (not heat or steam); else null. */
export function electricityKwh(line: ShkLine, library: FactorLibrary = SHIPPED_LIBRARY): Rational | null {
  const e = lineEnergy(line, library);
  if (!e || !e.ok || e.energyType !== 'electricity' || line.quantity === null || line.unit === null || !KWH.ok) return null;
  const unit = parseUnit(line.unit);
  if (!unit.ok) return null;
  return mul(parseRational(line.quantity), div(unit.value.factor, KWH.value.factor));
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s\-‐－ー_・.]/g, '');

/**
 * The SHK adjustment an offset counts as, or why it does not count. Credits SHK accepts for the
 * 調整後排出量 (調整後温室効果ガス排出量を調整する方法, 経済産業省・環境省告示): 国内認証排出削減量
 * (J-クレジット, and the J-VER and 国内クレジット it took over), 海外認証排出削減量 (JCM), and
 * グリーンエネルギーCO2削減相当量 (グリーン電力証書・グリーン熱証書) — each made unusable by
 * 排出量調整無効化 (the offset's use "無効化"). VCS, Gold Standard and others do not count; nor does
 * 償却前移転, the route for 算定割当量 (Kyoto units), not for these credits.
 */
export function creditKindOf(offset: Pick<ShkOffsetInput, 'type' | 'authType'>): { counted: CreditKind; reason: null } | { counted: null; reason: 'typeNotAccepted' | 'useNotAccepted' } {
  // "ー" is dropped with the other dashes: "Jクレジット", "J-クレジット" and "J－クレジット" read alike.
  const type = normalise(offset.type);
  let kind: CreditKind | null = null;
  if (type.startsWith('jcm') || type.includes('二国間クレジット')) kind = 'jcmCredits';
  else if (/^j(クレジット|credit|ver)/.test(type) || type.includes('国内クレジット')) kind = 'domesticCredits';
  else if (/^(グリン(電力|熱|エネルギ)|green(energy|power|electricity|heat))/.test(type)) kind = 'greenEnergyCertificates';
  if (kind === null) return { counted: null, reason: 'typeNotAccepted' };
  const use = normalise(offset.authType);
  if (!(use.includes('無効化') || use === 'cancellation' || use === 'cancelled')) return { counted: null, reason: 'useNotAccepted' };
  return { counted: kind, reason: null };
}

export function buildShkReport(input: ShkReportInput): { content: ShkReportContent; gaps: ShkGap[] } {
  const library = input.library ?? SHIPPED_LIBRARY;
  const lines = input.lines.filter((l) => l.fiscalYear === input.fiscalYear).sort((a, b) => byText(a.dealId, b.dealId));
  const gaps: ShkGap[] = [];

  const gasKg = new Map<ShkGasClass, bigint>();
  const gasLines = new Map<ShkGasClass, number>();
  const fuel = { lines: 0, micro: 0n };
  const purchasedBasic = { lines: 0, micro: 0n };
  const purchasedAdjusted = { lines: 0, micro: 0n };
  const withoutBasic: string[] = [];
  const withoutAdjusted: string[] = [];
  const atGridAverage: string[] = [];
  const unclassified = new Map<ShkUnclassifiedReason, string[]>();
  const unsplit: string[] = [];
  const classification = new Map<string, { rule: ShkRule; scopeCategory: ScopeSettingCategory; formulaId: string; lines: number }>();
  const gwpSets = new Map<string, { id: string; version: string; lines: number; nonCo2: boolean }>();
  // For the certificates' factor: the electricity lines with a location-based figure and kWh.
  let gridKg = 0n;
  let gridKwh = rational(0n);
  let gridLines = 0;

  for (const line of lines) {
    const rule = ruleOf(line);
    const ck = `${rule}\u0000${line.scopeCategory}\u0000${line.formulaId}`;
    const entry = classification.get(ck) ?? { rule, scopeCategory: line.scopeCategory, formulaId: line.formulaId, lines: 0 };
    entry.lines += 1;
    classification.set(ck, entry);
    if (rule === 'outOfScope') continue;
    const gk = `${line.gwpSet.id}\u0000${line.gwpSet.version}`;
    const set = gwpSets.get(gk) ?? { id: line.gwpSet.id, version: line.gwpSet.version, lines: 0, nonCo2: false };
    set.lines += 1;
    set.nonCo2 ||= Object.keys(line.gasesKg).some((k) => k !== 'CO2' && line.gasesKg[k] !== 0) && rule !== 'purchasedEnergy';
    gwpSets.set(gk, set);

    if (rule === 'purchasedEnergy') {
      if (line.locationKg === null) withoutBasic.push(line.dealId);
      else {
        purchasedBasic.lines += 1;
        purchasedBasic.micro += microOf(line.locationKg);
        const kwh = electricityKwh(line, library);
        if (kwh !== null && kwh.n !== 0n) {
          gridKg += microOf(line.locationKg);
          gridKwh = add(gridKwh, kwh);
          gridLines += 1;
        }
      }
      if (line.marketKg === null) withoutAdjusted.push(line.dealId);
      else {
        // A location-based line has no contractual factor: its market-based figure is the grid average.
        if (line.formulaId === 's2.location') atGridAverage.push(line.dealId);
        purchasedAdjusted.lines += 1;
        purchasedAdjusted.micro += microOf(line.marketKg);
      }
      continue;
    }
    const split = splitScopeOne(line);
    if (!split.ok) {
      unclassified.set(split.reason, [...(unclassified.get(split.reason) ?? []), line.dealId]);
      continue;
    }
    if (split.unsplitCo2e && rule === 'fuelCombustion') unsplit.push(line.dealId);
    for (const [c, micro] of split.parts) {
      gasKg.set(c, (gasKg.get(c) ?? 0n) + micro);
      gasLines.set(c, (gasLines.get(c) ?? 0) + 1);
      if (c === 'energyCo2') {
        fuel.micro += micro;
      }
    }
    if (split.parts.has('energyCo2')) fuel.lines += 1;
  }

  const energyBasic = fuel.micro + purchasedBasic.micro;
  const energyAdjusted = fuel.micro + purchasedAdjusted.micro;
  const othersMicro = SHK_GAS_CLASSES.filter((c) => c !== 'energyCo2').reduce((s, c) => s + (gasKg.get(c) ?? 0n), 0n);
  const basicMicro = energyBasic + othersMicro;
  const beforeAdjustments = energyAdjusted + othersMicro;

  // Non-fossil certificates of the fiscal year × the grid-average factor of the year's electricity lines.
  const certificates = input.certificates.filter((c) => c.fiscalYear === input.fiscalYear).sort((a, b) => byText(a.id, b.id));
  const certificateKwhMicro = certificates.reduce((s, c) => s + microOfNumber(c.quantityKwh), 0n);
  const factor = gridLines > 0 && gridKwh.n !== 0n ? div(rational(gridKg, 1_000_000n), gridKwh) : null;
  if (certificates.length > 0 && factor === null) gaps.push({ kind: 'certificatesWithoutFactor', quantityKwh: kgText(certificateKwhMicro) });
  // Deductions tied to purchased electricity and heat go no further than their adjusted CO2.
  let pool = purchasedAdjusted.micro > 0n ? purchasedAdjusted.micro : 0n;
  const adjustments: ShkReportContent['adjustments'] = [];
  const capped = (uncapped: bigint, bounded: boolean) => {
    const kg = bounded ? (uncapped < pool ? uncapped : pool) : uncapped;
    if (bounded) pool -= kg;
    return kg;
  };
  if (certificates.length > 0) {
    const uncapped = factor === null ? 0n : microOfRational(mul(rational(certificateKwhMicro, 1_000_000n), factor));
    const kg = capped(uncapped, true);
    adjustments.push({ kind: 'nonFossilCertificates', records: certificates.length, quantity: kgText(certificateKwhMicro), unit: 'kWh', ...figure(kg), uncappedKg: kgText(uncapped), capped: kg !== uncapped });
  }

  const offsets = input.offsets
    .filter((o) => fiscalYearOf(o.date, input.startMonth) === input.fiscalYear)
    .sort((a, b) => byText(a.date, b.date) || byText(a.id, b.id))
    .map((o) => ({ id: o.id, type: o.type, quantityT: kgText(microOfNumber(o.quantityT)), date: o.date, authType: o.authType, ...creditKindOf(o) }));
  for (const kind of ['domesticCredits', 'jcmCredits', 'greenEnergyCertificates'] as const) {
    const counted = offsets.filter((o) => o.counted === kind);
    if (counted.length === 0) continue;
    const tMicro = counted.reduce((s, o) => s + microOf(o.quantityT), 0n);
    const uncapped = tMicro * 1000n;
    const kg = capped(uncapped, kind === 'greenEnergyCertificates');
    adjustments.push({ kind, records: counted.length, quantity: kgText(tMicro), unit: 't-CO2', ...figure(kg), uncappedKg: kgText(uncapped), capped: kg !== uncapped });
  }
  const adjustedMicro = beforeAdjustments - adjustments.reduce((s, a) => s + microOf(a.kg), 0n);

  // Energy use: the 省エネ法 report's kL of the year, from the same lines.
  const energy = buildEnergyReport({ companyId: input.companyId, fiscalYear: input.fiscalYear, position: input.position, lines, sections: new Map(), intensities: [], library });
  const energyYear = energy.content.years.at(-1)!;
  const energyGaps = energy.gaps.filter((g) => g.fiscalYear === input.fiscalYear);
  for (const g of energyGaps) {
    if (g.kind === 'yearWithoutLines') gaps.push({ kind: 'yearWithoutLines' });
    else if (g.kind === 'monthsWithoutElectricity') gaps.push({ kind: 'monthsWithoutElectricity', months: g.months });
  }
  if (withoutBasic.length > 0) gaps.push({ kind: 'electricityWithoutBasic', dealIds: withoutBasic });
  if (withoutAdjusted.length > 0) gaps.push({ kind: 'electricityWithoutAdjusted', dealIds: withoutAdjusted });
  if (atGridAverage.length > 0) gaps.push({ kind: 'adjustedAtGridAverage', dealIds: atGridAverage });
  for (const reason of ['co2OriginUnknown', 'unsplitCo2e', 'customGas', 'gwpUnknown'] as const) {
    const ids = unclassified.get(reason);
    if (ids) gaps.push({ kind: 'unclassified', reason, dealIds: ids });
  }
  if (unsplit.length > 0) gaps.push({ kind: 'fuelCo2eUnsplit', dealIds: unsplit });
  let energyComplete = true;
  for (const g of energyGaps) {
    if (g.kind === 'fuelWithoutHeatingValue' || g.kind === 'unitNotConvertible' || g.kind === 'lineWithoutQuantity') {
      energyComplete = false;
      gaps.push({ kind: 'energyIncomplete', reason: g.kind, dealIds: g.dealIds });
    }
  }
  const notShk = [...gwpSets.values()].filter((s) => s.nonCo2 && s.id !== 'JP-SHK-2024');
  if (notShk.length > 0) gaps.push({ kind: 'gwpSetNotShk', sets: notShk.sort((a, b) => byText(a.id, b.id) || byText(a.version, b.version)).map(({ id, version, lines: n }) => ({ id, version, lines: n })) });

  const gasThreshold = microOf(SHK_GAS_THRESHOLD_T) * 1000n;
  const content: ShkReportContent = {
    regime: 'shk',
    companyId: input.companyId,
    fiscalYear: input.fiscalYear,
    position: input.position,
    rounding: 'truncateToTonne',
    energyCo2: {
      fuel: { lines: fuel.lines, ...figure(fuel.micro) },
      purchasedBasic: { lines: purchasedBasic.lines, ...figure(purchasedBasic.micro) },
      purchasedAdjusted: { lines: purchasedAdjusted.lines, ...figure(purchasedAdjusted.micro) },
      basic: figure(energyBasic),
      adjusted: figure(energyAdjusted),
    },
    gases: SHK_GAS_CLASSES.map((gas) =>
      gas === 'energyCo2'
        ? { gas, lines: fuel.lines + purchasedBasic.lines, ...figure(energyBasic) }
        : { gas, lines: gasLines.get(gas) ?? 0, ...figure(gasKg.get(gas) ?? 0n) },
    ),
    basic: { ...figure(basicMicro), complete: withoutBasic.length === 0 },
    certificateFactor: factor === null ? null : { kgPerKwh: kgText(microOfRational(factor)), lines: gridLines, kwh: kgText(microOfRational(gridKwh)) },
    adjustments,
    adjusted: { beforeAdjustmentsKg: kgText(beforeAdjustments), ...figure(adjustedMicro), complete: withoutAdjusted.length === 0 },
    thresholds: {
      energy: { crudeOilKl: energyYear.crudeOilKl, thresholdKl: SHK_ENERGY_THRESHOLD_KL, met: microOf(energyYear.crudeOilKl) >= microOf(SHK_ENERGY_THRESHOLD_KL), complete: energyComplete },
      gases: SHK_GAS_CLASSES.filter((c): c is OtherGasClass => c !== 'energyCo2').map((gas) => {
        const micro = gasKg.get(gas) ?? 0n;
        return { gas, t: tonnesOf(micro), thresholdT: SHK_GAS_THRESHOLD_T, met: micro >= gasThreshold };
      }),
    },
    certificates: certificates.map((c) => ({ id: c.id, certificateType: c.certificateType, quantityKwh: kgText(microOfNumber(c.quantityKwh)) })),
    offsets,
    classification: [...classification.values()].sort((a, b) => SHK_RULES.indexOf(a.rule) - SHK_RULES.indexOf(b.rule) || byText(a.scopeCategory, b.scopeCategory) || byText(a.formulaId, b.formulaId)),
    gwpSets: [...gwpSets.values()].sort((a, b) => byText(a.id, b.id) || byText(a.version, b.version)).map(({ id, version, lines: n }) => ({ id, version, lines: n })),
  };
  return { content, gaps };
}
