import type { ScopeSettingCategory } from '@ghg/events';
import { kgText, microOf } from './decimalKg';
import { compareCategories, type GhgInventoryContent, type InventoryLine } from './ghgInventory';

/**
 * What changed between a report as filed and the same report now: by category, and line by line
 * (a line added, removed, or whose figures, section or category moved). Largest changes first.
 */

export interface CategoryDifference {
  scopeCategory: ScopeSettingCategory;
  /** Scope 2 is compared on each basis (two rows); other categories have one figure (null). */
  basis: 'location' | 'market' | null;
  filedKg: string;
  nowKg: string;
  differenceKg: string;
}

export interface LineDifference {
  dealId: string;
  scopeCategory: ScopeSettingCategory;
  sectionId: string | null;
  filedKg: string | null;
  nowKg: string | null;
  differenceKg: string;
}

/**
 * By category; scope 2 on each basis, a row each (its lines are calculated on one basis or the
 * other, so one sum of their own figures would mix the two). A category on either side is listed.
 */
export function diffCategories(filed: GhgInventoryContent, now: GhgInventoryContent): CategoryDifference[] {
  type Key = `${ScopeSettingCategory}|${'location' | 'market' | ''}`;
  const figures = new Map<Key, { filed: bigint; now: bigint }>();
  const add = (side: 'filed' | 'now', c: GhgInventoryContent['categories'][number]) => {
    const rows: [Key, string][] = c.scopeCategory === '2' ? [[`2|location`, c.locationKg], [`2|market`, c.marketKg]] : [[`${c.scopeCategory}|`, c.co2eKg]];
    for (const [key, kg] of rows) {
      const entry = figures.get(key) ?? { filed: 0n, now: 0n };
      entry[side] += microOf(kg);
      figures.set(key, entry);
    }
  };
  for (const c of filed.categories) add('filed', c);
  for (const c of now.categories) add('now', c);
  return [...figures.entries()]
    .map(([key, f]) => {
      const [scopeCategory, basis] = key.split('|') as [ScopeSettingCategory, 'location' | 'market' | ''];
      return { scopeCategory, basis: basis === '' ? null : basis, filedKg: kgText(f.filed), nowKg: kgText(f.now), differenceKg: kgText(f.now - f.filed) };
    })
    .sort((a, b) => compareCategories(a.scopeCategory, b.scopeCategory) || (a.basis ?? '').localeCompare(b.basis ?? ''));
}

const sameLine = (a: InventoryLine, b: InventoryLine) =>
  microOf(a.co2eKg) === microOf(b.co2eKg) &&
  a.locationKg === b.locationKg &&
  a.marketKg === b.marketKg &&
  a.sectionId === b.sectionId &&
  a.scopeCategory === b.scopeCategory &&
  a.formulaId === b.formulaId;

/** The lines that differ, largest absolute difference first (then by deal id). */
export function diffLines(filed: readonly InventoryLine[], now: readonly InventoryLine[]): LineDifference[] {
  const before = new Map(filed.map((l) => [l.dealId, l]));
  const after = new Map(now.map((l) => [l.dealId, l]));
  const out: (LineDifference & { abs: bigint })[] = [];
  for (const dealId of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(dealId);
    const b = after.get(dealId);
    if (a && b && sameLine(a, b)) continue;
    const diff = (b ? microOf(b.co2eKg) : 0n) - (a ? microOf(a.co2eKg) : 0n);
    const line = (b ?? a)!;
    out.push({
      dealId,
      scopeCategory: line.scopeCategory,
      sectionId: line.sectionId,
      filedKg: a ? kgText(microOf(a.co2eKg)) : null,
      nowKg: b ? kgText(microOf(b.co2eKg)) : null,
      differenceKg: kgText(diff),
      abs: diff < 0n ? -diff : diff,
    });
  }
  return out
    .sort((x, y) => (x.abs === y.abs ? (x.dealId < y.dealId ? -1 : x.dealId > y.dealId ? 1 : 0) : x.abs > y.abs ? -1 : 1))
    .map(({ abs: _abs, ...rest }) => rest);
}
