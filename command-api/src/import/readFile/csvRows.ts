import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { csvEncodingOf } from './csvEncoding';
import { decodedLines, type TextOutcome } from './decodedLines';
import { ImportFileProblem } from './problem';
import { RowCaps } from './rowCaps';
import { isOutsideTheFile, type ReadProgress, type ReadSettings } from './settings';
import type { ImportRow } from './types';

/** The first record csv-parse could not parse: its row (it counts the records it completed) and why. */
interface Broken {
  row: number;
  code: string;
}

/**
 * Why the reading ended early, if it did. The text stops at a whole line on a decoding error (or a
 * line too long), so a quote still open there is that stop's doing, reported as the stop itself;
 * any other broken record comes before the stop and is reported as it is.
 */
function endProblem(outcome: TextOutcome, broken: Broken | null, yielded: number): ImportFileProblem | null {
  if (broken) return new ImportFileProblem(outcome.stop && broken.code === 'CSV_QUOTE_NOT_CLOSED' ? outcome.stop : 'invalid_csv', broken.row);
  return outcome.stop ? new ImportFileProblem(outcome.stop, yielded + 1) : null;
}

/**
 * The records of a CSV file, streamed: bytes → text (decodedLines) → csv-parse, pulled by the
 * caller, so only a few chunks are in flight whatever the file's size. Row n is record n: a quoted
 * line break stays inside its row, as a spreadsheet shows it. Every row before a problem is
 * yielded, then the problem is thrown.
 */
export async function* csvRows(path: string, settings: ReadSettings, progress: ReadProgress): AsyncGenerator<ImportRow> {
  const { encoding, start, size } = await csvEncodingOf(path, settings);
  progress.encoding = encoding;
  progress.bytesRead = start;
  const { limits } = settings;
  const outcome: TextOutcome = { stop: null };
  // An object, not a variable: set by the parser's event, which the compiler's narrowing cannot see.
  const parsed: { broken: Broken | null } = { broken: null };
  // skip_records_with_error: a thrown error would destroy the parser and lose the records it
  // parsed before the broken one in the same chunk; reported this way, they are still yielded.
  const parser = parse({ relax_column_count: true, skip_empty_lines: false, bom: false, max_record_size: limits.maxCsvRecordChars, skip_records_with_error: true });
  parser.on('skip', (e: CsvError & { records?: number }) => (parsed.broken ??= { row: (e.records ?? 0) + 1, code: e.code }));
  const feeding = pipeline(
    createReadStream(path, { start, highWaterMark: limits.chunkBytes }),
    decodedLines(encoding === 'shift_jis' ? 'shift_jis' : 'utf-8', outcome, {
      // A line longer than this holds more characters than a record may (4 bytes a character at most).
      maxLineBytes: 4 * limits.maxCsvRecordChars,
      onBytes: (count) => (progress.bytesRead += count),
      halted: () => parsed.broken !== null,
      signal: settings.signal,
    }),
    parser,
  );
  feeding.catch(() => {}); // its error also ends the loop below, which reports it
  const caps = new RowCaps(settings, String);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      settings.signal?.throwIfAborted();
      // After a broken record the parser goes on with the next ones, numbered one short.
      if (parsed.broken && row + 1 >= parsed.broken.row) break;
      row++;
      yield { row, cells: caps.check(row, record) };
    }
    await feeding;
  } catch (e) {
    if (e instanceof ImportFileProblem || isOutsideTheFile(e, settings)) throw e;
    throw endProblem(outcome, parsed.broken, row) ?? (e instanceof CsvError ? new ImportFileProblem('invalid_csv', row + 1) : e);
  } finally {
    // Ends the pipeline (and closes the file) when the caller stops early or a cap is broken.
    parser.destroy();
  }
  const problem = endProblem(outcome, parsed.broken, row);
  if (problem) throw problem;
  caps.finish();
  progress.bytesRead = size;
}
