import { describe, expect, it } from 'vitest';
import { buildTree, filterTree, moveRefusal, parentChoices, treeKeyTarget, type Section } from './tree';

const section = (id: string, name: string, parentSection: string | null): Section => ({
  id,
  name,
  displayName: name,
  parentSection,
  energyConservationActReportSectionType: null,
  inheritedEnergyConservationActReportSectionTypes: [],
});
// 全社 ─ 営業本部 ─ 東京支店
//      └ 工場
// 指定なし
const sections = [
  section('all', '全社', null),
  section('sales', '営業本部', 'all'),
  section('tokyo', '東京支店', 'sales'),
  section('plant', '工場', 'all'),
  section('none', '指定なし', null),
];

const names = (nodes: ReturnType<typeof buildTree>): unknown[] => nodes.map((n) => (n.children.length ? [n.section.name, names(n.children)] : n.section.name));

describe('section tree', () => {
  it('given sections in server order, when built, then children hang under their parents in that order', () => {
    expect(names(buildTree(sections))).toEqual([['全社', [['営業本部', ['東京支店']], '工場']], '指定なし']);
  });

  it('given a query, when filtered, then matches keep their ancestors and other branches go', () => {
    expect(names(filterTree(buildTree(sections), '東京'))).toEqual([['全社', [['営業本部', ['東京支店']]]]]);
    expect(names(filterTree(buildTree(sections), '  '))).toEqual(names(buildTree(sections)));
    expect(filterTree(buildTree(sections), 'nothing')).toEqual([]);
  });

  it('given a full-width query, when filtered, then it matches like half-width', () => {
    const withLatin = [...sections, section('rd', 'R&D Lab', 'all')];
    expect(names(filterTree(buildTree(withLatin), 'ｒ＆ｄ'))).toEqual([['全社', ['R&D Lab']]]);
  });

  it('given a move, when it would make a cycle, touch a reserved section or go under 指定なし, then it is refused', () => {
    const find = (id: string) => sections.find((s) => s.id === id)!;
    expect(moveRefusal(sections, find('sales'), 'tokyo')).toBe('cycle');
    expect(moveRefusal(sections, find('sales'), 'sales')).toBe('cycle');
    expect(moveRefusal(sections, find('all'), 'plant')).toBe('reserved');
    expect(moveRefusal(sections, find('tokyo'), 'none')).toBe('unspecifiedParent');
    expect(moveRefusal(sections, find('tokyo'), 'sales')).toBe('same');
    expect(moveRefusal(sections, find('tokyo'), 'plant')).toBeNull();
    expect(moveRefusal(sections, find('tokyo'), null)).toBeNull();
  });

  it('given a section being edited, when listing parents, then itself, its descendants and 指定なし are left out', () => {
    expect(parentChoices(sections, sections[1]!).map((s) => s.id)).toEqual(['all', 'plant']);
    expect(parentChoices(sections, null).map((s) => s.id)).toEqual(['all', 'sales', 'tokyo', 'plant']);
  });

  it('given a focused row, when an arrow, Home or End is pressed, then the focus goes to the row the tree pattern names', () => {
    const tree = buildTree(sections);
    // Rows as shown: 全社, 営業本部, 東京支店, 工場, 指定なし.
    expect(treeKeyTarget(tree, 'sales', 'ArrowDown')).toBe('tokyo');
    expect(treeKeyTarget(tree, 'tokyo', 'ArrowDown')).toBe('plant');
    expect(treeKeyTarget(tree, 'plant', 'ArrowUp')).toBe('tokyo');
    expect(treeKeyTarget(tree, 'all', 'ArrowUp')).toBeNull();
    expect(treeKeyTarget(tree, 'none', 'ArrowDown')).toBeNull();
    expect(treeKeyTarget(tree, 'tokyo', 'Home')).toBe('all');
    expect(treeKeyTarget(tree, 'sales', 'End')).toBe('none');
    expect(treeKeyTarget(tree, 'tokyo', 'ArrowLeft')).toBe('sales');
    expect(treeKeyTarget(tree, 'all', 'ArrowLeft')).toBeNull();
    expect(treeKeyTarget(tree, 'all', 'ArrowRight')).toBe('sales');
    expect(treeKeyTarget(tree, 'plant', 'ArrowRight')).toBeNull();
    expect(treeKeyTarget(tree, 'sales', 'a')).toBeNull();
  });
});
