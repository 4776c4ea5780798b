import { describe, expect, it } from 'vitest';
import { filterRows } from './filtering';

describe('table filter', () => {
  const rows = [
    { type: 'J-クレジット', serial: 'JP-101-000100', qty: 12 },
    { type: 'JCM', serial: 'MN-2024-9', qty: 300 },
    { type: 'Gold Standard', serial: null, qty: 5 },
  ];
  const texts = (r: (typeof rows)[number]) => [r.type, r.serial, r.qty];

  it('keeps every row for an empty query', () => {
    expect(filterRows(rows, '  ', texts)).toHaveLength(3);
  });

  it('matches every word anywhere, ignoring case and full-width forms', () => {
    expect(filterRows(rows, 'jcm', texts).map((r) => r.type)).toEqual(['JCM']);
    expect(filterRows(rows, 'ＪＣＭ　２０２４', texts).map((r) => r.type)).toEqual(['JCM']);
    expect(filterRows(rows, 'gold 5', texts).map((r) => r.type)).toEqual(['Gold Standard']);
    expect(filterRows(rows, 'jcm 101', texts)).toEqual([]);
  });
});
