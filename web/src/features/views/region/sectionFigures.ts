import { scopeOfCategory, type ScopeKey } from '../../../core/router/categories';

/** A row of the totals with the dimensions the section pages ask for (absent when not asked). */
export interface SectionRow {
  companyId?: string;
  sectionId?: string;
  scopeCategory?: string;
  fiscalYear?: number;
  co2eKg: number;
}

export const SCOPE_KEYS: readonly ScopeKey[] = ['1', '2', '3', 'water'];

/** Each section's figure: the rows (those `keep` lets through) summed by section. */
export function kgBySection(rows: readonly SectionRow[], keep: (row: SectionRow) => boolean = () => true): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) if (r.sectionId !== undefined && keep(r)) out.set(r.sectionId, (out.get(r.sectionId) ?? 0) + r.co2eKg);
  return out;
}

export interface CategoryFigures {
  /** Largest first. */
  byCategory: { category: string; kg: number }[];
  byScope: Record<ScopeKey, number>;
  kg: number;
}

/** The rows of the sections in `sectionIds` (rows grouped by section and category) summed by category and by scope. */
export function categoryFigures(rows: readonly SectionRow[], sectionIds: ReadonlySet<string>): CategoryFigures {
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    if (r.sectionId === undefined || r.scopeCategory === undefined || !sectionIds.has(r.sectionId)) continue;
    byCategory.set(r.scopeCategory, (byCategory.get(r.scopeCategory) ?? 0) + r.co2eKg);
  }
  const byScope: Record<ScopeKey, number> = { '1': 0, '2': 0, '3': 0, water: 0 };
  for (const [category, kg] of byCategory) byScope[scopeOfCategory(category)] += kg;
  const list = [...byCategory].map(([category, kg]) => ({ category, kg })).sort((a, b) => b.kg - a.kg);
  return { byCategory: list, byScope, kg: list.reduce((sum, c) => sum + c.kg, 0) };
}

/** A section as the tree needs it. */
export interface SectionNode {
  id: string;
  parentSection: string | null;
}

/**
 * The sections `roots` stand for: each root and every section below it, once (a root registered
 * twice, or below another root, adds nothing). A root the list does not hold (a section the
 * caller may not see) still counts for itself.
 */
export function sectionsCovered(sections: readonly SectionNode[], roots: readonly string[]): Set<string> {
  const childrenOf = new Map<string, string[]>();
  for (const s of sections) if (s.parentSection !== null) childrenOf.set(s.parentSection, [...(childrenOf.get(s.parentSection) ?? []), s.id]);
  const covered = new Set<string>();
  const visit = (id: string) => {
    if (covered.has(id)) return;
    covered.add(id);
    for (const child of childrenOf.get(id) ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return covered;
}

/** What the rows hold for sections outside `listed` (sections the tree does not show): their sum, so a table still adds up. */
export function notListedKg(kgBySectionId: ReadonlyMap<string, number>, listed: ReadonlySet<string>): number {
  let kg = 0;
  for (const [id, sectionKg] of kgBySectionId) if (!listed.has(id)) kg += sectionKg;
  return kg;
}

/** The way from the top of the tree down to section `id` (its ancestors, then itself); empty when the list has no such section. */
export function sectionPath<S extends SectionNode>(sections: readonly S[], id: string): S[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const path: S[] = [];
  for (let s = byId.get(id); s && !path.includes(s); s = s.parentSection === null ? undefined : byId.get(s.parentSection)) path.unshift(s);
  return path;
}
