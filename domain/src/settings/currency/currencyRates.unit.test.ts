import { describe, expect, it } from 'vitest';
import { fold, given } from '../../core/decider';
import { currencyRatesDecider, rateFor, DEFAULT_CURRENCY_RATE, type CurrencyRateCommand } from './currencyRates';
import type { CurrencyRateEvent } from '@ghg/events';

const companyId = 'c1';
const added = (id: string, fiscalYear: number, currencyUnit: string, rate: number): CurrencyRateEvent => ({
  type: 'CurrencyRateAdded',
  data: { id, companyId, fiscalYear, currencyUnit, rate },
});
const save = (p: Partial<Extract<CurrencyRateCommand, { type: 'SaveCurrencyRate' }>>): CurrencyRateCommand => ({
  type: 'SaveCurrencyRate',
  companyId,
  newId: 'new',
  fiscalYear: 2025,
  currencyUnit: 'USD',
  rate: 150,
  ...p,
});

describe('currency rate decider', () => {
  it('given no rates, when USD 2025 is saved, then it is added with the new id and an upper-case unit', () => {
    expect(given(currencyRatesDecider, []).when(save({ currencyUnit: ' usd ' }))).toEqual({
      ok: true,
      events: [added('new', 2025, 'USD', 150)],
    });
  });

  it('given USD 2025, when another USD 2025 is added, then currency_rate_exists', () => {
    expect(given(currencyRatesDecider, [added('a', 2025, 'USD', 150)]).when(save({}))).toEqual({
      ok: false,
      error: 'currency_rate_exists',
    });
  });

  it('given USD 2025 at revision 0, when changed with expected version 0, then CurrencyRateChanged', () => {
    const result = given(currencyRatesDecider, [added('a', 2025, 'USD', 150)]).when(
      save({ id: 'a', rate: 151.25, expectedVersion: 0 }),
    );
    expect(result).toEqual({
      ok: true,
      events: [{ type: 'CurrencyRateChanged', data: { id: 'a', companyId, fiscalYear: 2025, currencyUnit: 'USD', rate: 151.25 } }],
    });
  });

  it('given a rate changed after the client read it, when saved with the old version, then version_conflict', () => {
    const history: CurrencyRateEvent[] = [added('a', 2025, 'USD', 150), added('b', 2025, 'EUR', 160), { type: 'CurrencyRateChanged', data: { id: 'a', companyId, fiscalYear: 2025, currencyUnit: 'USD', rate: 152 } }];
    expect(given(currencyRatesDecider, history).when(save({ id: 'a', rate: 149, expectedVersion: 0 }))).toEqual({
      ok: false,
      error: 'version_conflict',
    });
    // A change to another rate (EUR, revision 1) does not make USD's version stale.
    expect(given(currencyRatesDecider, history).when(save({ id: 'a', rate: 149, expectedVersion: 2 })).ok).toBe(true);
  });

  it.each([
    [{ rate: 0 }, 'invalid_rate'],
    [{ rate: -3 }, 'invalid_rate'],
    [{ currencyUnit: 'dollars' }, 'invalid_currency_unit'],
    [{ fiscalYear: 20250 }, 'invalid_fiscal_year'],
    [{ id: 'missing' }, 'currency_rate_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(currencyRatesDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('given a rate, when removed, then CurrencyRateRemoved; removing a missing one is currency_rate_not_found', () => {
    const history = [added('a', 2025, 'USD', 150)];
    expect(given(currencyRatesDecider, history).when({ type: 'RemoveCurrencyRate', companyId, id: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'CurrencyRateRemoved', data: { id: 'a', companyId } }],
    });
    expect(given(currencyRatesDecider, []).when({ type: 'RemoveCurrencyRate', companyId, id: 'a' })).toEqual({
      ok: false,
      error: 'currency_rate_not_found',
    });
  });

  it('a missing rate reads as 100 yen per unit', () => {
    const state = fold(currencyRatesDecider, [added('a', 2025, 'USD', 150)]);
    expect(rateFor(state, 2025, 'usd')).toBe(150);
    expect(rateFor(state, 2024, 'USD')).toBe(DEFAULT_CURRENCY_RATE);
    expect(DEFAULT_CURRENCY_RATE).toBe(100);
  });
});
