import { scopeOfCategory } from '../../../core/router/categories';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ORDER, change, contributorKeyText, defaultSectionPair, detailPageOf, diffByKey, scopeSubtotals, sumBy, topContributors } from './comparison';

const key = (category: string, formulaId: string, sectionId: string | null) => contributorKeyText({ category, formulaId, sectionId });

describe('emission comparison', () => {
  it('given A and B, then the difference is B − A and the change is relative to A; no A gives no change %', () => {
    // 1,200 − 1,000 = 200; 200 / 1,000 = 0.2
    expect(change(1_000, 1_200)).toEqual({ aKg: 1_000, bKg: 1_200, diffKg: 200, ratio: 0.2 });
    // 250 − 1,000 = −750; −750 / 1,000 = −0.75
    expect(change(1_000, 250)).toEqual({ aKg: 1_000, bKg: 250, diffKg: -750, ratio: -0.75 });
    expect(change(0, 40)).toEqual({ aKg: 0, bKg: 40, diffKg: 40, ratio: null });
  });

  it('given categories on one side only, then the other side counts 0 for them', () => {
    const a = new Map([
      ['1', 500],
      ['31', 300],
    ]);
    const b = new Map([
      ['1', 450],
      ['2', 80],
    ]);
    expect(diffByKey(a, b)).toEqual([
      { key: '1', aKg: 500, bKg: 450, diffKg: -50, ratio: -0.1 },
      { key: '31', aKg: 300, bKg: 0, diffKg: -300, ratio: -1 },
      { key: '2', aKg: 0, bKg: 80, diffKg: 80, ratio: null },
    ]);
  });

  it('given two companies’ rows of one category, then they add up', () => {
    const rows = [
      { c: '1', kg: 10 },
      { c: '2', kg: 5 },
      { c: '1', kg: 2.5 },
    ];
    expect(sumBy(rows, (r) => r.c, (r) => r.kg)).toEqual(new Map([
      ['1', 12.5],
      ['2', 5],
    ]));
  });

  it('given categories, then scope subtotals: 3-1 and 3-4 add up under scope 3; water is no scope', () => {
    expect(CATEGORY_ORDER.slice(0, 3)).toEqual(['1', '2', '31']);
    expect(CATEGORY_ORDER.at(-1)).toBe('water');
    expect(['1', '2', '34', '315', 'water'].map(scopeOfCategory)).toEqual(['1', '2', '3', '3', 'water']);
    const categories = [
      { key: '1', ...change(100, 90) },
      { key: '31', ...change(200, 260) },
      { key: '34', ...change(50, 30) },
      { key: 'water', ...change(5, 5) },
    ];
    // Scope 3: A 200 + 50 = 250, B 260 + 30 = 290, 290 − 250 = 40, 40 / 250 = 0.16
    expect(scopeSubtotals(categories)).toEqual([
      { key: '1', aKg: 100, bKg: 90, diffKg: -10, ratio: -0.1 },
      { key: '3', aKg: 250, bKg: 290, diffKg: 40, ratio: 0.16 },
    ]);
  });

  it('given contributors on both sides, then the largest absolute changes first, unchanged ones left out, at most `top`', () => {
    const a = new Map([
      [key('1', 's1.fuel', 'plant1'), 1_000],
      [key('1', 's1.fuel', 'plant2'), 400],
      [key('2', 's2.location', 'plant1'), 700],
      [key('31', 's3.1.spend', 'office'), 90],
    ]);
    const b = new Map([
      [key('1', 's1.fuel', 'plant1'), 1_150], // +150
      [key('1', 's1.fuel', 'plant2'), 400], //     0: no contributor
      [key('2', 's2.location', 'plant1'), 480], // −220
      [key('31', 's3.1.spend', 'office'), 60], //  −30
      [key('35', 's3.5.waste', 'plant2'), 175], // +175 (new on B)
    ]);
    const top = topContributors(a, b);
    // |−220| > |+175| > |+150| > |−30|
    expect(top.map((c) => [c.category, c.formulaId, c.sectionId, c.diffKg])).toEqual([
      ['2', 's2.location', 'plant1', -220],
      ['35', 's3.5.waste', 'plant2', 175],
      ['1', 's1.fuel', 'plant1', 150],
      ['31', 's3.1.spend', 'office', -30],
    ]);
    expect(top[1]).toMatchObject({ aKg: 0, bKg: 175, ratio: null });
    expect(topContributors(a, b, 2)).toHaveLength(2);
  });

  it('given companies compared (no section), then the key keeps no section', () => {
    const [only] = topContributors(new Map(), new Map([[key('1', 's1.gas', null), 3]]));
    expect(only).toMatchObject({ category: '1', formulaId: 's1.gas', sectionId: null, diffKg: 3 });
  });

  it('finds the scope detail page that lists a method, as detailPages.ts groups them', () => {
    // Scope 1: 1 fuel combustion (s1.fuel, s1.fuel-heat), 2 process CO2, 3 other gases, 4 refrigerants.
    expect(detailPageOf('1', 's1.fuel-heat')).toBe(1);
    expect(detailPageOf('1', 's1.refrigerant')).toBe(4);
    expect(detailPageOf('2', 's2.market')).toBe(2);
    expect(detailPageOf('1', 's2.market')).toBeNull();
    expect(detailPageOf('nope', 's1.fuel')).toBeNull();
  });

  it('given a section tree, then two sibling sections are compared by default, never a section and its child', () => {
    // 全社 ─┬─ 製造本部 ─ 第一工場
    //       ├─ 管理本部
    //       └─ 営業部
    // 指定なし
    const section = (id: string, parentSection: string | null) => ({ id, parentSection });
    const tree = [section('全社', null), section('製造本部', '全社'), section('第一工場', '製造本部'), section('管理本部', '全社'), section('営業部', '全社'), section('指定なし', null)];
    expect(defaultSectionPair(tree).map((s) => s?.id)).toEqual(['製造本部', '管理本部']);
    // No section with two children: the first two; one section: no B.
    expect(defaultSectionPair(tree.slice(0, 3)).map((s) => s?.id)).toEqual(['全社', '製造本部']);
    expect(defaultSectionPair([section('全社', null)]).map((s) => s?.id)).toEqual(['全社', undefined]);
  });
});
