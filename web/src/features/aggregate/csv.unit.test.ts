import { describe, expect, it } from 'vitest';
import { aggregateCsv, BOM, plain } from './csv';

const headings = { category: 'カテゴリ', name: '名称', lines: '件数', tCo2e: 't-CO2e', kgCo2e: 'kg-CO2e', sharePercent: '割合 (%)' };

describe('aggregate CSV', () => {
  it('starts with the UTF-8 byte-order mark and writes tonnes, kg and the share in %: 3,870 kg = 3.87 t, 0.387 = 38.7 %', () => {
    const text = aggregateCsv(
      headings,
      [
        { scopeCategory: '1', name: 'Scope 1', lines: 2, co2eKg: 3870, share: 0.387 },
        { scopeCategory: '31', name: 'Category 1: Purchased goods, "and" services', lines: 1, co2eKg: 1790.0000004, share: 0.179 },
      ],
      { scopeCategory: '', name: '合計', lines: 3, co2eKg: 5660.0000004, share: 1 },
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text.slice(1).split('\r\n')).toEqual([
      'カテゴリ,名称,件数,t-CO2e,kg-CO2e,割合 (%)',
      '1,Scope 1,2,3.87,3870,38.7',
      // A comma or a quote in a name: the field quoted, the quote doubled; 1,790.0000004 kg to 3 decimals.
      '31,"Category 1: Purchased goods, ""and"" services",1,1.79,1790,17.9',
      ',合計,3,5.66,5660,100',
      '',
    ]);
  });

  it('writes numbers plain: no grouping, no exponent for small values, no negative zero', () => {
    expect(plain(1234567.891, 3)).toBe('1234567.891');
    expect(plain(0.0000004, 6)).toBe('0');
    expect(plain(-0, 2)).toBe('0');
    expect(plain(0.00123, 6)).toBe('0.00123');
  });
});
