import { describe, expect, it } from 'vitest';
import { validateCurrency } from './validation';

describe('currency-rate form validation', () => {
  it('requires year, unit and rate', () => {
    expect(validateCurrency({ fiscalYear: '', currencyUnit: '', rate: '' }).errors).toEqual({
      fiscalYear: 'validation.required',
      currencyUnit: 'validation.required',
      rate: 'validation.required',
    });
  });

  it('accepts a good rate and normalises the unit', () => {
    expect(validateCurrency({ fiscalYear: '2025', currencyUnit: ' usd ', rate: '151.25' })).toEqual({
      errors: {},
      value: { fiscalYear: 2025, currencyUnit: 'USD', rate: 151.25 },
    });
    expect(validateCurrency({ fiscalYear: '2025', currencyUnit: 'EUR', rate: '1,620.5' }).value?.rate).toBe(1620.5);
  });

  it('refuses bad values', () => {
    const e = (f: Partial<{ fiscalYear: string; currencyUnit: string; rate: string }>) =>
      validateCurrency({ fiscalYear: '2025', currencyUnit: 'USD', rate: '150', ...f }).errors;
    expect(e({ fiscalYear: '25' }).fiscalYear).toBe('settings.currency.invalidYear');
    expect(e({ fiscalYear: '1800' }).fiscalYear).toBe('settings.currency.invalidYear');
    expect(e({ currencyUnit: 'US' }).currencyUnit).toBe('settings.currency.invalidUnit');
    expect(e({ currencyUnit: 'U$D' }).currencyUnit).toBe('settings.currency.invalidUnit');
    expect(e({ currencyUnit: 'jpy' }).currencyUnit).toBe('settings.currency.yenItself');
    expect(e({ rate: '0' }).rate).toBe('settings.currency.invalidRate');
    expect(e({ rate: '-3' }).rate).toBe('settings.currency.invalidRate');
    expect(e({ rate: 'abc' }).rate).toBe('settings.currency.invalidRate');
    expect(e({ rate: '1e3' }).rate).toBe('settings.currency.invalidRate');
  });
});
