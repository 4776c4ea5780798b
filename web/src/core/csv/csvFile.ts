/**
 * CSV files the screens hand out: UTF-8 with a byte-order mark (so spreadsheet programs read
 * Japanese text as UTF-8), CRLF line ends, a field quoted when it holds a comma, a quote or a line
 * break (quotes doubled). Numbers are written plain: no grouping, a dot for decimals.
 */
export const BOM = '\uFEFF';

const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A number with at most `digits` decimals, without trailing zeros or grouping (−0 as 0). */
export const plain = (value: number, digits: number) => String(Number(value.toFixed(digits)) + 0);

/** The file's text from its lines of fields, the headings first. */
export const csvText = (lines: readonly (readonly string[])[]): string => BOM + lines.map((fields) => fields.map(field).join(',')).join('\r\n') + '\r\n';

/** Hands `text` to the browser as a CSV file named `fileName`. */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
