import { describe, expect, it } from 'vitest';
import { patchOf } from './api';

describe('patchOf', () => {
  it('given a form that moves one set, then only that set is sent', () => {
    const stored = { factorSets: { 'jp-shk': '2024', 'uk-desnz': '2025' } };
    expect(patchOf(stored, { 'jp-shk': 'legacy', 'uk-desnz': '2025' })).toEqual({ 'jp-shk': 'legacy' });
  });
  it('given an unchanged form, then nothing is sent', () => {
    expect(patchOf({ factorSets: { a: '1' } }, { a: '1' })).toEqual({});
  });
});
