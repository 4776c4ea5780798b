import { describe, expect, it } from 'vitest';
import { FORMULAS } from '@ghg/domain';
import { SCOPE_DETAIL_PAGES } from './detailPages';

describe('scope detail pages', () => {
  it('have the number of pages the product lists for each category', () => {
    const counts = Object.fromEntries(Object.entries(SCOPE_DETAIL_PAGES).map(([category, pages]) => [category, pages.length]));
    expect(counts).toEqual({
      '1': 4, '2': 2, '31': 2, '32': 2, '33': 3, '34': 4, '35': 2, '36': 5, '37': 5, '38': 2, '39': 4,
      '310': 2, '311': 3, '312': 2, '313': 2, '314': 1, '315': 2, water: 1,
    });
  });

  it('show every method of the catalogue on exactly one page of its own category', () => {
    const shown = Object.entries(SCOPE_DETAIL_PAGES).flatMap(([category, pages]) => pages.flatMap((p) => p.formulas.map((id) => ({ id, category }))));
    const ofCategories = FORMULAS.filter((f) => String(f.scope) in SCOPE_DETAIL_PAGES);
    expect(shown.map((s) => s.id).sort()).toEqual(ofCategories.map((f) => f.id).sort());
    for (const { id, category } of shown) expect(String(FORMULAS.find((f) => f.id === id)!.scope), id).toBe(category);
  });
});
