import { describe, expect, it } from 'vitest';
import { parseJapaneseDate, parseNumberCell } from './values';

describe('parseJapaneseDate', () => {
  it.each([
    ['2025/4/1', '2025-04-01'],
    ['2025/04/01', '2025-04-01'],
    ['2025-04-01', '2025-04-01'],
    ['2025.4.1', '2025-04-01'],
    ['20250401', '2025-04-01'],
    ['2025年4月1日', '2025-04-01'],
    ['２０２５／４／１', '2025-04-01'],
    [' 2025/4/1 ', '2025-04-01'],
    ['2025/4/1 0:00', '2025-04-01'],
    ['2025-04-01T09:30:00', '2025-04-01'],
    ['令和7年4月1日', '2025-04-01'],
    ['令和 7 年 4 月 1 日', '2025-04-01'],
    ['R7.4.1', '2025-04-01'],
    ['r07/04/01', '2025-04-01'],
    ['R7年4月1日', '2025-04-01'],
    ['㋿7年4月1日', '2025-04-01'],
    ['平成31年4月30日', '2019-04-30'],
    ['H31.4.30', '2019-04-30'],
    ['令和元年5月1日', '2019-05-01'],
    ['平成元年1月8日', '1989-01-08'],
    ['昭和64年1月7日', '1989-01-07'],
    ['S50.10.10', '1975-10-10'],
    ['2024/2/29', '2024-02-29'],
  ])('given %j, when parsed, then it is %s', (text, iso) => {
    expect(parseJapaneseDate(text)).toBe(iso);
  });

  it.each([
    ['2025/2/30', 'no such day'],
    ['2025/4/31', 'no such day'],
    ['2025/13/1', 'no such month'],
    ['2025/2/29', 'not a leap year'],
    ['2025/4-1', 'mixed separators'],
    ['2025/4', 'no day'],
    ['令和0年4月1日', 'there is no year 0 of an era'],
    ['令和元年4月30日', 'Reiwa begins on 2019-05-01'],
    ['平成31年5月1日', 'Heisei ended on 2019-04-30'],
    ['H32.1.1', 'Heisei ended on 2019-04-30'],
    ['平成元年1月7日', 'Heisei began on 1989-01-08'],
    ['昭和64年1月8日', 'Showa ended on 1989-01-07'],
    ['X7.4.1', 'no such era'],
    ['1899/12/31', 'before the years a transaction can have'],
    ['abc', 'not a date'],
    ['', 'blank'],
    ['19999', 'a serial below the plausible range'],
  ])('given %j (%s), when parsed, then it is null', (text) => {
    expect(parseJapaneseDate(text)).toBeNull();
  });

  it('reads an Excel serial number as a date in the 1900 date system', () => {
    // Serial 1 is 1900-01-01 and Excel counts a 1900-02-29 that never was (serial 60), so from
    // serial 61 on, serial n is n days after 1899-12-30. 2025-04-01 is 45,746 days after
    // 1900-01-01: serial 1 + 45,746 + 1 (the phantom leap day) = 45,748.
    expect(parseJapaneseDate(45748)).toBe('2025-04-01');
    expect(parseJapaneseDate('45748')).toBe('2025-04-01');
    expect(parseJapaneseDate('４５７４８')).toBe('2025-04-01');
    expect(parseJapaneseDate(45748.75)).toBe('2025-04-01'); // 18:00 on that day
    expect(parseJapaneseDate(46112)).toBe('2026-03-31');
    expect(parseJapaneseDate(20000)).toBe('1954-10-03');
    expect(parseJapaneseDate(80000)).toBe('2119-01-11');
  });

  it('refuses numbers outside the plausible serial range, and other cell types', () => {
    expect(parseJapaneseDate(19999)).toBeNull();
    expect(parseJapaneseDate(80001)).toBeNull();
    expect(parseJapaneseDate(1200)).toBeNull();
    expect(parseJapaneseDate(-45748)).toBeNull();
    expect(parseJapaneseDate(Number.NaN)).toBeNull();
    expect(parseJapaneseDate(true)).toBeNull();
    expect(parseJapaneseDate(null)).toBeNull();
    expect(parseJapaneseDate(undefined)).toBeNull();
  });

  it('reads an 8-digit number cell as a compact date', () => {
    expect(parseJapaneseDate(20250401)).toBe('2025-04-01');
    expect(parseJapaneseDate(20250230)).toBeNull();
  });

  it('takes the UTC date of a spreadsheet Date cell', () => {
    expect(parseJapaneseDate(new Date(Date.UTC(2025, 3, 1)))).toBe('2025-04-01');
    expect(parseJapaneseDate(new Date(Date.UTC(2026, 2, 31, 23, 59)))).toBe('2026-03-31');
    expect(parseJapaneseDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('parseNumberCell', () => {
  it.each([
    ['1,234.5', 1234.5],
    ['１，２３４．５', 1234.5],
    [' 12 ', 12],
    ['12', 12],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['+3', 3],
    ['1e3', 1000],
    ['¥1,200', 1200],
    ['￥1,200', 1200],
    ['\\1,200', 1200],
    ['1200円', 1200],
    ['1,200 円', 1200],
    ['-5', -5],
    ['−5', -5],
    ['－５', -5],
    ['△5', -5],
    ['▲1,000', -1000],
    ['(5)', -5],
    ['(1,234.5)', -1234.5],
    ['-¥500', -500],
    ['¥-500', -500],
    ['△¥500', -500],
    ['-0', 0],
    ['1000000000000000', 1e15],
  ])('given %j, when parsed, then it is %d', (text, n) => {
    expect(parseNumberCell(text)).toBe(n);
  });

  it('passes number cells through', () => {
    expect(parseNumberCell(12.5)).toBe(12.5);
    expect(parseNumberCell(-3)).toBe(-3);
    expect(parseNumberCell(0)).toBe(0);
    expect(Object.is(parseNumberCell(-0), 0)).toBe(true);
  });

  it('gives null for a blank cell', () => {
    for (const blank of [null, undefined, '', '   ', '\u3000']) expect(parseNumberCell(blank)).toBeNull();
  });

  it.each(['abc', '12,OOO', '1,23', '12,34.5', '1.2.3', '--5', '△-5', '(-5)', '(5', '5)', '¥', '5kg', '12 34', 'NaN', 'Infinity', '1e400', '1000000000000001'])(
    'given %j, when parsed, then it is invalid',
    (text) => {
      expect(parseNumberCell(text)).toBe('invalid');
    },
  );

  it('refuses non-finite and too large numbers, booleans and dates', () => {
    expect(parseNumberCell(Number.NaN)).toBe('invalid');
    expect(parseNumberCell(Infinity)).toBe('invalid');
    expect(parseNumberCell(-1e16)).toBe('invalid');
    expect(parseNumberCell(true)).toBe('invalid');
    expect(parseNumberCell(new Date())).toBe('invalid');
  });
});
