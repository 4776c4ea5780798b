import { scopeCategories, type BaseYearEvent, type ScopeCategory, type ScopeSettingCategory } from '@ghg/events';
import { GAS_GROUP, isGasId, type GasGroup } from '../calculation/gwp/gases';
import { fiscalYearDates } from '../settings/fiscalYear/fiscalYear';
import { kgText, microOf, microOfNumber } from './decimalKg';
import type { GhgInventoryContent } from './ghgInventory';
import type { NonFossilCertificate } from '../settings/nonFossilCertificate/nonFossilCertificates';

/**
 * What the GHG Protocol inventory summary states beside its figures (Corporate Standard ch. 9):
 * the base year and its recalculations, the targets and the year's progress, offsets and
 * certificates shown apart (never subtracted from a scope), and what the inventory leaves out.
 * It is read from the settings as they stood at the report's position, and is no part of the
 * report's content: a filed report's SHA-256 covers the inventory only.
 */

/** The seven gas groups of the Kyoto basket, in the order the GHG Protocol lists them. */
export const KYOTO_GAS_GROUPS = ['CO2', 'CH4', 'N2O', 'HFC', 'PFC', 'SF6', 'NF3'] as const satisfies readonly GasGroup[];

/** A base-year record as the supplement reads it (read model `base_year_records`). */
export interface SupplementBaseYearRecord {
  kind: 'set' | 'restated';
  baseYear: number;
  thresholdPercent: number;
  position: string;
  totalKg: string;
  reason: Extract<BaseYearEvent, { type: 'BaseYearRestated' }>['data']['reason'] | null;
  note: string | null;
  recordedAt: string;
}

export interface SupplementGoal {
  id: string;
  scopeCategory: ScopeCategory;
  goalYear: number;
  /** t-CO2e, as the goal was entered. */
  goalEmission: number;
  /** The goal's base year (0: none given) and its emission, t-CO2e. */
  targetYear: number;
  targetEmission: number;
  goalEmissionPercentage: number;
}

export interface SupplementOffset {
  id: string;
  type: string;
  particularNumberFrom: string;
  particularNumberTo: string;
  /** t-CO2. */
  invalidOrRelocationQuantity: number;
  invalidOrRelocationDate: string;
  authType: string;
}

/** A certificate as the settings record it, without its version. */
export type SupplementCertificate = Omit<NonFossilCertificate, 'version'>;

export interface InventorySupplement {
  /** The log position the supplement was read at: the report's. */
  position: string;
  baseYear: {
    baseYear: number;
    thresholdPercent: number;
    /** Oldest first: the base year as set, then each recalculation recorded by the position. */
    records: SupplementBaseYearRecord[];
    /** The latest record's total (scope 1 + scope 2 location-based + scope 3). */
    baseYearKg: string;
    /** The report's total on the same terms. */
    reportKg: string;
    changeKg: string;
    /** Of the base year's total; null when it is zero. */
    changePercent: number | null;
  } | null;
  targets: {
    id: string;
    scopeCategory: ScopeCategory;
    goalYear: number;
    baseYear: number | null;
    baseYearKg: string;
    goalKg: string;
    goalPercent: number;
    /** The report's emission of the goal's scope or category (scope 2 location-based). */
    reportKg: string;
    /** Below the goal's base-year emission (negative: above it). */
    reductionKg: string;
    reductionPercent: number | null;
    /** Of the planned reduction achieved: 0 at the base, 100 at the goal; null when the goal plans none. */
    progressPercent: number | null;
  }[];
  /** Credits cancelled or transferred within the fiscal year, t-CO2: listed, never subtracted. */
  offsets: SupplementOffset[];
  offsetsTonnes: string;
  /** Non-fossil certificates for the fiscal year, kWh: listed, never subtracted. */
  certificates: SupplementCertificate[];
  certificatesKwh: string;
  exclusions: {
    /** Scope 1, scope 2 and scope-3 categories with no line in the year, and how many scope settings the category had. */
    categories: { scopeCategory: ScopeSettingCategory; scopeSettings: number }[];
    /** Gas groups with no amount in the year. */
    gases: GasGroup[];
    /** kg reported as CO2e only, by factors that give no split by gas (it may hold any gas). */
    unsplitKg: string;
  };
}

/** The categories an inventory is expected to cover (water is reported apart). */
const EXPECTED_CATEGORIES: readonly ScopeSettingCategory[] = ['1', '2', '31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315'];

/** t (a number as entered) → micrograms of kg: t × 1,000, exact at the sixth decimal of a tonne. */
const microOfTonnes = (t: number): bigint => microOfNumber(t) * 1000n;

/** A share in percent, as a number for display only (it is not hashed). */
const percentOf = (part: bigint, whole: bigint): number | null => (whole === 0n ? null : (Number(part) / Number(whole)) * 100);

/** The report's emission of a goal's scope or category: scope 2 location-based, as the base year's total; '3' is scope 3 without water. */
function emissionOf(content: GhgInventoryContent, category: ScopeCategory): bigint {
  if (category === '1') return microOf(content.scope1Kg);
  if (category === '2') return microOf(content.scope2LocationKg);
  if (category === '3') return microOf(content.scope3Kg);
  const row = content.categories.find((c) => c.scopeCategory === category);
  return row ? microOf(row.co2eKg) : 0n;
}

