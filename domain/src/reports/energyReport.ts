import type { ScopeSettingCategory } from '@ghg/events';
import { SHIPPED_LIBRARY, type FactorLibrary } from '../calculation/factors/library';
import { parseUnit, type Unit } from '../calculation/units/parse';
import { div, fromNumber, mul, parseRational, rational, type Rational } from '../calculation/units/rational';
import { inheritedSectionTypes, type SectionLink } from '../organization/companySections';
import { kgText, microOf } from './decimalKg';

/**
 * 省エネ法 定期報告 (Energy Conservation Act periodic report) of one company: energy use in GJ by
 * energy type and by the sections' report section types (inherited), the crude-oil equivalent in
 * kL (GJ × 0.0258 kL/GJ), and energy intensity against each intensity denominator, for the fiscal
 * year and the four before it. Built from the ledger's lines as they stood at a log position, with
 * exact decimal arithmetic (rationals, rounded once per line to 6 decimals of GJ, half away from
 * zero), so the same lines give the same content and SHA-256. docs/energy-report.md.
 */

/** 省エネ法: crude-oil equivalent kL per GJ (施行規則; /work/shared/DATA-SOURCES.md). */
export const CRUDE_OIL_KL_PER_GJ = '0.0258';

/**
 * Primary-energy conversion of purchased electricity, GJ per 千kWh, by fiscal year.
 * Before FY2023: 9.76 GJ/千kWh, the thermal-power average (火力平均) the 施行規則 applied to purchased
 * electricity (the day/night split 9.97/9.28 applies to metered day/night purchases from a general
 * electricity utility; ledger lines carry no time of day, so 9.76 is used for all kWh).
 * From FY2023 (改正省エネ法, in force 2023-04-01): 8.64 GJ/千kWh, the all-source average (全電源平均)
 * for electricity bought from electricity suppliers, fossil or not.
 * Sources: 資源エネルギー庁「省エネ法の手引き 工場・事業場編 —令和5年度改訂版—」
 * (https://www.enecho.meti.go.jp/category/saving_and_new/saving/media/data/shoene_tebiki_01.pdf);
 * 総合資源エネルギー調査会 省エネルギー小委員会 工場等判断基準WG (2022): 火力平均 9.76 MJ/kWh →
 * 全電源平均 8.64 MJ/kWh.
 */
export const ELECTRICITY_FACTORS: readonly { fromFiscalYear: number; gjPerThousandKwh: string; basis: 'thermalAverage' | 'allSourceAverage' }[] = [
  { fromFiscalYear: 0, gjPerThousandKwh: '9.76', basis: 'thermalAverage' },
  { fromFiscalYear: 2023, gjPerThousandKwh: '8.64', basis: 'allSourceAverage' },
];

export function electricityFactorOf(fiscalYear: number): (typeof ELECTRICITY_FACTORS)[number] {
  let found = ELECTRICITY_FACTORS[0]!;
  for (const f of ELECTRICITY_FACTORS) if (fiscalYear >= f.fromFiscalYear) found = f;
  return found;
}

export const ENERGY_TYPES = ['gasoline', 'kerosene', 'diesel', 'heavyOilA', 'lpg', 'cityGas', 'electricity', 'other'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];

/** One factor use of a line, as the temporal ledger keeps it (values as published). */
export interface EnergyFactorUse {
  setId: string;
  version: string;
  key: string;
  values: readonly { value: number; unit: string }[] | Readonly<Record<string, number>>;
}

/** A ledger line as the energy report reads it. */
export interface EnergyLine {
  dealId: string;
  fiscalYear: number;
  fiscalMonth: number;
  sectionId: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  quantity: string | null;
  unit: string | null;
  factors: readonly EnergyFactorUse[];
}

export interface EnergyIntensityInput {
  intensityId: string;
  name: string;
  unit: string;
  fiscalYear: number;
  /** Decimal text (the read model's numeric). */
  value: string;
}

