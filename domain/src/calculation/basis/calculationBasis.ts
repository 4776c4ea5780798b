import { type CalculationBasisEvent, isYear } from '@ghg/events';
import { accept, reject, type Decider } from '../../core/decider';
import type { Validity } from '../factors/types';
import { GWP_SET_BY_ID } from '../gwp/sets';
import { DEFAULT_START_MONTH, fiscalYearDates } from '../../settings/fiscalYear/fiscalYear';

/**
 * The calculation basis of a company for one fiscal year: the GWP set and the version of every
 * factor set its calculations use. It is fixed by an explicit event the first time it is set
 * (the newest applicable versions when nothing is chosen) and never re-resolved implicitly;
 * changing it is a restatement, recorded with the basis before and after.
 */

/** One stream per company and fiscal year: a year's basis is one aggregate with its own version. */
export const calculationBasisStreamId = (companyId: string, fiscalYear: number) => `calculationBasis-${companyId}-${fiscalYear}`;
/** Before one stream per entity, all of a company's years were in `calculationBasis-<companyId>` (see the stream migration). */
export const legacyCalculationBasisStreamId = (companyId: string) => `calculationBasis-${companyId}`;

/** The GWP set a basis uses when none is chosen: the IPCC's latest assessment (GHG Protocol). */
export const DEFAULT_GWP_SET = 'AR6';

export type FactorSetPins = Readonly<Record<string, string>>;

export interface BasisValues {
  readonly gwpSet: string;
  readonly factorSets: FactorSetPins;
}

export interface CalculationBasis extends BasisValues {
  readonly id: string;
  readonly fiscalYear: number;
  /** Stream revision of the year's last change: its optimistic-concurrency version. */
  readonly version: number;
}

export interface CalculationBasisState {
  readonly years: ReadonlyMap<number, CalculationBasis>;
}

/** Every factor set a company may pin, with its versions (shipped sets and the company's own). */
export type AvailableFactorSets = Readonly<Record<string, readonly string[]>>;

export interface SetCalculationBasis {
  type: 'SetCalculationBasis';
  companyId: string;
  fiscalYear: number;
  /** Id of the year's basis when it is set for the first time. */
  newId: string;
  /** Absent: keep (or, the first time, the default). */
  gwpSet?: string;
  /** Changes to the pins: a version pins the set, null unpins it; sets not named stay as they are. */
  factorSets?: Readonly<Record<string, string | null>>;
  reason?: string;
  /** -1: the year must not have a basis yet. */
  expectedVersion?: number;
  /** Facts from outside this stream. */
  available: AvailableFactorSets;
  /** What the year starts from when it has no basis yet (see `defaultBasis`). */
  defaults: BasisValues;
}

export type CalculationBasisError =
  | 'invalid_fiscal_year'
  | 'unknown_gwp_set'
  | 'unknown_factor_set'
  | 'unknown_factor_set_version'
  | 'invalid_reason'
  | 'version_conflict';

export const MAX_REASON_LENGTH = 500;

export function mergePins(base: FactorSetPins, changes: Readonly<Record<string, string | null>> | undefined): Record<string, string> {
  const pins: Record<string, string> = { ...base };
  for (const [id, version] of Object.entries(changes ?? {})) {
    if (version === null) delete pins[id];
    else pins[id] = version;
  }
  return sortPins(pins);
}

const sortPins = (pins: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(pins).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const samePins = (a: FactorSetPins, b: FactorSetPins) => JSON.stringify(sortPins(a)) === JSON.stringify(sortPins(b));

export const calculationBasisDecider: Decider<SetCalculationBasis, CalculationBasisEvent, CalculationBasisState, CalculationBasisError> = {
  eventTypes: { CalculationBasisSet: true, CalculationBasisChanged: true },
  initialState: () => ({ years: new Map() }),
  evolve: (state, event, revision) => {
    const years = new Map(state.years);
    const { id, fiscalYear } = event.data;
    const values = event.type === 'CalculationBasisSet' ? event.data : event.data.after;
    years.set(fiscalYear, { id, fiscalYear, gwpSet: values.gwpSet, factorSets: values.factorSets, version: revision });
    return { years };
  },
  decide: (command, state) => {
    const { fiscalYear } = command;
    if (!isYear(fiscalYear)) return reject('invalid_fiscal_year');
    const reason = command.reason?.trim() ? command.reason.trim() : null;
    if (reason !== null && reason.length > MAX_REASON_LENGTH) return reject('invalid_reason');
    const existing = state.years.get(fiscalYear);
    if (command.expectedVersion !== undefined && command.expectedVersion !== (existing?.version ?? -1)) return reject('version_conflict');

    const base: BasisValues = existing ?? command.defaults;
    const gwpSet = command.gwpSet ?? base.gwpSet;
    if (!GWP_SET_BY_ID.has(gwpSet)) return reject('unknown_gwp_set');
    const factorSets = mergePins(base.factorSets, command.factorSets);
    for (const [id, version] of Object.entries(factorSets)) {
      const versions = command.available[id];
      if (!versions) return reject('unknown_factor_set');
      if (!versions.includes(version)) return reject('unknown_factor_set_version');
    }

    if (!existing) {
      const defaulted = command.gwpSet === undefined && command.factorSets === undefined;
      return accept({
        type: 'CalculationBasisSet',
        data: { id: command.newId, companyId: command.companyId, fiscalYear, gwpSet, factorSets, defaulted, reason },
      });
    }
    if (existing.gwpSet === gwpSet && samePins(existing.factorSets, factorSets)) return accept();
    return accept({
      type: 'CalculationBasisChanged',
      data: {
        id: existing.id,
        companyId: command.companyId,
        fiscalYear,
        before: { gwpSet: existing.gwpSet, factorSets: sortPins(existing.factorSets) },
        after: { gwpSet, factorSets },
        reason,
      },
    });
  },
};

/** A factor-set version as the default choice sees it. */
export interface PinCandidate {
  readonly id: string;
  readonly version: string;
  /** Publication year (shipped) or a sequence number (company sets): larger is newer. */
  readonly year: number;
  readonly valid?: Validity;
}

const overlaps = (valid: Validity | undefined, span: { from: string; toExclusive: string }) =>
  !valid || ((valid.from === undefined || valid.from < span.toExclusive) && (valid.to === undefined || valid.to >= span.from));

/**
 * The basis a fiscal year starts from: for every set, the newest version whose validity overlaps
 * the fiscal year, or the newest version when none does; the default GWP set. Candidates of one
 * set are compared by `year`, ties resolved by their order (later wins), as `newestPins` does.
 * The result is written as an explicit event; it is never re-resolved for a year that has one.
 */
export function defaultBasis(fiscalYear: number, candidates: readonly PinCandidate[], startMonth = DEFAULT_START_MONTH): BasisValues {
  const span = fiscalYearDates(fiscalYear, startMonth);
  const best = new Map<string, { c: PinCandidate; applicable: boolean }>();
  for (const c of candidates) {
    const applicable = overlaps(c.valid, span);
    const current = best.get(c.id);
    if (!current || (applicable && !current.applicable) || (applicable === current.applicable && c.year >= current.c.year)) {
      best.set(c.id, { c, applicable });
    }
  }
  return { gwpSet: DEFAULT_GWP_SET, factorSets: sortPins(Object.fromEntries([...best].map(([id, { c }]) => [id, c.version]))) };
}
