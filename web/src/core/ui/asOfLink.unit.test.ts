import { describe, expect, it } from 'vitest';
import { keepAsOf } from './asOfLink';

describe('keepAsOf: a link from a page shown as of a moment', () => {
  const routes = [
    { path: '/emission/view/division', asOf: 'bar' as const },
    { path: '/emission/view/division/detail', asOf: 'bar' as const },
    { path: '/emission/view/scope/detail/:category/:page', asOf: 'bar' as const },
    { path: '/emission/report/detail', asOf: 'page' as const },
    { path: '/emission/setting/audit-log' },
  ];

  it('given a page shown as of position 42, when it links to a page that can show the past, then the link carries asOf=42', () => {
    expect(keepAsOf('/emission/view/division/detail?sectionId=s%201', '42', routes)).toBe('/emission/view/division/detail?sectionId=s+1&asOf=42');
    expect(keepAsOf('/emission/view/scope/detail/1/2', '42', routes)).toBe('/emission/view/scope/detail/1/2?asOf=42');
    expect(keepAsOf('/emission/report/detail?id=r#causes', '2026-04-01T00:00:00.000Z', routes)).toBe('/emission/report/detail?id=r&asOf=2026-04-01T00%3A00%3A00.000Z#causes');
  });

  it('given a page shown now, when it links anywhere, then the link is left as it is', () => {
    expect(keepAsOf('/emission/view/division/detail?sectionId=a', null, routes)).toBe('/emission/view/division/detail?sectionId=a');
  });

  it('given a moment, when the link leads to a page that shows only now, or names its own moment, or is not a path, then it is left as it is', () => {
    expect(keepAsOf('/emission/setting/audit-log?entityId=d1', '42', routes)).toBe('/emission/setting/audit-log?entityId=d1');
    expect(keepAsOf('/emission/view/division?asOf=7', '42', routes)).toBe('/emission/view/division?asOf=7');
    expect(keepAsOf('/emission/view/scope/detail/1', '42', routes)).toBe('/emission/view/scope/detail/1');
    expect(keepAsOf('https://example.org/emission/view/division', '42', routes)).toBe('https://example.org/emission/view/division');
  });
});
