/**
 * The CSV files the product writes (the screens' downloads, the export): UTF-8 with a byte-order
 * mark so spreadsheet programs read Japanese text as UTF-8, CRLF line ends, a field quoted when it
 * holds a comma, a quote or a line break (quotes doubled), numbers plain. One home for both the
 * web app and command-api.
 */
export const CSV_BOM = '\uFEFF';

/** A field as written: quoted when it holds a comma, a quote or a line break. */
export const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A number with at most `digits` decimals, without trailing zeros or grouping (−0 as 0). */
export const plainNumber = (value: number, digits: number) => String(Number(value.toFixed(digits)) + 0);

/** One line of fields, with its CRLF. */
export const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;
