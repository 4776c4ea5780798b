import { describe, expect, it } from 'vitest';
import { originAllowed } from './liveUpdates';

describe('originAllowed (/api/live)', () => {
  it('accepts clients that send no Origin (not a browser)', () => {
    expect(originAllowed(undefined, 'ghg.example', undefined)).toBe(true);
  });

  it('with a public URL, accepts exactly its origin', () => {
    const publicUrl = 'https://ghg.example';
    expect(originAllowed('https://ghg.example', 'internal:3000', publicUrl)).toBe(true);
    expect(originAllowed('https://ghg.example:443', 'internal:3000', publicUrl)).toBe(true);
    expect(originAllowed('http://ghg.example', 'ghg.example', publicUrl)).toBe(false);
    expect(originAllowed('https://evil.example', 'ghg.example', publicUrl)).toBe(false);
    expect(originAllowed('https://ghg.example.evil.example', 'ghg.example', publicUrl)).toBe(false);
  });

  it('without one, accepts pages of the host the request names', () => {
    expect(originAllowed('http://localhost:3000', 'localhost:3000', undefined)).toBe(true);
    expect(originAllowed('https://GHG.example', 'ghg.example:443', undefined)).toBe(true);
    expect(originAllowed('https://evil.example', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('http://localhost:5173', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('https://evil.example', undefined, undefined)).toBe(false);
  });

  it('refuses an Origin that is not a URL', () => {
    expect(originAllowed('null', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('', 'localhost:3000', undefined)).toBe(false);
  });
});
