import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { withoutPhonetic } from './phonetic';
import { ImportFileProblem } from './problem';
import { RowCaps } from './rowCaps';
import { isOutsideTheFile, type ReadProgress, type ReadSettings } from './settings';
import type { ImportCell, ImportRow } from './types';
import { columnLetter, importCellOf } from './xlsxCells';
import { readZipDirectory, type ZipEntry } from './zipDirectory';
import { entryText } from './zipEntryText';

interface Relationship {
  Id: string;
  Type: string;
  Target: string;
}

/**
 * The parts of exceljs 4.4.0's streaming WorkbookReader used here (pinned version: package.json).
 * Its public `parse()` is not used: it reads entries in zip order, so it knows how many sheets
 * there are only once it reaches xl/workbook.xml, which exceljs itself writes last; it spools every
 * sheet met before the shared strings to a temporary file (Excel writes them first), uncapped, so
 * a zip bomb fills the disk; and it hands Buffers to a decoder that breaks characters split across
 * chunks. Its part parsers, fed with text inflated and counted here, have none of these problems.
 */
interface WorkbookReaderParts {
  workbookRels?: Relationship[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(text: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** A relationship target → part name: relative to xl/ (where the workbook is) unless absolute. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).toLowerCase();
const relOfType = (rels: Relationship[], type: string) => rels.find((r) => r.Type.endsWith(`/${type}`));

/**
 * The rows of the first worksheet of an .xlsx on disk. Order: the central directory (caps checked
 * before anything is inflated), the workbook (so a second sheet is refused before any row is
 * yielded), styles (to recognise date cells), shared strings (held in memory, capped), then the
 * sheet, streamed. Rows the sheet does not store are not yielded: each row carries its number.
 */
export async function* xlsxRows(path: string, settings: ReadSettings, progress: ReadProgress): AsyncGenerator<ImportRow> {
  let file: FileHandle | undefined;
  try {
    file = await open(path);
    yield* firstSheetRows(path, file, settings, progress);
  } catch (e) {
    // exceljs, saxes, zlib and the decoder throw plain errors for a broken file.
    throw e instanceof ImportFileProblem || isOutsideTheFile(e, settings) ? e : new ImportFileProblem('invalid_xlsx');
  } finally {
    await file?.close();
  }
}

async function* firstSheetRows(path: string, file: FileHandle, settings: ReadSettings, progress: ReadProgress): AsyncGenerator<ImportRow> {
  const { limits, signal } = settings;
  const size = (await file.stat()).size;
  if (size === 0) throw new ImportFileProblem('empty_file');
  const entries = await readZipDirectory(file, size, limits);
  const part = (name: string): ZipEntry | undefined => entries.get(name.toLowerCase());
  const text = (entry: ZipEntry, cap: number) => withoutPhonetic(entryText(path, file, size, entry, cap, (n) => (progress.bytesRead += n)), limits.maxHeldXmlChars);
  const stream = (entry: ZipEntry) => Readable.from(text(entry, limits.maxSmallPartBytes));

  // No input of its own (the file name '' is never opened): only its part parsers run, on the entries inflated here.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader('', {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  }) as unknown as WorkbookReaderParts;
  const workbook = part('xl/workbook.xml');
  const workbookRels = part('xl/_rels/workbook.xml.rels');
  if (!workbook || !workbookRels) throw new ImportFileProblem('invalid_xlsx');
  await reader._parseRels(stream(workbookRels));
  await reader._parseWorkbook(stream(workbook));
  const rels = reader.workbookRels ?? [];
  const sheets = reader.model?.sheets ?? [];
  // Hidden sheets count too: what the user meant to import would be ambiguous.
  if (sheets.length > 1) throw new ImportFileProblem('several_sheets');
  const sheetRel = rels.find((r) => r.Id === sheets[0]?.rId);
  const sheet = sheetRel && part(partName(sheetRel.Target));
  if (!sheet || !sheet.name.toLowerCase().startsWith('xl/worksheets/')) throw new ImportFileProblem('invalid_xlsx');

  const styles = part(partName(relOfType(rels, 'styles')?.Target ?? 'styles.xml'));
  if (styles) await reader._parseStyles(stream(styles));
  const sharedStrings = part(partName(relOfType(rels, 'sharedStrings')?.Target ?? 'sharedStrings.xml'));
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(Readable.from(text(sharedStrings, limits.maxSharedStringsBytes))));
  progress.encoding = 'xlsx';

  const caps = new RowCaps(settings, columnLetter);
  let previous = 0;
  for (const { value: sheetRows } of reader._parseWorksheet(text(sheet, limits.maxSheetBytes), '1')) {
    for await (const sheetRow of sheetRows) {
      signal?.throwIfAborted();
      const row = sheetRow.number;
      // Rows come in ascending order in a valid sheet; a row without its number (r) reads as NaN.
      if (!Number.isSafeInteger(row) || row <= previous) throw new ImportFileProblem('invalid_xlsx', previous + 1);
      previous = row;
      const cells: ImportCell[] = [];
      sheetRow.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column - 1] = importCellOf(cell.value, row, column);
      });
      yield { row, cells: caps.check(row, Array.from(cells, (cell) => cell ?? null)) };
    }
  }
  caps.finish();
  progress.bytesRead = size;
}