export type EnergyGap =
  | { kind: 'yearWithoutLines'; fiscalYear: number }
  | { kind: 'monthsWithoutElectricity'; fiscalYear: number; months: number[] }
  | { kind: 'fuelWithoutHeatingValue'; fiscalYear: number; dealIds: string[] }
  | { kind: 'unitNotConvertible'; fiscalYear: number; dealIds: string[] }
  | { kind: 'lineWithoutQuantity'; fiscalYear: number; dealIds: string[] };

export interface EnergyYear {
  fiscalYear: number;
  /** Lines counted as energy use (fuel and electricity with a figure). */
  lines: number;
  electricityFactor: { gjPerThousandKwh: string; basis: 'thermalAverage' | 'allSourceAverage' };
  gj: string;
  crudeOilKl: string;
  byType: { energyType: EnergyType; lines: number; gj: string; crudeOilKl: string }[];
  /** By the section's own report section type, else its nearest ancestor's (null: none). */
  bySectionType: { sectionType: string | null; lines: number; gj: string; crudeOilKl: string }[];
  /** kL crude-oil equivalent ÷ the denominator's value of the year (6 decimals). */
  intensities: { intensityId: string; name: string; unit: string; value: string; klPerUnit: string }[];
}

export interface EnergyReportContent {
  regime: 'energyConservation';
  companyId: string;
  fiscalYear: number;
  position: string;
  crudeOilKlPerGj: string;
  /** The fiscal year and the four before it, oldest first. */
  years: EnergyYear[];
}

const FUEL_FORMULAS = new Set(['s1.fuel', 's1.fuel-heat']);
const ELECTRICITY_FORMULAS = new Set(['s2.location', 's2.market']);
const GJ = parseUnit('GJ');
const KWH = parseUnit('kWh');
const FUEL_KEYS: Readonly<Record<string, EnergyType>> = { gasoline: 'gasoline', kerosene: 'kerosene', diesel: 'diesel', heavyOilA: 'heavyOilA', lpg: 'lpg', cityGas: 'cityGas' };

/** Round a rational to whole millionths, half away from zero. */
export function microOfRational(r: Rational): bigint {
  const scaled = r.n * 1_000_000n;
  const negative = scaled < 0n !== r.d < 0n;
  const a = scaled < 0n ? -scaled : scaled;
  const d = r.d < 0n ? -r.d : r.d;
  const q = (a * 2n + d) / (2n * d);
  return negative ? -q : q;
}

const rationalOfMicro = (micro: bigint): Rational => rational(micro, 1_000_000n);

/** The fuel's type from the factor keys it used ('fuel.diesel', 'heatingValue.diesel'); else 'other'. */
function fuelTypeOf(line: EnergyLine): EnergyType {
  for (const f of line.factors) {
    const m = /^(?:fuel|heatingValue|carbonCoefficient)\.(\w+)$/.exec(f.key);
    const t = m ? FUEL_KEYS[m[1]!] : undefined;
    if (t) return t;
  }
  return 'other';
}

const listValues = (values: EnergyFactorUse['values']): { value: number; unit: string }[] => (Array.isArray(values) ? (values as { value: number; unit: string }[]) : []);

/** A value in energy per something (GJ/kL, MJ/kg…): a heating value. */
function heatingValueIn(values: EnergyFactorUse['values']): { value: number; unit: Unit } | null {
  for (const v of listValues(values)) {
    const u = parseUnit(v.unit);
    if (u.ok && u.value.dimension.startsWith('energy/')) return { value: v.value, unit: u.value };
  }
  return null;
}

/**
 * The heating value a fuel line used: one among its factor values, or, for a published SHK emission
 * factor (`fuel.<x>`, the rounded product HV × CC × 44/12), the heating value `heatingValue.<x>` of
 * the same set and version, which that factor was derived from.
 */
