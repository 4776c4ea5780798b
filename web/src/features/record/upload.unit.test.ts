import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api/client';
import { answerOf, contentTypeFor, importUrl, newUploadId, outcomeOfRefusal, type ImportOutcome } from './upload';

const outcome = (over: Partial<ImportOutcome> = {}): ImportOutcome => ({
  status: 'preview',
  importId: null,
  uploadId: 'u1',
  fileName: 'standard.csv',
  sourceType: 'standard',
  encoding: 'utf-8-bom',
  rows: 12,
  created: 11,
  updated: 0,
  unchanged: 0,
  excluded: 1,
  totals: { co2eKg: 1234.5, byCategory: { '1': 1000, '31': 234.5 } },
  columns: [{ index: 0, header: '取引日', field: 'transactionDate' }],
  sample: [{ row: 2, values: { transactionDate: '2025-04-01', supplierName: '株式会社山田商事', amount: 198000 } }],
  errors: [],
  errorCount: 0,
  headerProblems: [],
  unmatched: [],
  unmatchedCount: 0,
  replayed: false,
  ...over,
});

describe('sending an import file', () => {
  it('names the file type by its extension, whatever the browser guessed', () => {
    expect(contentTypeFor('standard.csv')).toBe('text/csv');
    expect(contentTypeFor('STANDARD.CSV')).toBe('text/csv');
    expect(contentTypeFor('rows.txt')).toBe('text/csv');
    expect(contentTypeFor('warehouse.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeFor('old.xls')).toBe('application/octet-stream');
    expect(contentTypeFor('no-extension')).toBe('application/octet-stream');
  });

  it('puts the source type, file name, dry run and upload id in the query, encoded', () => {
    const url = importUrl({ sourceType: 'exportImport', fileName: '輸出入 2025&4.csv', dryRun: true, uploadId: 'abc' });
    expect(url.startsWith('/api/import?')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(Object.fromEntries(query)).toEqual({ sourceType: 'exportImport', fileName: '輸出入 2025&4.csv', dryRun: 'true', uploadId: 'abc' });
  });

  it('makes a fresh upload id each time', () => {
    const a = newUploadId();
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(newUploadId()).not.toBe(a);
  });
});

describe('reading the answer', () => {
  it('returns the outcome of a preview, and of a file refused for its rows (400, status error)', () => {
    expect(answerOf(200, 'OK', JSON.stringify(outcome()))).toEqual(outcome());
    const refused = outcome({ status: 'error', uploadId: null, errorCount: 1, errors: [{ row: 4, field: 'transactionDate', code: 'invalid_date', value: '2025/4/31' }] });
    expect(answerOf(400, 'Bad Request', JSON.stringify(refused))).toEqual(refused);
  });

  it('throws any other refusal as ApiError with its code, fields and message', () => {
    const thrown = (() => {
      try {
        answerOf(409, 'Conflict', JSON.stringify({ message: 'Cannot import because data with the same file name already exists', code: 'duplicate_file_name' }));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 409, code: 'duplicate_file_name' });
    expect(() => answerOf(400, 'Bad Request', JSON.stringify({ message: 'x', code: 'invalid_csv', fields: ['row:3'] }))).toThrow(ApiError);
    expect(() => answerOf(502, 'Bad Gateway', '<html>proxy</html>')).toThrow(expect.objectContaining({ status: 502, message: '<html>proxy</html>' }));
  });

  it('refuses, in development, an outcome outside the contract', () => {
    expect(() => answerOf(200, 'OK', JSON.stringify({ ...outcome(), rows: '12' }))).toThrow(/answered outside its contract/);
    expect(() => answerOf(200, 'OK', '{}')).toThrow(/answered outside its contract/);
  });

  it('finds the outcome a confirmation refusal carries, and nothing in other refusals', () => {
    const refused = outcome({ status: 'error', unmatchedCount: 2 });
    expect(outcomeOfRefusal(new ApiError(400, 'refused', undefined, [], refused as unknown as Record<string, unknown>))).toEqual(refused);
    expect(outcomeOfRefusal(new ApiError(400, 'bad', 'invalid_args', ['uploadId'], { message: 'bad', code: 'invalid_args' }))).toBeNull();
    expect(outcomeOfRefusal(new ApiError(404, 'gone', 'upload_not_found'))).toBeNull();
    expect(outcomeOfRefusal(new Error('x'))).toBeNull();
  });
});
