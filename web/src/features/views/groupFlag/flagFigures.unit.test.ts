import { describe, expect, it } from 'vitest';
import { flagTable, flagYears } from './flagFigures';
import { demoLikeSections as sections } from '../region/sectionTree.fixture';

const kg = new Map([
  ['全社', 1],
  ['製造本部', 10],
  ['第一工場', 100],
  ['第二工場', 1000],
  ['管理本部', 10000],
  ['経理部', 100000],
]);
const companyTotal = 1 + 10 + 100 + 1000 + 10000 + 100000;

describe('group flag figures', () => {
  it('given a flag on a section, then it sums that section and every section below it', () => {
    const { flags } = flagTable([{ id: 'f', name: 'F', sectionIds: ['製造本部'] }], sections, kg);
    expect(flags[0]!.kg).toBe(10 + 100 + 1000);
  });

  it('given a section registered twice and one registered with its parent, then each counts once', () => {
    const { flags } = flagTable([{ id: 'f', name: 'F', sectionIds: ['製造本部', '第一工場', '製造本部'] }], sections, kg);
    expect(flags[0]!.kg).toBe(10 + 100 + 1000);
  });

  it('given two flags apart, then they and the sections in no flag add up to the company total', () => {
    const table = flagTable(
      [
        { id: 'plants', name: 'Plants', sectionIds: ['第一工場', '第二工場'] },
        { id: 'office', name: 'Office', sectionIds: ['経理部'] },
      ],
      sections,
      kg,
    );
    expect(table.flags.map((f) => f.kg)).toEqual([100 + 1000, 100000]);
    expect(table.notInAnyFlagKg).toBe(1 + 10 + 10000);
    expect(table.countedAgainKg).toBe(0);
    expect(table.flags.reduce((s, f) => s + f.kg, 0) + table.notInAnyFlagKg).toBe(companyTotal);
  });

  it('given overlapping flags, then what they count again is named, so the table still reconciles', () => {
    const table = flagTable(
      [
        { id: 'a', name: 'A', sectionIds: ['製造本部'] },
        { id: 'b', name: 'B', sectionIds: ['第二工場'] },
        { id: 'c', name: 'C', sectionIds: ['全社'] },
      ],
      sections,
      kg,
    );
    // 第二工場 lies in all three flags (2 too many), 製造本部 and 第一工場 in A and C (1 too many each).
    expect(table.countedAgainKg).toBe(2 * 1000 + 10 + 100);
    expect(table.notInAnyFlagKg).toBe(0);
    expect(table.flags.reduce((s, f) => s + f.kg, 0) + table.notInAnyFlagKg - table.countedAgainKg).toBe(companyTotal);
  });

  it('given rows by section and fiscal year, then each year has every flag’s figure, a year without lines zeros', () => {
    const rows = [
      { sectionId: '第一工場', fiscalYear: 2023, co2eKg: 5 },
      { sectionId: '経理部', fiscalYear: 2023, co2eKg: 7 },
      { sectionId: '第二工場', fiscalYear: 2025, co2eKg: 11 },
      { sectionId: '製造本部', fiscalYear: 2025, co2eKg: 13 },
    ];
    const years = flagYears([{ id: 'm', name: 'M', sectionIds: ['製造本部'] }], sections, rows, [2023, 2024, 2025]);
    expect(years).toEqual([
      { year: 2023, kgByFlag: [5], notInAnyFlagKg: 7, countedAgainKg: 0, totalKg: 5 + 7 },
      { year: 2024, kgByFlag: [0], notInAnyFlagKg: 0, countedAgainKg: 0, totalKg: 0 },
      { year: 2025, kgByFlag: [11 + 13], notInAnyFlagKg: 0, countedAgainKg: 0, totalKg: 11 + 13 },
    ]);
  });

  it('given two flags sharing a section over the years, then each year reconciles to its total', () => {
    const rows = [
      { sectionId: '第一工場', fiscalYear: 2024, co2eKg: 5 },
      { sectionId: '経理部', fiscalYear: 2024, co2eKg: 7 },
      { sectionId: '全社', fiscalYear: 2024, co2eKg: 2 },
    ];
    const flags = [
      { id: 'm', name: 'M', sectionIds: ['製造本部'] },
      { id: 'p', name: 'P', sectionIds: ['第一工場'] },
    ];
    const [year] = flagYears(flags, sections, rows, [2024]);
    expect(year).toEqual({ year: 2024, kgByFlag: [5, 5], notInAnyFlagKg: 7 + 2, countedAgainKg: 5, totalKg: 5 + 7 + 2 });
    expect(year!.kgByFlag[0]! + year!.kgByFlag[1]! + year!.notInAnyFlagKg - year!.countedAgainKg).toBe(year!.totalKg);
  });
});
