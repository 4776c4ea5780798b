import { sectionsCovered, type SectionNode, type SectionRow } from '../region/sectionFigures';

/**
 * The group-flag view's arithmetic. A flag's emission is the sum over its registered sections and
 * every section below them, each section once per flag however it got there (registered twice,
 * or registered together with one of its ancestors). Figures in kg.
 */

export interface FlagLike {
  id: string;
  name: string;
  sectionIds: readonly string[];
}

export interface FlagFigure {
  id: string;
  name: string;
  /** The sections the flag covers: the registered ones and their descendants. */
  covered: ReadonlySet<string>;
  kg: number;
}

export interface FlagTable {
  flags: FlagFigure[];
  /** The sections no flag covers. */
  notInAnyFlagKg: number;
  /**
   * What the flags count more than once: a section covered by n flags adds its figure n − 1 times
   * too many. flags + notInAnyFlag − countedAgain = every section's figure once (the company's total).
   */
  countedAgainKg: number;
}

/** The flags' figures, the remainder no flag covers and what overlapping flags count again, from each section's figure. */
export function flagTable(flags: readonly FlagLike[], sections: readonly SectionNode[], kgBySection: ReadonlyMap<string, number>): FlagTable {
  const figures = flags.map((f) => {
    const covered = sectionsCovered(sections, f.sectionIds);
    let kg = 0;
    for (const id of covered) kg += kgBySection.get(id) ?? 0;
    return { id: f.id, name: f.name, covered, kg };
  });
  let notInAnyFlagKg = 0;
  let countedAgainKg = 0;
  for (const [sectionId, kg] of kgBySection) {
    const flagsCovering = figures.filter((f) => f.covered.has(sectionId)).length;
    if (flagsCovering === 0) notInAnyFlagKg += kg;
    else countedAgainKg += kg * (flagsCovering - 1);
  }
  return { flags: figures, notInAnyFlagKg, countedAgainKg };
}

export interface FlagYear {
  year: number;
  /** One figure per flag, in the order of the flags given. */
  kgByFlag: number[];
  notInAnyFlagKg: number;
  countedAgainKg: number;
  /** Every section's figure of the year, once. */
  totalKg: number;
}

/** Each year's figure of each flag (rows grouped by section and fiscal year), every year of `years` present. */
export function flagYears(flags: readonly FlagLike[], sections: readonly SectionNode[], rows: readonly SectionRow[], years: readonly number[]): FlagYear[] {
  return years.map((year) => {
    const kgBySection = new Map<string, number>();
    for (const r of rows) if (r.fiscalYear === year && r.sectionId !== undefined) kgBySection.set(r.sectionId, (kgBySection.get(r.sectionId) ?? 0) + r.co2eKg);
    const table = flagTable(flags, sections, kgBySection);
    const totalKg = [...kgBySection.values()].reduce((sum, kg) => sum + kg, 0);
    return { year, kgByFlag: table.flags.map((f) => f.kg), notInAnyFlagKg: table.notInAnyFlagKg, countedAgainKg: table.countedAgainKg, totalKg };
  });
}
