import type { ScopeSettingCategory } from '@ghg/events';
import { kgText, microOf } from './decimalKg';
import { compareCategories, type GhgInventoryContent, type InventoryLine } from './ghgInventory';

/**
 * What changed between a report as filed and the same report now: by category, and line by line
 * (a line added, removed, or whose figures, section or category moved). Largest changes first.
 */

export interface CategoryDifference {
  scopeCategory: ScopeSettingCategory;
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

/** By category, on each line's own basis (`co2eKg`); a category present on either side is listed. */
export function diffCategories(filed: GhgInventoryContent, now: GhgInventoryContent): CategoryDifference[] {
  const figures = new Map<ScopeSettingCategory, { filed: bigint; now: bigint }>();
  const at = (c: ScopeSettingCategory) => figures.get(c) ?? (figures.set(c, { filed: 0n, now: 0n }), figures.get(c)!);
  for (const c of filed.categories) at(c.scopeCategory).filed += microOf(c.co2eKg);
  for (const c of now.categories) at(c.scopeCategory).now += microOf(c.co2eKg);
  return [...figures.entries()]
    .sort(([a], [b]) => compareCategories(a, b))
    .map(([scopeCategory, f]) => ({ scopeCategory, filedKg: kgText(f.filed), nowKg: kgText(f.now), differenceKg: kgText(f.now - f.filed) }));
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
