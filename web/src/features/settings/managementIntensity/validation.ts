import type { MessageId } from '@ghg/locales';

export interface ValueForm {
  intensityId: string;
  fiscalYear: string;
  value: string;
}
export type ValueFormErrors = Partial<Record<keyof ValueForm, MessageId>>;

const DECIMAL = /^\d+(\.\d+)?$/;

/** One denominator value: an intensity of the master, a fiscal year, a number above zero. */
export function validateValue(form: ValueForm): { errors: ValueFormErrors; value?: { intensityId: string; fiscalYear: number; value: number } } {
  const errors: ValueFormErrors = {};
  if (!form.intensityId) errors.intensityId = 'validation.required';
  const year = Number(form.fiscalYear.trim());
  if (!form.fiscalYear.trim()) errors.fiscalYear = 'validation.required';
  else if (!/^\d{4}$/.test(form.fiscalYear.trim()) || year < 1900 || year > 2200) errors.fiscalYear = 'intensity.management.invalidYear';
  const clean = form.value.trim().replace(/,/g, '');
  const value = Number(clean);
  if (!clean) errors.value = 'validation.required';
  else if (!DECIMAL.test(clean) || !(value > 0)) errors.value = 'intensity.management.invalidValue';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, value: { intensityId: form.intensityId, fiscalYear: year, value } };
}
