import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/api/client';
import { rowErrors } from './uploadErrors';

describe('rowErrors', () => {
  it('given a refused table, when read, then every row error comes back in file order', () => {
    const error = new ApiError(400, 'invalid factor table', 'invalid_factor_table', ['value', 'unit'], {
      errors: [
        { row: 4, field: 'unit', code: 'invalid_unit' },
        { row: 2, field: 'value', code: 'negative_value' },
        { row: 1, field: null, code: 'missing_column' },
      ],
    });
    expect(rowErrors(error)).toEqual([
      { row: 1, field: null, code: 'missing_column' },
      { row: 2, field: 'value', code: 'negative_value' },
      { row: 4, field: 'unit', code: 'invalid_unit' },
    ]);
  });

  it('given any other error, when read, then there are no row errors', () => {
    expect(rowErrors(new Error('x'))).toEqual([]);
    expect(rowErrors(new ApiError(409, 'version conflict', 'version_conflict'))).toEqual([]);
  });
});

