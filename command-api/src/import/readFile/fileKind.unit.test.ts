import { describe, expect, it } from 'vitest';
import { importFileKind } from './fileKind';

const zip = Buffer.from('PK\u0003\u0004rest');
const text = Buffer.from('a,b\n');

describe('importFileKind', () => {
  it('goes by the extension, in any case', () => {
    expect(importFileKind('活動量.csv', text)).toBe('csv');
    expect(importFileKind('EXPORT.TXT', text)).toBe('csv');
    expect(importFileKind('book.XLSX', zip)).toBe('xlsx');
    // An .xlsx that is not a zip is still an .xlsx: its reader then says it is invalid.
    expect(importFileKind('book.xlsx', text)).toBe('xlsx');
  });

  it('goes by the first bytes when the name does not tell, and a zip is never read as CSV', () => {
    expect(importFileKind('download', zip)).toBe('xlsx');
    expect(importFileKind('data.csv', zip)).toBe('xlsx');
    expect(importFileKind('download', text)).toBeNull();
    expect(importFileKind('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toBeNull();
    expect(importFileKind('.csv.pdf', text)).toBeNull();
    expect(importFileKind('x.csv', Buffer.alloc(0))).toBe('csv');
  });
});
