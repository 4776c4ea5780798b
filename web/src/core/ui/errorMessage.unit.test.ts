import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/client';
import { describeError, errorFields, refusedFields } from './errorMessage';

describe('API error text', () => {
  it('translates shared codes, a feature code before them, and falls back to the message', () => {
    expect(describeError(new ApiError(409, 'conflict', 'version_conflict'))).toEqual({ id: 'error.api.versionConflict' });
    expect(describeError(new ApiError(409, 'x', 'offset_serial_overlap'), { offset_serial_overlap: 'offset.error.serialOverlap' })).toEqual({ id: 'offset.error.serialOverlap' });
    expect(describeError(new ApiError(400, 'plain words', 'unknown_code'))).toEqual({ text: 'plain words' });
    expect(describeError(new NetworkError('down'))).toEqual({ id: 'error.api.network' });
  });

  it('lists the fields a refusal names, under a prefix, plus the field of a rule code', () => {
    const invalid = new ApiError(400, 'invalid args', 'invalid_args', ['reductionGoals.3.goalEmission', 'other']);
    expect(errorFields(invalid, 'reductionGoals.')).toEqual(['3.goalEmission']);
    expect(errorFields(new ApiError(400, 'bad date', 'invalid_date'), '', { invalid_date: 'periodFrom' })).toEqual(['periodFrom']);
    expect(errorFields(new ApiError(500, 'boom', undefined, ['x']))).toEqual([]);
    expect(errorFields(new Error('x'))).toEqual([]);
  });

  it('marks only the fields a form has', () => {
    const form = { name: '', unit: '' };
    expect(refusedFields(new ApiError(400, 'invalid args', 'invalid_args', ['unit', 'other']), form, 'validation.required')).toEqual({ unit: 'validation.required' });
    expect(refusedFields(new ApiError(409, 'exists', 'intensity_exists'), form, 'validation.required', { intensity_exists: 'name' })).toEqual({ name: 'validation.required' });
  });
});
