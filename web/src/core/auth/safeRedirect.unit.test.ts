import { describe, expect, it } from 'vitest';
import { isSafeRedirect, redirectTarget } from './safeRedirect';

describe('safe post-login redirect', () => {
  it.each([
    '/',
    '/emission/setting/currency',
    '/emission/view/scope/detail/31/2',
    '/emission/individual/list/logistics/abc-123_x~y%20z/detail',
    '/account?tab=user',
    '/emission/view?year=2025&scope=1#top',
    '/user@example',
  ])('accepts the in-app path %s', (path) => {
    expect(isSafeRedirect(path)).toBe(true);
    expect(redirectTarget(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil',
    '///evil',
    '/\\evil',
    '/\\/evil.example',
    'https://evil.example',
    'http://localhost:3000/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '',
    ' /account',
    '/account path',
    '/account\n',
    '/emission.view',
    '/a?b\\c',
    '/a#b c',
  ])('refuses %j and falls back to /', (path) => {
    expect(isSafeRedirect(path)).toBe(false);
    expect(redirectTarget(path)).toBe('/');
  });

  it('refuses non-strings', () => {
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(42)).toBe(false);
  });

  it('never returns to the login page itself', () => {
    expect(redirectTarget('/auth/login')).toBe('/');
    expect(redirectTarget('/auth/login?redirect=/account')).toBe('/');
  });
});
