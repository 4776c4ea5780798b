import type { MessageId } from '@ghg/locales';

export interface CurrencyForm {
  fiscalYear: string;
  currencyUnit: string;
  rate: string;
}

export type CurrencyFormErrors = Partial<Record<keyof CurrencyForm, MessageId>>;

export interface CurrencyInput {
  fiscalYear: number;
  currencyUnit: string;
  rate: number;
}

/** ISO 4217 codes are three letters; the server stores them upper-case. */
const UNIT = /^[A-Za-z]{3}$/;
const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

/** Checked before sending (fiscalYear, currencyUnit and rate are required). */
export function validateCurrency(form: CurrencyForm): { errors: CurrencyFormErrors; value?: CurrencyInput } {
  const errors: CurrencyFormErrors = {};
  const year = Number(form.fiscalYear.trim());
  if (!form.fiscalYear.trim()) errors.fiscalYear = 'validation.required';
  else if (!/^\d{4}$/.test(form.fiscalYear.trim()) || year < 1900 || year > 2200) errors.fiscalYear = 'settings.currency.invalidYear';

  const unit = form.currencyUnit.trim().toUpperCase();
  if (!unit) errors.currencyUnit = 'validation.required';
  else if (!UNIT.test(unit)) errors.currencyUnit = 'settings.currency.invalidUnit';
  else if (unit === 'JPY') errors.currencyUnit = 'settings.currency.yenItself';

  const rate = Number(form.rate.trim().replace(/,/g, ''));
  if (!form.rate.trim()) errors.rate = 'validation.required';
  else if (!NUMBER.test(form.rate.replace(/,/g, '')) || !Number.isFinite(rate) || rate <= 0) errors.rate = 'settings.currency.invalidRate';

  if (Object.keys(errors).length > 0) return { errors };
  return { errors, value: { fiscalYear: year, currencyUnit: unit, rate } };
}
