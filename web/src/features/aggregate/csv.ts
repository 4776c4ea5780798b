/**
 * The aggregate table as a CSV file: UTF-8 with a byte-order mark (so spreadsheet programs read
 * Japanese text as UTF-8), CRLF line ends, every field quoted when it holds a comma, a quote or a
 * line break (quotes doubled). Numbers are written plain: no grouping, a dot for decimals.
 */
export const BOM = '\uFEFF';

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

const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A number with at most `digits` decimals, without trailing zeros or grouping (−0 as 0). */
export const plain = (value: number, digits: number) => String(Number(value.toFixed(digits)) + 0);

/** One row's fields: tonnes to 6 decimals (kg to 3), the share as a percentage to 2 decimals. */
const rowFields = (row: CsvRow) => [row.scopeCategory, row.name, String(row.lines), plain(row.co2eKg / 1000, 6), plain(row.co2eKg, 3), plain(row.share * 100, 2)];

/** The file's text: the headings, the rows in the order given, then the total row. */
export function aggregateCsv(headings: CsvHeadings, rows: readonly CsvRow[], total: CsvRow): string {
  const lines = [
    [headings.category, headings.name, headings.lines, headings.tCo2e, headings.kgCo2e, headings.sharePercent],
    ...rows.map(rowFields),
    rowFields(total),
  ];
  return BOM + lines.map((fields) => fields.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands `text` to the browser as a CSV file named `fileName`. */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
