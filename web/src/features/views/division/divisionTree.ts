/** A section as the tree needs it. */
export interface SectionLike {
  id: string;
  name: string;
  displayName: string;
  parentSection: string | null;
}

/**
 * A node of the division tree: the section's own emission (lines recorded on it), the sum of its
 * descendants' (`childTotalEmission`), and `ratio`, the percentage of the total that its subtree
 * (its own and its descendants') makes up. Figures in kg.
 */
export interface DivisionNode {
  id: string;
  name: string;
  displayName: string;
  depth: number;
  emission: number;
  childTotalEmission: number;
  /** emission + childTotalEmission. */
  subtotal: number;
  ratio: number;
  children: DivisionNode[];
}

/**
 * The tree of `sections` with each node's figures from `kgBySection` (own lines per section) and
 * the total they are a percentage of. Roots: sections without a parent in the list (so a subtree
 * is a tree of its own), in the order given; children in the order given too.
 */
export function divisionTree(sections: readonly SectionLike[], kgBySection: ReadonlyMap<string, number>, totalKg: number): DivisionNode[] {
  const ids = new Set(sections.map((s) => s.id));
  const childrenOf = new Map<string | null, SectionLike[]>();
  for (const s of sections) {
    const parent = s.parentSection !== null && ids.has(s.parentSection) ? s.parentSection : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), s]);
  }
  const build = (s: SectionLike, depth: number): DivisionNode => {
    const children = (childrenOf.get(s.id) ?? []).map((c) => build(c, depth + 1));
    const emission = kgBySection.get(s.id) ?? 0;
    const childTotalEmission = children.reduce((kg, c) => kg + c.subtotal, 0);
    const subtotal = emission + childTotalEmission;
    return { id: s.id, name: s.name, displayName: s.displayName, depth, emission, childTotalEmission, subtotal, ratio: totalKg > 0 ? (100 * subtotal) / totalKg : 0, children };
  };
  return (childrenOf.get(null) ?? []).map((s) => build(s, 0));
}

/** The node `id` and its subtree, or null. */
export function findNode(nodes: readonly DivisionNode[], id: string): DivisionNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return null;
}

/** The tree as rows in display order, siblings ordered by `compare` (a parent always before its children). */
export function flattenTree(nodes: readonly DivisionNode[], compare: (a: DivisionNode, b: DivisionNode) => number): DivisionNode[] {
  return [...nodes].sort(compare).flatMap((n) => [n, ...flattenTree(n.children, compare)]);
}
