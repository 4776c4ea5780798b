import { CSV_BOM, csvLine, plainNumber } from '@ghg/api';

/** CSV files the screens hand out, in the product's CSV form (@ghg/api, core/csvText). */
export const BOM = CSV_BOM;
export const plain = plainNumber;

/** The file's text from its lines of fields, the headings first. */
export const csvText = (lines: readonly (readonly string[])[]): string => BOM + lines.map(csvLine).join('');

/** Hands `text` to the browser as a CSV file named `fileName`. */
export function saveCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Hands a file to the browser's downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
