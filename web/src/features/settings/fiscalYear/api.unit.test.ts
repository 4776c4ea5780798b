import { describe, expect, it } from 'vitest';
import { validateStartMonth } from './api';

describe('fiscal-year form validation', () => {
  it('wants a month from 1 to 12', () => {
    expect(validateStartMonth(null)).toBe('validation.required');
    expect(validateStartMonth(0)).toBe('settings.fiscalYear.invalidMonth');
    expect(validateStartMonth(13)).toBe('settings.fiscalYear.invalidMonth');
    expect(validateStartMonth(1)).toBeUndefined();
    expect(validateStartMonth(12)).toBeUndefined();
  });
});
