/** The section hierarchy as a tree, and the rules of moving a section in it (mirrors the decider's). */
import { UNSPECIFIED_SECTION, WHOLE_COMPANY_SECTION } from '@ghg/domain';
import type { CompanySection } from '../../../core/api/types';

/** A section as the tree needs it (its depth is the tree's own). */
export type Section = Omit<CompanySection, 'depth'>;

export interface SectionNode {
  section: Section;
  children: SectionNode[];
}

export const isReserved = (s: Pick<Section, 'name'>) => s.name === UNSPECIFIED_SECTION || s.name === WHOLE_COMPANY_SECTION;

/** Nodes in the server's order (siblings by name, 指定なし last); a section whose parent is gone shows at the top. */
export function buildTree(sections: readonly Section[]): SectionNode[] {
  const nodes = new Map(sections.map((s) => [s.id, { section: s, children: [] as SectionNode[] }]));
  const roots: SectionNode[] = [];
  for (const s of sections) {
    const parent = s.parentSection ? nodes.get(s.parentSection) : undefined;
    (parent ? parent.children : roots).push(nodes.get(s.id)!);
  }
  return roots;
}

/**
 * The tree cut down to the sections whose name or display name contains the query, with their
 * ancestors kept so each match shows where it sits. An empty query keeps everything.
 */
export function filterTree(nodes: readonly SectionNode[], query: string): SectionNode[] {
  const q = query.normalize('NFKC').trim().toLowerCase();
  if (!q) return [...nodes];
  const matches = (s: Section) => `${s.name} ${s.displayName}`.normalize('NFKC').toLowerCase().includes(q);
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, q);
    return matches(node.section) || children.length > 0 ? [{ section: node.section, children }] : [];
  });
}

/** Ids of `id` and every section below it. */
export function subtreeIds(sections: readonly Section[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of sections) {
      if (s.parentSection && ids.has(s.parentSection) && !ids.has(s.id)) {
        ids.add(s.id);
        grew = true;
      }
    }
  }
  return ids;
}

export type MoveRefusal = 'reserved' | 'cycle' | 'unspecifiedParent' | 'same';

/** Why `moving` may not go under `parentId` (null: the top level), or null when it may. */
export function moveRefusal(sections: readonly Section[], moving: Section, parentId: string | null): MoveRefusal | null {
  if (moving.parentSection === parentId) return 'same';
  if (isReserved(moving)) return 'reserved';
  if (parentId === null) return null;
  const parent = sections.find((s) => s.id === parentId);
  if (parent?.name === UNSPECIFIED_SECTION) return 'unspecifiedParent';
  if (subtreeIds(sections, moving.id).has(parentId)) return 'cycle';
  return null;
}

/** Parents `section` may be given in the edit dialog: every section but itself, its descendants and 指定なし. */
export function parentChoices(sections: readonly Section[], section: Section | null): Section[] {
  const excluded = section ? subtreeIds(sections, section.id) : new Set<string>();
  return sections.filter((s) => !excluded.has(s.id) && s.name !== UNSPECIFIED_SECTION);
}

/**
 * Where a key moves the focus in the tree (the WAI-ARIA tree pattern, every level open): ↓/↑ the
 * next or previous row as shown, Home/End the first or last, ← the parent, → the first child.
 * Null when the key moves nowhere (no such row, or another key).
 */
export function treeKeyTarget(nodes: readonly SectionNode[], id: string, key: string): string | null {
  const rows: { id: string; parent: string | null; firstChild: string | null }[] = [];
  const walk = (list: readonly SectionNode[], parent: string | null) => {
    for (const n of list) {
      rows.push({ id: n.section.id, parent, firstChild: n.children[0]?.section.id ?? null });
      walk(n.children, n.section.id);
    }
  };
  walk(nodes, null);
  const i = rows.findIndex((r) => r.id === id);
  if (i < 0) return null;
  switch (key) {
    case 'ArrowDown':
      return rows[i + 1]?.id ?? null;
    case 'ArrowUp':
      return rows[i - 1]?.id ?? null;
    case 'Home':
      return rows[0]!.id;
    case 'End':
      return rows[rows.length - 1]!.id;
    case 'ArrowLeft':
      return rows[i]!.parent;
    case 'ArrowRight':
      return rows[i]!.firstChild;
    default:
      return null;
  }
}
