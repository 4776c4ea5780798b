import {
  DEFAULT_START_MONTH,
  fiscalYearOf,
  foldRecorded,
  calculationBasisDecider,
  calculationBasisStreamId,
  defaultBasis,
  type AvailableFactorSets,
  type BasisValues,
  type CalculationBasisState,
  type PinCandidate,
  companyFactorSetAt,
  companyFactorSetStreamId,
  SHIPPED_FACTOR_SETS,
  type CalculationContext,
  type FactorSet,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';

/**
 * What a calculation of one company for one fiscal year needs besides its lines: the year's basis
 * (its own stream), the company's factor sets and their newest versions, rates, fiscal-year start.
 */
export interface CompanyCalculationFacts {
  companyId: string;
  fiscalYear: number;
  basisState: CalculationBasisState;
  /** The company's own sets with their newest published version (the factor-set read model). */
  factorSets: readonly { setId: string; version: number }[];
  startMonth: number;
  currencyRates: { fiscalYear: number; currencyUnit: string; rate: number }[];
}

export interface BasisView extends BasisValues {
  fiscalYear: number;
  /** -1 while the year has no basis (then these are the values the first save would write). */
  version: number;
  isDefault: boolean;
}

/** The facts for `fiscalYear`, or for the fiscal year today falls in. */
export async function loadCalculationFacts(
  deps: CommandApiDeps,
  companyId: string,
  options: { fiscalYear?: number | undefined; withRates?: boolean } = {},
): Promise<CompanyCalculationFacts> {
  const { knex } = deps.db;
  const [fy, sets, rates] = await Promise.all([
    knex('fiscal_year_settings').where({ company_id: companyId }).first(),
    knex('company_factor_sets').where({ company_id: companyId }).select('set_id', 'latest_version'),
    // The company's rates as the currency read model holds them; a missing one reads as 100 (engine warning).
    options.withRates === false ? Promise.resolve([]) : knex('currency_rates').where({ company_id: companyId }).select('fiscal_year', 'currency_unit', 'rate'),
  ]);
  const startMonth = fy?.start_month ?? DEFAULT_START_MONTH;
  const fiscalYear = options.fiscalYear ?? currentFiscalYear(deps.now?.() ?? new Date(), startMonth);
  const basisEvents = await deps.eventStore.readStream(calculationBasisStreamId(companyId, fiscalYear));
  return {
    companyId,
    fiscalYear,
    basisState: foldRecorded(calculationBasisDecider, basisEvents),
    factorSets: (sets as Record<string, unknown>[]).map((r) => ({ setId: String(r.set_id), version: Number(r.latest_version) })),
    startMonth,
    currencyRates: (rates as Record<string, unknown>[]).map((r) => ({ fiscalYear: Number(r.fiscal_year), currencyUnit: String(r.currency_unit), rate: Number(r.rate) })),
  };
}

/** Every set the company may pin: shipped ones and its own, each with its versions. */
export function availableFactorSets(facts: CompanyCalculationFacts): AvailableFactorSets {
  const available: Record<string, string[]> = {};
  for (const s of SHIPPED_FACTOR_SETS) (available[s.id] ??= []).push(s.version);
  for (const s of facts.factorSets) available[s.setId] = Array.from({ length: s.version }, (_, i) => String(i + 1));
  return available;
}

export function defaultBasisFor(facts: CompanyCalculationFacts, fiscalYear: number): BasisValues {
  const candidates: PinCandidate[] = [...SHIPPED_FACTOR_SETS];
  for (const s of facts.factorSets) if (s.version > 0) candidates.push({ id: s.setId, version: String(s.version), year: s.version });
  return defaultBasis(fiscalYear, candidates, facts.startMonth);
}

export function basisView(facts: CompanyCalculationFacts, fiscalYear: number): BasisView {
  const stored = facts.basisState.years.get(fiscalYear);
  if (stored) return { fiscalYear, gwpSet: stored.gwpSet, factorSets: stored.factorSets, version: stored.version, isDefault: false };
  return { fiscalYear, ...defaultBasisFor(facts, fiscalYear), version: -1, isDefault: true };
}

/** The engine context for a basis: shipped sets plus the pinned versions of the company's own (read from their streams). */
export async function contextFor(deps: CommandApiDeps, facts: CompanyCalculationFacts, basis: BasisValues, fiscalYear: number, explain = false): Promise<CalculationContext> {
  const own = new Set(facts.factorSets.map((s) => s.setId));
  const customFactorSets: FactorSet[] = [];
  for (const [setId, version] of Object.entries(basis.factorSets)) {
    if (!own.has(setId)) continue;
    const events = (await deps.eventStore.readStream(companyFactorSetStreamId(facts.companyId, setId))).map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }));
    const set = companyFactorSetAt(events, setId, Number(version));
    if (set) customFactorSets.push(set);
  }
  return {
    factorSets: basis.factorSets,
    gwpSet: basis.gwpSet,
    fiscalYear,
    fiscalYearStartMonth: facts.startMonth,
    currencyRates: facts.currencyRates,
    customFactorSets,
    explain,
  };
}

/** The fiscal year today falls in, for a company whose year starts in `startMonth`. */
export function currentFiscalYear(now: Date, startMonth: number): number {
  return fiscalYearOf(now, startMonth);
}

/** A calculation refused as a whole (its status: the route's table of context errors). */
export const contextError = (error: string, detail?: string) =>
  new Refusal(error, detail ? { message: `${error.replaceAll('_', ' ')}: ${detail}` } : {});
