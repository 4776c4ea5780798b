import type { RecordedEvent } from '@ghg/events';
import { DEFAULT_START_MONTH, fold } from '@ghg/domain';
import { calculationBasisDecider, calculationBasisStreamId, defaultBasis, type AvailableFactorSets, type BasisValues, type CalculationBasisState, type PinCandidate } from '@ghg/domain/calculation/basis/index';
import { companyFactorSetAt, companyFactorSetsDecider, companyFactorSetsStreamId, companyFactorSetVersions, type CompanyFactorSetsState } from '@ghg/domain/calculation/companyFactors/index';
import { SHIPPED_FACTOR_SETS, type CalculationContext, type FactorSet } from '@ghg/domain/calculation/index';
import type { CommandApiDeps } from '../core/deps';
import { HttpError } from '../core/httpErrors';

/** What a calculation of one company needs besides its lines: basis, company factor sets, rates, fiscal-year start. */
export interface CompanyCalculationFacts {
  basisState: CalculationBasisState;
  factorEvents: readonly RecordedEvent[];
  factorState: CompanyFactorSetsState;
  startMonth: number;
  currencyRates: { fiscalYear: number; currencyUnit: string; rate: number }[];
}

export interface BasisView extends BasisValues {
  fiscalYear: number;
  /** -1 while the year has no basis (then these are the values the first save would write). */
  version: number;
  isDefault: boolean;
}

export async function loadCalculationFacts(deps: CommandApiDeps, companyId: string, withRates = true): Promise<CompanyCalculationFacts> {
  const { knex } = deps.db;
  const [basisEvents, factorEvents, fy, rates] = await Promise.all([
    deps.eventStore.readStream(calculationBasisStreamId(companyId)),
    deps.eventStore.readStream(companyFactorSetsStreamId(companyId)),
    knex('fiscal_year_settings').where({ company_id: companyId }).first(),
    // The company's rates as the currency read model holds them; a missing one reads as 100 (engine warning).
    withRates ? knex('currency_rates').where({ company_id: companyId }).select('fiscal_year', 'currency_unit', 'rate') : Promise.resolve([]),
  ]);
  return {
    basisState: basisEvents.reduce((s, e) => calculationBasisDecider.evolve(s, e as never, e.streamPosition), calculationBasisDecider.initialState()),
    factorEvents,
    factorState: fold(companyFactorSetsDecider, factorEvents as never),
    startMonth: fy?.start_month ?? DEFAULT_START_MONTH,
    currencyRates: (rates as Record<string, unknown>[]).map((r) => ({ fiscalYear: Number(r.fiscal_year), currencyUnit: String(r.currency_unit), rate: Number(r.rate) })),
  };
}

/** Every set the company may pin: shipped ones and its own, each with its versions. */
export function availableFactorSets(facts: CompanyCalculationFacts): AvailableFactorSets {
  const available: Record<string, string[]> = {};
  for (const s of SHIPPED_FACTOR_SETS) (available[s.id] ??= []).push(s.version);
  return { ...available, ...companyFactorSetVersions(facts.factorState) };
}

export function defaultBasisFor(facts: CompanyCalculationFacts, fiscalYear: number): BasisValues {
  const candidates: PinCandidate[] = [...SHIPPED_FACTOR_SETS];
  for (const s of facts.factorState.sets.values()) if (s.version > 0) candidates.push({ id: s.setId, version: String(s.version), year: s.version });
  return defaultBasis(fiscalYear, candidates, facts.startMonth);
}

export function basisView(facts: CompanyCalculationFacts, fiscalYear: number): BasisView {
  const stored = facts.basisState.years.get(fiscalYear);
  if (stored) return { fiscalYear, gwpSet: stored.gwpSet, factorSets: stored.factorSets, version: stored.version, isDefault: false };
  return { fiscalYear, ...defaultBasisFor(facts, fiscalYear), version: -1, isDefault: true };
}

/** The engine context for a basis: shipped sets plus the pinned versions of the company's own. */
export function contextFor(facts: CompanyCalculationFacts, basis: BasisValues, fiscalYear: number, explain = false): CalculationContext {
  const events = facts.factorEvents.map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }));
  const customFactorSets: FactorSet[] = [];
  for (const [id, version] of Object.entries(basis.factorSets)) {
    if (!facts.factorState.sets.has(id)) continue;
    const set = companyFactorSetAt(events, id, Number(version));
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
  return now.getUTCMonth() + 1 >= startMonth ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

export const contextError = (error: string, detail?: string) => {
  const e = new HttpError(400, error, detail ? `${error.replaceAll('_', ' ')}: ${detail}` : error.replaceAll('_', ' '));
  return e;
};
