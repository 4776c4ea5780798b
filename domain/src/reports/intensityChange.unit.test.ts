import { describe, expect, it } from 'vitest';
import { fiveYearAveragePercent, yearOnYearPercent } from './intensityChange';

describe('year-on-year change of an energy intensity (対前年度比)', () => {
  it('given 2.000000 last year and 1.970000 this year, when compared, then 1.97 ÷ 2 × 100 = 98.5 %', () => {
    expect(yearOnYearPercent('2.000000', '1.970000')).toBe('98.5');
  });
  it('rounds to one decimal, half up: 1 ÷ 3 × 100 = 33.33… → 33.3; 2 ÷ 3 × 100 = 66.66… → 66.7; 1.0005 ÷ 1 × 100 = 100.05 → 100.1', () => {
    expect(yearOnYearPercent('3.000000', '1.000000')).toBe('33.3');
    expect(yearOnYearPercent('3.000000', '2.000000')).toBe('66.7');
    expect(yearOnYearPercent('1.000000', '1.000500')).toBe('100.1');
  });
  it('given a year without an intensity, or last year at 0, then there is no ratio', () => {
    expect(yearOnYearPercent(null, '1.000000')).toBeNull();
    expect(yearOnYearPercent('1.000000', null)).toBeNull();
    expect(yearOnYearPercent('0.000000', '1.000000')).toBeNull();
  });
  it('this year at 0 against a positive last year: 0 %', () => {
    expect(yearOnYearPercent('2.000000', '0.000000')).toBe('0.0');
  });
});

describe('five-year average change of an energy intensity (5年度間平均原単位変化)', () => {
  it('given 1.0, 0.99, 0.98, 0.97, 0.96, when averaged, then (0.96 ÷ 1.0)^(1/4) × 100 = 98.985… → 99.0 %', () => {
    // The four ratios 99/100 × 98/99 × 97/98 × 96/97 multiply to 0.96; 0.96^0.25 = 0.98985.
    expect(fiveYearAveragePercent(['1.000000', '0.990000', '0.980000', '0.970000', '0.960000'])).toBe('99.0');
  });
  it('given 16 → 1 over the years, then (1 ÷ 16)^(1/4) × 100 = 0.5 × 100 = 50.0 %', () => {
    expect(fiveYearAveragePercent(['16.000000', '8.000000', '4.000000', '2.000000', '1.000000'])).toBe('50.0');
  });
  it('given a year without an intensity, or one at 0, then there is no average', () => {
    expect(fiveYearAveragePercent(['1.000000', null, '1.000000', '1.000000', '1.000000'])).toBeNull();
    expect(fiveYearAveragePercent(['1.000000', '0.000000', '1.000000', '1.000000', '1.000000'])).toBeNull();
    expect(fiveYearAveragePercent(['1.000000', '1.000000', '1.000000', '1.000000'])).toBeNull();
  });
});
