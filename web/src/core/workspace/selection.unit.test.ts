import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, memoryStorage } from '../auth/storageKeys';
import {
  resolveCompanySection,
  readSelectedCompanySection,
  readSelectedFiscalYear,
  writeSelectedCompanySection,
  writeSelectedFiscalYear,
} from './selection';

describe('persisted selections', () => {
  it('keeps the fiscal year', () => {
    const s = memoryStorage();
    expect(readSelectedFiscalYear(s)).toBeNull();
    writeSelectedFiscalYear(s, 2024);
    expect(readSelectedFiscalYear(s)).toBe(2024);
    s.setItem(STORAGE_KEYS.selectedFiscalYear, 'garbage');
    expect(readSelectedFiscalYear(s)).toBeNull();
  });

  it('keeps the company section per company', () => {
    const s = memoryStorage();
    writeSelectedCompanySection(s, 'c1', 'sec-a');
    writeSelectedCompanySection(s, 'c2', 'sec-b');
    expect(readSelectedCompanySection(s, 'c1')).toBe('sec-a');
    expect(readSelectedCompanySection(s, 'c2')).toBe('sec-b');
    writeSelectedCompanySection(s, 'c1', null);
    expect(readSelectedCompanySection(s, 'c1')).toBeNull();
    s.setItem(STORAGE_KEYS.selectedCompanySection, '[broken');
    expect(readSelectedCompanySection(s, 'c2')).toBeNull();
  });

  it('is not cleared by logout (different keys from the session)', () => {
    expect(STORAGE_KEYS.selectedFiscalYear.startsWith('auth.')).toBe(false);
    expect(STORAGE_KEYS.selectedCompanySection.startsWith('auth.')).toBe(false);
  });

  it('falls back when the persisted section is no longer visible', () => {
    const sections = [{ id: 'a' }, { id: 'b' }];
    const all = { scope: 'all' as const, sectionId: null };
    const scoped = { scope: 'section' as const, sectionId: 'b' };
    expect(resolveCompanySection('a', sections, all)).toBe('a');
    expect(resolveCompanySection('gone', sections, all)).toBeNull();
    expect(resolveCompanySection(null, sections, all)).toBeNull();
    expect(resolveCompanySection('gone', sections, scoped)).toBe('b');
    expect(resolveCompanySection('a', sections, scoped)).toBe('a');
    expect(resolveCompanySection('a', undefined, all)).toBe('a');
  });
});
