import { csvText, plain } from '../../core/csv/csvFile';

export { BOM, plain, saveCsv } from '../../core/csv/csvFile';

export interface CsvRow {
  scopeCategory: string;
  name: string;
  lines: number;
  co2eKg: number;
  /** 0 to 1. */
  share: number;
}

export interface CsvHeadings {
  category: string;
  name: string;
  lines: string;
  tCo2e: string;
  kgCo2e: string;
  sharePercent: string;
}

/** One row's fields: tonnes to 6 decimals (kg to 3), the share as a percentage to 2 decimals. */
const rowFields = (row: CsvRow) => [row.scopeCategory, row.name, String(row.lines), plain(row.co2eKg / 1000, 6), plain(row.co2eKg, 3), plain(row.share * 100, 2)];

/** The aggregate table as a CSV file (core/csv): the headings, the rows in the order given, then the total row. */
export function aggregateCsv(headings: CsvHeadings, rows: readonly CsvRow[], total: CsvRow): string {
  return csvText([[headings.category, headings.name, headings.lines, headings.tCo2e, headings.kgCo2e, headings.sharePercent], ...rows.map(rowFields), rowFields(total)]);
}
