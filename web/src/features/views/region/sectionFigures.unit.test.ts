import { describe, expect, it } from 'vitest';
import { scopeOfCategory } from '../../../core/router/categories';
import { categoryFigures, kgBySection, notListedKg, sectionPath, sectionsCovered } from './sectionFigures';
import { demoLikeSections as sections } from './sectionTree.fixture';

describe('section figures', () => {
  it('given a section, then it covers itself and every section below it', () => {
    expect([...sectionsCovered(sections, ['製造本部'])].sort()).toEqual(['第一工場', '第二工場', '製造本部'].sort());
    expect(sectionsCovered(sections, ['全社']).size).toBe(6);
  });

  it('given a section twice and one below another, then each is covered once', () => {
    expect([...sectionsCovered(sections, ['製造本部', '第一工場', '製造本部'])].sort()).toEqual(['第一工場', '第二工場', '製造本部'].sort());
  });

  it('given a section the list does not hold, then it still covers itself', () => {
    expect([...sectionsCovered(sections, ['elsewhere'])]).toEqual(['elsewhere']);
  });

  it('given rows by company and section, when one company is kept, then its sections are summed', () => {
    const rows = [
      { companyId: 'a', sectionId: 's1', co2eKg: 10 },
      { companyId: 'a', sectionId: 's1', co2eKg: 5 },
      { companyId: 'b', sectionId: 's1', co2eKg: 99 },
      { companyId: 'a', sectionId: 's2', co2eKg: 7 },
    ];
    expect([...kgBySection(rows, (r) => r.companyId === 'a')]).toEqual([
      ['s1', 10 + 5],
      ['s2', 7],
    ]);
  });

  it('given rows by section and category, then the chosen sections are summed by category and by scope', () => {
    const rows = [
      { sectionId: '第一工場', scopeCategory: '1', co2eKg: 100 },
      { sectionId: '第一工場', scopeCategory: '31', co2eKg: 40 },
      { sectionId: '第二工場', scopeCategory: '1', co2eKg: 50 },
      { sectionId: '第二工場', scopeCategory: '34', co2eKg: 20 },
      { sectionId: '第二工場', scopeCategory: 'water', co2eKg: 3 },
      { sectionId: '経理部', scopeCategory: '2', co2eKg: 1000 },
    ];
    const figures = categoryFigures(rows, sectionsCovered(sections, ['製造本部']));
    expect(figures.byCategory).toEqual([
      { category: '1', kg: 100 + 50 },
      { category: '31', kg: 40 },
      { category: '34', kg: 20 },
      { category: 'water', kg: 3 },
    ]);
    expect(figures.byScope).toEqual({ '1': 150, '2': 0, '3': 40 + 20, water: 3 });
    expect(figures.kg).toBe(150 + 40 + 20 + 3);
  });

  it('puts every scope-3 category under scope 3, the others under themselves', () => {
    expect(['1', '2', '31', '315', 'water'].map(scopeOfCategory)).toEqual(['1', '2', '3', '3', 'water']);
  });

  it('given figures of sections the tree does not list, then their sum is the remainder', () => {
    const kg = new Map([
      ['第一工場', 100],
      ['gone', 7],
      ['hidden', 5],
    ]);
    expect(notListedKg(kg, new Set(sections.map((s) => s.id)))).toBe(7 + 5);
    expect(notListedKg(kg, new Set(['第一工場', 'gone', 'hidden']))).toBe(0);
  });

  it('given a section, then its path runs from the top of the tree down to it', () => {
    expect(sectionPath(sections, '第二工場').map((s) => s.id)).toEqual(['全社', '製造本部', '第二工場']);
    expect(sectionPath(sections, '全社').map((s) => s.id)).toEqual(['全社']);
    expect(sectionPath(sections, 'unknown')).toEqual([]);
  });
});
