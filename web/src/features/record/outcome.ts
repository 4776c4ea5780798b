import type { ImportOutcome } from './upload';

/**
 * Pure readings of an import's answers for the screens: whether a checked file may be imported,
 * which columns were read as what, where a refusal points, and a re-application's totals compared.
 */

/** A checked file may be imported only when it was previewed whole: no bad row, no header problem, no record left unclassified. */
export function canImport(outcome: ImportOutcome): boolean {
  return outcome.status === 'preview' && outcome.uploadId !== null && outcome.errorCount === 0 && outcome.unmatchedCount === 0 && outcome.headerProblems.length === 0;
}

/** The columns of the file: read into a field, or not read at all (a warning: its values are ignored). */
export function columnMapping(columns: ImportOutcome['columns']) {
  return {
    mapped: columns.filter((c): c is typeof c & { field: string } => c.field !== null),
    unmapped: columns.filter((c) => c.field === null && c.header.trim() !== ''),
  };
}

/** How a record stores a field's value: weight in kg and distance in km under their own names. */
const STORED_AS: Readonly<Record<string, string>> = { weight: 'weightKg', distance: 'distanceKm' };

/** The sample's columns: the fields the file's columns fill, in file order, as the sample's records name them. */
export function sampleFields(columns: ImportOutcome['columns']): string[] {
  const fields = columns.flatMap((c) => (c.field === null ? [] : [STORED_AS[c.field] ?? c.field]));
  return [...new Set(fields)];
}

/** More row errors than the answer lists (it lists at most 1,000). */
export const unlistedErrors = (outcome: Pick<ImportOutcome, 'errors' | 'errorCount'>) => Math.max(0, outcome.errorCount - outcome.errors.length);

/** Where a refusal points: `row:N` and `column:X` entries of its fields (a file's broken row, the lines an undo found changed). */
export function refusalPlaces(fields: readonly string[]): { rows: number[]; columns: string[] } {
  const rows: number[] = [];
  const columns: string[] = [];
  for (const f of fields) {
    if (f.startsWith('row:')) {
      const n = Number(f.slice(4));
      if (Number.isInteger(n) && n > 0) rows.push(n);
    } else if (f.startsWith('column:')) columns.push(f.slice(7));
  }
  return { rows, columns };
}

export interface Totals {
  co2eKg: number;
  byCategory: Readonly<Record<string, number>>;
}

export interface ComparedCategory {
  category: string;
  before: number;
  after: number;
  change: number;
}

/** Before and after per category (every category either names, in `order`, unknown ones last), and the totals' change. */
export function compareTotals(before: Totals, after: Totals, order: readonly string[]): { rows: ComparedCategory[]; total: ComparedCategory } {
  const categories = [...new Set([...Object.keys(before.byCategory), ...Object.keys(after.byCategory)])];
  const rank = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
  categories.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const rows = categories
    .map((category) => {
      const b = before.byCategory[category] ?? 0;
      const a = after.byCategory[category] ?? 0;
      return { category, before: b, after: a, change: roundKg(a - b) };
    })
    .filter((r) => r.before !== 0 || r.after !== 0);
  return { rows, total: { category: '', before: before.co2eKg, after: after.co2eKg, change: roundKg(after.co2eKg - before.co2eKg) } };
}

/** Kilograms to a millionth (the server's own rounding), so a difference of equal sums is 0, not 1e-12. */
const roundKg = (kg: number) => Math.round(kg * 1e6) / 1e6 + 0;

/** A file's size in words: bytes, KB or MB (one decimal), for the progress line. */
export function sizeText(bytes: number, format: (n: number, digits: number) => string): string {
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 1)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
