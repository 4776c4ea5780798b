import { describe, expect, it } from 'vitest';
import { validateValue } from './validation';
import { validateIntensity } from '../intensity/IntensityDialog';

describe('management-intensity value form', () => {
  it('accepts a value above zero with thousands separators', () => {
    expect(validateValue({ intensityId: 'i1', fiscalYear: '2025', value: '12,345.6' })).toEqual({
      errors: {},
      value: { intensityId: 'i1', fiscalYear: 2025, value: 12345.6 },
    });
  });

  it('names each wrong field', () => {
    expect(validateValue({ intensityId: '', fiscalYear: '', value: '' }).errors).toEqual({
      intensityId: 'validation.required',
      fiscalYear: 'validation.required',
      value: 'validation.required',
    });
    expect(validateValue({ intensityId: 'i', fiscalYear: '99', value: '0' }).errors).toEqual({
      fiscalYear: 'intensity.management.invalidYear',
      value: 'intensity.management.invalidValue',
    });
    expect(validateValue({ intensityId: 'i', fiscalYear: '2025', value: '-3' }).errors.value).toBe('intensity.management.invalidValue');
  });
});

describe('intensity master form', () => {
  it('requires name and unit within the server limits', () => {
    expect(validateIntensity({ name: ' ', unit: '' })).toEqual({ name: 'validation.required', unit: 'validation.required' });
    expect(validateIntensity({ name: 'x'.repeat(101), unit: 'y'.repeat(51) })).toEqual({ name: 'intensity.nameTooLong', unit: 'intensity.unitTooLong' });
    expect(validateIntensity({ name: '売上高', unit: '百万円' })).toEqual({});
  });
});
