import { scopeOfCategory, type CategoryKey } from '../../../core/router/categories';
import { detailPagesOf, SCOPE_DETAIL_PAGES } from '../scope/detailPages';

/** What the page compares: two fiscal years, two sections of the company, or two of the group's companies. */
export const COMPARISON_MODES = ['years', 'sections', 'companies'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

/** A figure on both sides and how it moved from A to B. */
export interface Change {
  aKg: number;
  bKg: number;
  /** B − A. */
  diffKg: number;
  /** (B − A) / A; null when A is 0 (nothing to compare with). */
  ratio: number | null;
}

export function change(aKg: number, bKg: number): Change {
  return { aKg, bKg, diffKg: bKg - aKg, ratio: aKg === 0 ? null : (bKg - aKg) / aKg };
}

/**
 * Two sides' figures by key, diffed: every key of either side (absent on one side: 0 there),
 * in the order the keys first appear (A's, then B's own).
 */
export function diffByKey<K>(a: ReadonlyMap<K, number>, b: ReadonlyMap<K, number>): (Change & { key: K })[] {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((key) => ({ key, ...change(a.get(key) ?? 0, b.get(key) ?? 0) }));
}

/** Rows summed by a key (rows of the same key add up, e.g. a company's rows of one category). */
export function sumBy<R>(rows: readonly R[], keyOf: (row: R) => string, kgOf: (row: R) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + kgOf(row));
  return sums;
}

/** The categories in catalogue order: scope 1, scope 2, 3-1 … 3-15, water. */
export const CATEGORY_ORDER = Object.keys(SCOPE_DETAIL_PAGES) as Exclude<CategoryKey, '3'>[];

/** The categories' changes added up per scope 1, 2 and 3 (those with a category listed); water is no scope and has its own row. */
export function scopeSubtotals(categories: readonly (Change & { key: string })[]): (Change & { key: '1' | '2' | '3' })[] {
  const a = sumBy(categories, (c) => scopeOfCategory(c.key), (c) => c.aKg);
  const b = sumBy(categories, (c) => scopeOfCategory(c.key), (c) => c.bKg);
  return (['1', '2', '3'] as const).filter((s) => a.has(s)).map((key) => ({ key, ...change(a.get(key)!, b.get(key)!) }));
}

/**
 * The two sections compared when the URL names none: the first two children of the first section
 * that has two (siblings, e.g. two departments of 全社), else the first two sections. Not a section
 * and its own child: the child's figures are part of its parent's.
 */
export function defaultSectionPair<S extends { id: string; parentSection: string | null }>(sections: readonly S[]): [S | undefined, S | undefined] {
  for (const parent of sections) {
    const children = sections.filter((s) => s.parentSection === parent.id);
    if (children.length >= 2) return [children[0], children[1]];
  }
  return [sections[0], sections[1]];
}

/** Where a contributor comes from: a category's method in one section (no section when the sides are companies). */
export interface ContributorKey {
  category: string;
  formulaId: string;
  sectionId: string | null;
}

export const contributorKeyText = (k: ContributorKey) => `${k.category}|${k.formulaId}|${k.sectionId ?? ''}`;
const parseKey = (text: string): ContributorKey => {
  const [category = '', formulaId = '', section = ''] = text.split('|');
  return { category, formulaId, sectionId: section === '' ? null : section };
};

/**
 * The contributors to the difference: both sides' figures by (category, method, section), diffed,
 * the `top` largest by absolute change first (a tie: the key's text, so the order is stable); no
 * change at all is no contributor.
 */
export function topContributors(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, top = 10): (Change & ContributorKey)[] {
  return diffByKey(a, b)
    .filter((c) => c.diffKg !== 0)
    .sort((x, y) => Math.abs(y.diffKg) - Math.abs(x.diffKg) || x.key.localeCompare(y.key))
    .slice(0, top)
    .map(({ key, ...rest }) => ({ ...parseKey(key), ...rest }));
}

/** The scope detail page (1-based) that lists a category's method, by the pages detailPages.ts defines; null if none does. */
export function detailPageOf(category: string, formulaId: string): number | null {
  const index = detailPagesOf(category)?.findIndex((page) => page.formulas.includes(formulaId)) ?? -1;
  return index < 0 ? null : index + 1;
}