export function heatingValueOf(line: EnergyLine, library: FactorLibrary = SHIPPED_LIBRARY): { value: number; unit: Unit; source: 'line' | 'sameSet' } | null {
  for (const f of line.factors) {
    const hv = heatingValueIn(f.values);
    if (hv) return { ...hv, source: 'line' };
  }
  for (const f of line.factors) {
    const m = /^fuel\.(\w+)$/.exec(f.key);
    if (!m) continue;
    const set = library.get(f.setId, f.version);
    const entry = set ? library.entry(set, `heatingValue.${m[1]}`) : undefined;
    if (entry?.kind !== 'quantity') continue;
    const u = parseUnit(entry.unit);
    if (u.ok && u.value.dimension.startsWith('energy/')) return { value: entry.value, unit: u.value, source: 'sameSet' };
  }
  return null;
}

type LineEnergy = { ok: true; energyType: EnergyType; gjMicro: bigint } | { ok: false; gap: 'fuelWithoutHeatingValue' | 'unitNotConvertible' | 'lineWithoutQuantity' } | null;

/** A line's energy in micro-GJ, or why it has none; null when the line is not energy use. */
export function lineEnergy(line: EnergyLine, library: FactorLibrary = SHIPPED_LIBRARY): LineEnergy {
  const isFuel = line.scopeCategory === '1' && FUEL_FORMULAS.has(line.formulaId);
  const isElectricity = line.scopeCategory === '2' && ELECTRICITY_FORMULAS.has(line.formulaId) && !line.factors.some((f) => /heat|steam|蒸気|温水|冷水/i.test(f.key));
  if (!isFuel && !isElectricity) return null;
  if (line.quantity === null || line.unit === null) return { ok: false, gap: 'lineWithoutQuantity' };
  const unit = parseUnit(line.unit);
  if (!unit.ok) return { ok: false, gap: 'unitNotConvertible' };
  const quantity = parseRational(line.quantity);
  if (isElectricity) {
    if (unit.value.dimension !== 'energy' || !KWH.ok || !GJ.ok) return { ok: false, gap: 'unitNotConvertible' };
    // kWh × (GJ/千kWh) ÷ 1000
    const kwh = mul(quantity, div(unit.value.factor, KWH.value.factor));
    const gj = div(mul(kwh, parseRational(electricityFactorOf(line.fiscalYear).gjPerThousandKwh)), rational(1000n));
    return { ok: true, energyType: 'electricity', gjMicro: microOfRational(gj) };
  }
  const hv = heatingValueOf(line, library);
  if (!hv) return { ok: false, gap: 'fuelWithoutHeatingValue' };
  if (hv.unit.dimension !== `energy/${unit.value.dimension}` || !GJ.ok) return { ok: false, gap: 'unitNotConvertible' };
  // quantity [u] × u→base × HV [E/D] × (E/D)→base ÷ GJ→base
  const gj = div(mul(mul(mul(quantity, unit.value.factor), fromNumber(hv.value)), hv.unit.factor), GJ.value.factor);
  return { ok: true, energyType: fuelTypeOf(line), gjMicro: microOfRational(gj) };
}

/** The section's report section type: its own, else its nearest ancestor's. */
export function sectionTypeOf(sections: ReadonlyMap<string, SectionLink>, sectionId: string): string | null {
  return sections.get(sectionId)?.energyConservationActReportSectionType || inheritedSectionTypes({ sections }, sectionId)[0] || null;
}

export const crudeOilMicro = (gjMicro: bigint): bigint => microOfRational(mul(rationalOfMicro(gjMicro), parseRational(CRUDE_OIL_KL_PER_GJ)));
const text = (micro: bigint) => kgText(micro);

export interface EnergyReportInput {
  companyId: string;
  fiscalYear: number;
  position: string;
  /** Lines of the fiscal year and the four before it. */
  lines: readonly EnergyLine[];
  sections: ReadonlyMap<string, SectionLink>;
  intensities: readonly EnergyIntensityInput[];
  library?: FactorLibrary;
}

