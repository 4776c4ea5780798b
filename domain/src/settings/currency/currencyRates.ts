import { accept, reject, type Decider } from '../../core/decider';
import { KEY, type EntityClaim } from '../../core/claims';
import type { CurrencyRateEvent } from '@ghg/events';
import { isPositiveQuantity, isYear } from '../settingsValues';

/** Yen per unit used when a company has no rate for a currency and fiscal year. */
export const DEFAULT_CURRENCY_RATE = 100;

/**
 * One stream per rate, so a command reads that rate's history only. "One rate per fiscal year and
 * currency" spans rates: it is kept in a claim register (currencyRateClaims). The decider folds
 * whatever rates it is given; a rate's stream holds that one rate.
 */
/** Every stream of this kind starts so: `currencyRate-<companyId>-<id>`. */
export const CURRENCY_RATE_STREAM_PREFIX = 'currencyRate-';
export const currencyRateStreamId = (companyId: string, rateId: string) => `${CURRENCY_RATE_STREAM_PREFIX}${companyId}-${rateId}`;
/** Before one stream per entity, all of a company's rates were in one stream of this prefix (see the stream migration). */
export const LEGACY_CURRENCY_RATES_PREFIX = 'currencyRates-';

/** The fiscal year and currency a rate holds, in the company's register. */
export const currencyRateClaims = (companyId: string) => (state: CurrencyRatesState): EntityClaim[] =>
  [...state.rates.values()].map((r) => ({ guard: ['currencyRate', companyId, String(r.fiscalYear), r.currencyUnit], value: KEY }));

export interface CurrencyRate {
  id: string;
  fiscalYear: number;
  currencyUnit: string;
  rate: number;
  /** Stream revision of the rate's last change: the per-rate optimistic-concurrency version. */
  version: number;
}

export interface CurrencyRatesState {
  rates: ReadonlyMap<string, CurrencyRate>;
}

export type CurrencyRateCommand =
  | {
      type: 'SaveCurrencyRate';
      companyId: string;
      /** Absent: add a new rate with newId. */
      id?: string;
      newId: string;
      fiscalYear: number;
      currencyUnit: string;
      rate: number;
      expectedVersion?: number;
    }
  | { type: 'RemoveCurrencyRate'; companyId: string; id: string; expectedVersion?: number };

export type CurrencyRateError =
  | 'invalid_rate'
  | 'invalid_fiscal_year'
  | 'invalid_currency_unit'
  | 'currency_rate_exists'
  | 'currency_rate_not_found'
  | 'version_conflict';

const CURRENCY_UNIT = /^[A-Z]{3}$/;

export function normaliseCurrencyUnit(unit: string): string {
  return unit.trim().toUpperCase();
}

export function rateFor(state: CurrencyRatesState, fiscalYear: number, currencyUnit: string): number {
  const unit = normaliseCurrencyUnit(currencyUnit);
  for (const r of state.rates.values()) if (r.fiscalYear === fiscalYear && r.currencyUnit === unit) return r.rate;
  return DEFAULT_CURRENCY_RATE;
}

function findDuplicate(state: CurrencyRatesState, fiscalYear: number, unit: string, exceptId?: string) {
  for (const r of state.rates.values()) {
    if (r.id !== exceptId && r.fiscalYear === fiscalYear && r.currencyUnit === unit) return r;
  }
  return undefined;
}

export const currencyRatesDecider: Decider<CurrencyRateCommand, CurrencyRateEvent, CurrencyRatesState, CurrencyRateError> = {
  eventTypes: { CurrencyRateAdded: true, CurrencyRateChanged: true, CurrencyRateRemoved: true },
  initialState: () => ({ rates: new Map() }),
  evolve: (state, event, revision) => {
    const rates = new Map(state.rates);
    if (event.type === 'CurrencyRateRemoved') rates.delete(event.data.id);
    else {
      const { id, fiscalYear, currencyUnit, rate } = event.data;
      rates.set(id, { id, fiscalYear, currencyUnit, rate, version: revision });
    }
    return { rates };
  },
  decide: (command, state) => {
    if (command.type === 'RemoveCurrencyRate') {
      const existing = state.rates.get(command.id);
      if (!existing) return reject('currency_rate_not_found');
      if (command.expectedVersion !== undefined && command.expectedVersion !== existing.version) {
        return reject('version_conflict');
      }
      return accept({ type: 'CurrencyRateRemoved', data: { id: command.id, companyId: command.companyId } });
    }
    const unit = normaliseCurrencyUnit(command.currencyUnit);
    if (!CURRENCY_UNIT.test(unit)) return reject('invalid_currency_unit');
    if (!isYear(command.fiscalYear)) return reject('invalid_fiscal_year');
    if (!isPositiveQuantity(command.rate)) return reject('invalid_rate');
    const existing = command.id === undefined ? undefined : state.rates.get(command.id);
    if (command.id !== undefined && !existing) return reject('currency_rate_not_found');
    if (findDuplicate(state, command.fiscalYear, unit, existing?.id)) return reject('currency_rate_exists');
    const data = {
      id: existing?.id ?? command.newId,
      companyId: command.companyId,
      fiscalYear: command.fiscalYear,
      currencyUnit: unit,
      rate: command.rate,
    };
    if (!existing) return accept({ type: 'CurrencyRateAdded', data });
    if (command.expectedVersion !== undefined && command.expectedVersion !== existing.version) {
      return reject('version_conflict');
    }
    if (existing.fiscalYear === data.fiscalYear && existing.currencyUnit === unit && existing.rate === data.rate) {
      return accept();
    }
    return accept({ type: 'CurrencyRateChanged', data });
  },
};
