import { describe, expect, it } from 'vitest';
import { catalogues, LOCALES } from '@ghg/locales';
import { importFileRefusals } from '@ghg/api';
import { LINKED_TEXT_FIELDS, LINKED_VALUE_FIELDS } from '@ghg/domain';
import { importSourceTypes, ruleMatchFields } from '@ghg/events';
import { ApiError, NetworkError } from '../../core/api/client';
import { describeRefusal, fieldMessage, fileRefusalCodes, headerCodeMessage, matchFieldName, rowCodeMessage, sourceTypeName } from './names';

describe('the words of linked data', () => {
  it('names every linked-data field, rule field and source type', () => {
    for (const field of [...LINKED_TEXT_FIELDS, ...LINKED_VALUE_FIELDS, 'weightKg', 'distanceKm']) expect(fieldMessage(field), field).toBeDefined();
    for (const field of ruleMatchFields) expect(matchFieldName[field]).toBe(fieldMessage(field));
    expect(fieldMessage('notAField')).toBeUndefined();
    expect(importSourceTypes.map((s) => catalogues.en[sourceTypeName[s]])).toEqual(['Standard format', 'Warehouse system', 'Export/import system', 'Legacy logistics system']);
    expect(importSourceTypes.map((s) => catalogues.ja[sourceTypeName[s]])).toEqual(['標準フォーマット', '倉庫システム', '輸出入システム', '旧物流システム']);
    expect(['transactionDate', 'contents', 'supplierName'].map((f) => catalogues.ja[fieldMessage(f)!])).toEqual(['取引日', '内容', '取引先名']);
  });

  it('translates every refusal of a file', () => {
    for (const code of Object.keys(importFileRefusals)) expect(Object.hasOwn(fileRefusalCodes, code), code).toBe(true);
  });

  it('keeps the spec’s English messages word for word', () => {
    const en = catalogues.en;
    expect(en['import.error.title']).toBe('An error occurred.');
    expect(en['import.unknownError']).toBe('Unknown Error');
    expect(en['import.errors.heading']).toBe('The following items have errors.');
    expect(en['import.refusal.invalid_file_name']).toBe('{file} is not a valid file name.');
    expect(en['import.refusal.duplicate_file_name']).toBe('Cannot import because data with the same file name already exists');
    expect(en['import.refusal.no_company_selected']).toBe('No company is selected.');
    for (const locale of LOCALES) expect(catalogues[locale]['import.refusal.invalid_file_name']).toContain('{file}');
  });

  it('words a row error by its code: the import’s own, then the calculation’s, else naming the code', () => {
    expect(rowCodeMessage('invalid_date')).toEqual({ id: 'import.row.invalid_date' });
    expect(rowCodeMessage('currency_rate_missing')).toEqual({ id: 'import.row.currency_rate_missing' });
    expect(rowCodeMessage('factor_not_found')).toEqual({ id: 'activityInput.error.factorNotFound' });
    expect(rowCodeMessage('something_new')).toEqual({ id: 'import.row.other', values: { code: 'something_new' } });
    expect(rowCodeMessage('toString')).toEqual({ id: 'import.row.other', values: { code: 'toString' } });
    expect(headerCodeMessage('missing_column')).toEqual({ id: 'import.header.missing_column' });
    expect(headerCodeMessage('odd')).toEqual({ id: 'import.row.other', values: { code: 'odd' } });
  });

  it('words a refusal: the file’s name filled in, shared codes, a code without words named, else Unknown Error', () => {
    expect(describeRefusal(new ApiError(400, 'x', 'invalid_file_name'), 'a/b.csv')).toEqual({ id: 'import.refusal.invalid_file_name', values: { file: 'a/b.csv' } });
    expect(describeRefusal(new ApiError(409, 'x', 'duplicate_file_name'), 'f.csv')).toMatchObject({ id: 'import.refusal.duplicate_file_name' });
    expect(describeRefusal(new ApiError(403, 'x', 'forbidden'), 'f.csv')).toEqual({ id: 'error.api.forbidden' });
    expect(describeRefusal(new ApiError(400, 'x', 'brand_new_code'), 'f.csv')).toEqual({ id: 'import.refusal.other', values: { code: 'brand_new_code' } });
    expect(describeRefusal(new ApiError(500, 'Internal Server Error', undefined), 'f.csv')).toEqual({ id: 'import.unknownError' });
    expect(describeRefusal(new ApiError(500, 'internal error', 'internal_error'), 'f.csv')).toEqual({ id: 'import.unknownError' });
    expect(describeRefusal(new NetworkError(new Error('down')), 'f.csv')).toEqual({ id: 'error.api.network' });
    expect(describeRefusal(new Error('?'), 'f.csv')).toEqual({ id: 'import.unknownError' });
  });
});