export const REPORT_YEARS = 5;

export function buildEnergyReport(input: EnergyReportInput): { content: EnergyReportContent; gaps: EnergyGap[] } {
  const gaps: EnergyGap[] = [];
  const years: EnergyYear[] = [];
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (let year = input.fiscalYear - REPORT_YEARS + 1; year <= input.fiscalYear; year++) {
    const lines = input.lines.filter((l) => l.fiscalYear === year).sort((a, b) => order(a.dealId, b.dealId));
    const byType = new Map<EnergyType, { lines: number; gj: bigint }>();
    const bySection = new Map<string, { sectionType: string | null; lines: number; gj: bigint }>();
    const missing = { fuelWithoutHeatingValue: [] as string[], unitNotConvertible: [] as string[], lineWithoutQuantity: [] as string[] };
    const electricityMonths = new Set<number>();
    let total = 0n;
    let counted = 0;
    for (const line of lines) {
      const e = lineEnergy(line, input.library);
      if (e === null) continue;
      if (!e.ok) {
        missing[e.gap].push(line.dealId);
        continue;
      }
      if (e.energyType === 'electricity') electricityMonths.add(line.fiscalMonth);
      counted += 1;
      total += e.gjMicro;
      const t = byType.get(e.energyType) ?? { lines: 0, gj: 0n };
      t.lines += 1;
      t.gj += e.gjMicro;
      byType.set(e.energyType, t);
      const sectionType = sectionTypeOf(input.sections, line.sectionId);
      const key = sectionType ?? '\u0000';
      const s = bySection.get(key) ?? { sectionType, lines: 0, gj: 0n };
      s.lines += 1;
      s.gj += e.gjMicro;
      bySection.set(key, s);
    }
    if (lines.length === 0) gaps.push({ kind: 'yearWithoutLines', fiscalYear: year });
    else {
      const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => !electricityMonths.has(m));
      if (months.length > 0) gaps.push({ kind: 'monthsWithoutElectricity', fiscalYear: year, months });
      for (const kind of ['fuelWithoutHeatingValue', 'unitNotConvertible', 'lineWithoutQuantity'] as const) {
        if (missing[kind].length > 0) gaps.push({ kind, fiscalYear: year, dealIds: missing[kind] });
      }
    }
    const kl = crudeOilMicro(total);
    const factor = electricityFactorOf(year);
    years.push({
      fiscalYear: year,
      lines: counted,
      electricityFactor: { gjPerThousandKwh: factor.gjPerThousandKwh, basis: factor.basis },
      gj: text(total),
      crudeOilKl: text(kl),
      byType: ENERGY_TYPES.filter((t) => byType.has(t)).map((energyType) => {
        const t = byType.get(energyType)!;
        return { energyType, lines: t.lines, gj: text(t.gj), crudeOilKl: text(crudeOilMicro(t.gj)) };
      }),
      bySectionType: [...bySection.entries()]
        .sort(([a], [b]) => order(a, b))
        .map(([, s]) => ({ sectionType: s.sectionType, lines: s.lines, gj: text(s.gj), crudeOilKl: text(crudeOilMicro(s.gj)) })),
      intensities: input.intensities
        .filter((i) => i.fiscalYear === year && microOf(i.value) !== 0n)
        .sort((a, b) => order(a.intensityId, b.intensityId))
        .map((i) => ({ intensityId: i.intensityId, name: i.name, unit: i.unit, value: text(microOf(i.value)), klPerUnit: text(microOfRational(rational(kl, microOf(i.value)))) })),
    });
  }
  return {
    content: { regime: 'energyConservation', companyId: input.companyId, fiscalYear: input.fiscalYear, position: input.position, crudeOilKlPerGj: CRUDE_OIL_KL_PER_GJ, years },
    gaps,
  };
}
