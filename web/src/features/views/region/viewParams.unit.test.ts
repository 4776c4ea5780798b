import { describe, expect, it } from 'vitest';
import { DEFAULT_FIGURES, readFigureParams, viewHref } from './viewParams';

describe('view parameters', () => {
  it('given no switches in the URL, then the defaults; given a value not offered, then its default', () => {
    expect(readFigureParams(new URLSearchParams(''))).toEqual(DEFAULT_FIGURES);
    expect(readFigureParams(new URLSearchParams('approach=equity_share&basis=market&unit=kg'))).toEqual({ approach: 'equity_share', basis: 'market', unit: 'kg' });
    expect(readFigureParams(new URLSearchParams('approach=everything&basis=mixed&unit=lb'))).toEqual(DEFAULT_FIGURES);
  });

  it('given switches at their default, then a link carries only the page’s own values', () => {
    expect(viewHref('/emission/view/region/detail/first', { region: 'Japan' }, DEFAULT_FIGURES)).toBe('/emission/view/region/detail/first?region=Japan');
    expect(viewHref('/emission/view/region', {}, DEFAULT_FIGURES)).toBe('/emission/view/region');
  });

  it('given switches changed, then a link carries them, its values encoded and empty ones left out', () => {
    const href = viewHref('/emission/view/region/detail/second', { region: 'US', companyId: 'a&b', sectionId: undefined }, { ...DEFAULT_FIGURES, basis: 'market', unit: 'kg' });
    expect(href).toBe('/emission/view/region/detail/second?region=US&companyId=a%26b&basis=market&unit=kg');
    expect(new URLSearchParams(href.split('?')[1]).get('companyId')).toBe('a&b');
  });

  it('given a group that chose equity share, then that is the approach without a parameter, and a link names only another', () => {
    const group = { ...DEFAULT_FIGURES, approach: 'equity_share' as const };
    expect(readFigureParams(new URLSearchParams(''), group).approach).toBe('equity_share');
    expect(readFigureParams(new URLSearchParams('approach=financial'), group).approach).toBe('financial');
    expect(viewHref('/emission/view/region', {}, group, group)).toBe('/emission/view/region');
    expect(viewHref('/emission/view/region', {}, { ...group, approach: 'operational' }, group)).toBe('/emission/view/region?approach=operational');
  });
});
