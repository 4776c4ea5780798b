import { describe, expect, it } from 'vitest';
import { valueText } from './format';

describe('valueText', () => {
  it('given one value, then number and unit', () => {
    expect(valueText({ unit: 'kg-CO2/L', values: [{ value: 2.58, unit: 'kg-CO2/L' }] })).toBe(`${(2.58).toLocaleString()} kg-CO2/L`);
  });
  it('given stages, then each value names its stage', () => {
    expect(valueText({ unit: 'kg-CO2e/tkm', values: [{ value: 0.1, unit: 'kg-CO2e/tkm', stage: 'TTW' }, { value: 0.02, unit: 'kg-CO2e/tkm', stage: 'WTT' }] })).toBe(
      `${(0.1).toLocaleString()} kg-CO2e/tkm (TTW) / ${(0.02).toLocaleString()} kg-CO2e/tkm (WTT)`,
    );
  });
  it('given no value (coefficients), then a dash', () => {
    expect(valueText({ unit: '', values: [] })).toBe('—');
  });
});
