import { describe, expect, it } from 'vitest';
import { sortRows, toggleSort } from './sorting';

describe('table sorting', () => {
  const rows = [
    { unit: 'USD', rate: 150, year: 2025 },
    { unit: 'EUR', rate: 162.5, year: 2024 },
    { unit: 'CNY', rate: 20.9, year: 2025 },
    { unit: 'GBP', rate: null, year: 2025 },
  ];
  const value = (r: (typeof rows)[number], k: 'unit' | 'rate' | 'year') => r[k];

  it('sorts numbers and text both ways, empty values last', () => {
    expect(sortRows(rows, { key: 'rate', direction: 'asc' }, value).map((r) => r.unit)).toEqual(['CNY', 'USD', 'EUR', 'GBP']);
    expect(sortRows(rows, { key: 'rate', direction: 'desc' }, value).map((r) => r.unit)).toEqual(['EUR', 'USD', 'CNY', 'GBP']);
    expect(sortRows(rows, { key: 'unit', direction: 'asc' }, value).map((r) => r.unit)).toEqual(['CNY', 'EUR', 'GBP', 'USD']);
  });

  it('is stable', () => {
    expect(sortRows(rows, { key: 'year', direction: 'asc' }, value).map((r) => r.unit)).toEqual(['EUR', 'USD', 'CNY', 'GBP']);
  });

  it('toggles the direction on the same column and starts ascending on another', () => {
    expect(toggleSort({ key: 'a', direction: 'asc' }, 'a')).toEqual({ key: 'a', direction: 'desc' });
    expect(toggleSort({ key: 'a', direction: 'desc' }, 'b')).toEqual({ key: 'b', direction: 'asc' });
  });
});
