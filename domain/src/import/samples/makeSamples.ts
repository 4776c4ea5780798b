/**
 * Writes the import sample files into docs/samples/ (docs/import-formats.md lists them):
 *
 *   node --import tsx domain/src/import/samples/makeSamples.ts
 *
 * A developer tool, not part of the domain: it writes files and loads exceljs, so nothing in
 * domain/src/import/index.ts imports it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { parseJapaneseDate } from '../values';
import { IMPORT_SOURCE_TYPES } from '../sourceFormats';
import { SAMPLE_TABLES, badRowsCsv, sampleCsv, type SampleTable } from './sampleData';
import { encodeShiftJis } from './shiftJis';

const OUT = fileURLToPath(new URL('../../../../docs/samples/', import.meta.url));
const BOM = '\uFEFF';
/** Fixed, so that writing the files again changes nothing in their properties. */
const WRITTEN = new Date(Date.UTC(2025, 3, 1));

/** The XLSX cells: dates as spreadsheet dates, numbers as numbers, everything else as text. */
function xlsxRows(table: SampleTable): (string | number | Date)[][] {
  const dateColumn = 0; // every sample's first column is its transaction date
  return table.rows.map((cells) =>
    cells.map((v, j) => {
      if (j !== dateColumn) return v;
      const iso = parseJapaneseDate(v);
      if (!iso) throw new Error(`not a date: ${v}`);
      return new Date(`${iso}T00:00:00Z`);
    }),
  );
}

async function writeXlsx(path: string, table: SampleTable): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GHG Ledger';
  workbook.created = WRITTEN;
  workbook.modified = WRITTEN;
  const sheet = workbook.addWorksheet('データ');
  sheet.addRow([...table.header]).font = { bold: true };
  for (const row of xlsxRows(table)) sheet.addRow(row);
  sheet.getColumn(1).numFmt = 'yyyy/m/d';
  table.header.forEach((h, i) => {
    sheet.getColumn(i + 1).width = Math.max(10, h.length * 2 + 2);
  });
  await workbook.xlsx.writeFile(path);
}

const written: string[] = [];
const write = (name: string, data: string | Uint8Array) => {
  writeFileSync(`${OUT}${name}`, data);
  written.push(name);
};

mkdirSync(OUT, { recursive: true });
for (const type of IMPORT_SOURCE_TYPES) {
  write(`${type}.csv`, BOM + sampleCsv(SAMPLE_TABLES[type]));
  await writeXlsx(`${OUT}${type}.xlsx`, SAMPLE_TABLES[type]);
  written.push(`${type}.xlsx`);
}
write('standard-shift_jis.csv', encodeShiftJis(sampleCsv(SAMPLE_TABLES.standard)));
write('standard-utf8.csv', sampleCsv(SAMPLE_TABLES.standard));
write('standard-bad-rows.csv', BOM + badRowsCsv());
write('standard-fixed.csv', BOM + sampleCsv(SAMPLE_TABLES.standard));
process.stdout.write(`${written.map((f) => `docs/samples/${f}`).join('\n')}\n`);
