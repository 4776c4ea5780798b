import { describe, expect, it } from 'vitest';
import { divisionTree, findNode, flattenTree, type SectionLike } from './divisionTree';

const section = (id: string, parentSection: string | null): SectionLike => ({ id, name: id, displayName: id, parentSection });

// 全社 ─┬─ 製造本部 ─┬─ 第一工場
//       │           └─ 第二工場
//       └─ 経理部
const sections = [section('全社', null), section('製造本部', '全社'), section('第一工場', '製造本部'), section('第二工場', '製造本部'), section('経理部', '全社')];
const kg = new Map([
  ['全社', 100],
  ['製造本部', 0],
  ['第一工場', 600],
  ['第二工場', 200],
  ['経理部', 100],
]);

describe('division tree', () => {
  it('given own emissions per section, then each node has its children’s total and its share of the total', () => {
    const [root] = divisionTree(sections, kg, 1000);
    // 製造本部: own 0, children 600 + 200 = 800, 800 / 1,000 = 80 %.
    const plants = findNode([root!], '製造本部')!;
    expect(plants).toMatchObject({ emission: 0, childTotalEmission: 800, subtotal: 800, ratio: 80, depth: 1 });
    // 全社: own 100, children 800 + 100 = 900, 1,000 / 1,000 = 100 %.
    expect(root).toMatchObject({ emission: 100, childTotalEmission: 900, subtotal: 1000, ratio: 100, depth: 0 });
    expect(findNode([root!], '第一工場')).toMatchObject({ emission: 600, childTotalEmission: 0, ratio: 60, depth: 2 });
  });

  it('given a subtree only (a section-scoped user), then its top section is a root', () => {
    const roots = divisionTree(sections.slice(1, 4), kg, 1000);
    expect(roots.map((r) => r.id)).toEqual(['製造本部']);
    expect(roots[0]!.depth).toBe(0);
  });

  it('given no emissions, then every ratio is 0 rather than NaN', () => {
    const [root] = divisionTree(sections, new Map(), 0);
    expect(flattenTree([root!], () => 0).map((n) => n.ratio)).toEqual([0, 0, 0, 0, 0]);
  });

  it('flattens parents before children, siblings in the order asked', () => {
    const roots = divisionTree(sections, kg, 1000);
    const bySubtotal = flattenTree(roots, (a, b) => b.subtotal - a.subtotal).map((n) => n.id);
    expect(bySubtotal).toEqual(['全社', '製造本部', '第一工場', '第二工場', '経理部']);
    const byName = flattenTree(roots, (a, b) => a.name.localeCompare(b.name, 'ja')).map((n) => n.id);
    expect(byName.indexOf('製造本部')).toBeLessThan(byName.indexOf('第一工場'));
  });
});
