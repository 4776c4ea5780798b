import { describe, expect, it } from 'vitest';
import { figureIn, kgOf, shortHash } from './figures';

describe('report figures', () => {
  it('reads the exact decimal text as a number only to show it, in the unit shown', () => {
    expect(kgOf('1234.500000')).toBe(1234.5);
    expect(kgOf('-0.250000')).toBe(-0.25);
    expect(kgOf(null)).toBeNull();
    expect(figureIn('1500.000000', 't')).toBe(1.5);
    expect(figureIn('1500.000000', 'kg')).toBe(1500);
    expect(figureIn(null, 't')).toBeNull();
  });

  it('shortens a hash to its first 12 characters', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });
});