/** The total the base year is compared on (domain/src/reports/baseYear.ts): scope 1 + scope 2 location-based + scope 3. */
const comparedTotal = (content: GhgInventoryContent) => microOf(content.scope1Kg) + microOf(content.scope2LocationKg) + microOf(content.scope3Kg);

/** A goal left at its blank default (nothing entered) says nothing: it is not listed. */
const isSet = (g: SupplementGoal) => g.goalEmission !== 0 || g.targetEmission !== 0 || g.goalEmissionPercentage !== 0;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildInventorySupplement(input: {
  content: GhgInventoryContent;
  /** The company's fiscal-year start month at the position. */
  startMonth: number;
  /** Base-year records recorded by the position, oldest first. */
  baseYearRecords: readonly SupplementBaseYearRecord[];
  goals: readonly SupplementGoal[];
  offsets: readonly SupplementOffset[];
  certificates: readonly SupplementCertificate[];
  /** The scope category of each scope setting at the position. */
  scopeSettingCategories: readonly ScopeSettingCategory[];
}): InventorySupplement {
  const { content } = input;
  const reportTotal = comparedTotal(content);

  const latest = input.baseYearRecords.at(-1);
  const baseYear = latest
    ? (() => {
        const recorded = microOf(latest.totalKg);
        const change = reportTotal - recorded;
        return {
          baseYear: latest.baseYear,
          thresholdPercent: input.baseYearRecords[0]!.thresholdPercent,
          records: [...input.baseYearRecords],
          baseYearKg: kgText(recorded),
          reportKg: kgText(reportTotal),
          changeKg: kgText(change),
          changePercent: percentOf(change, recorded),
        };
      })()
    : null;

  // Scope 1, 2, scope 3 as a whole, then its categories 1 to 15.
  const categoryRank = (c: ScopeCategory) => scopeCategories.indexOf(c);
  const targets = input.goals
    .filter(isSet)
    .sort((a, b) => a.goalYear - b.goalYear || categoryRank(a.scopeCategory) - categoryRank(b.scopeCategory) || byText(a.id, b.id))
    .map((g) => {
      const base = microOfTonnes(g.targetEmission);
      const goal = microOfTonnes(g.goalEmission);
      const actual = emissionOf(content, g.scopeCategory);
      const reduction = base - actual;
      return {
        id: g.id,
        scopeCategory: g.scopeCategory,
        goalYear: g.goalYear,
        baseYear: g.targetYear === 0 ? null : g.targetYear,
        baseYearKg: kgText(base),
        goalKg: kgText(goal),
        goalPercent: g.goalEmissionPercentage,
        reportKg: kgText(actual),
        reductionKg: kgText(reduction),
        reductionPercent: percentOf(reduction, base),
        progressPercent: base > goal ? percentOf(reduction, base - goal) : null,
      };
    });

  const { from, to } = fiscalYearDates(content.fiscalYear, input.startMonth);
  const offsets = input.offsets
    .filter((o) => o.invalidOrRelocationDate >= from && o.invalidOrRelocationDate <= to)
    .sort((a, b) => byText(a.invalidOrRelocationDate, b.invalidOrRelocationDate) || byText(a.type, b.type) || byText(a.particularNumberFrom, b.particularNumberFrom) || byText(a.id, b.id));
  const certificates = input.certificates
    .filter((c) => c.fiscalYear === content.fiscalYear)
    .sort((a, b) => byText(a.periodFrom, b.periodFrom) || byText(a.certificateType, b.certificateType) || byText(a.id, b.id));

  const reported = new Set(content.categories.filter((c) => c.lines > 0).map((c) => c.scopeCategory));
  const settingsOf = new Map<string, number>();
  for (const c of input.scopeSettingCategories) settingsOf.set(c, (settingsOf.get(c) ?? 0) + 1);
  const gasGroups = new Set<GasGroup>();
  let unsplit = 0n;
  for (const g of content.gases) {
    const micro = microOf(g.kg);
    if (g.gas === 'CO2e') unsplit += micro;
    else if (micro !== 0n && isGasId(g.gas)) gasGroups.add(GAS_GROUP[g.gas]);
  }

  return {
    position: content.position,
    baseYear,
    targets,
    offsets,
    // Six decimals of a tonne, as entered (a quantity's bound), added exactly.
    offsetsTonnes: kgText(offsets.reduce((sum, o) => sum + microOfNumber(o.invalidOrRelocationQuantity), 0n)),
    certificates,
    certificatesKwh: kgText(certificates.reduce((sum, c) => sum + microOfNumber(c.quantityKwh), 0n)),
    exclusions: {
      categories: EXPECTED_CATEGORIES.filter((c) => !reported.has(c)).map((scopeCategory) => ({ scopeCategory, scopeSettings: settingsOf.get(scopeCategory) ?? 0 })),
      gases: KYOTO_GAS_GROUPS.filter((g) => !gasGroups.has(g)),
      unsplitKg: kgText(unsplit),
    },
  };
}
