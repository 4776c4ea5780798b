import { describe, expect, it } from 'vitest';
import { fold, given } from '../../core/decider';
import type { ManagementIntensityEvent } from '@ghg/events';
import { managementIntensitiesDecider, valuesOfIntensity, type ManagementIntensityCommand } from './managementIntensities';

const companyId = 'c1';
type Save = Extract<ManagementIntensityCommand, { type: 'SaveManagementIntensity' }>;
const save = (p: Partial<Save> = {}): ManagementIntensityCommand => ({
  type: 'SaveManagementIntensity',
  companyId,
  newId: 'new',
  intensityId: 'i1',
  fiscalYear: 2025,
  value: 12_500,
  intensityExists: true,
  ...p,
});
const added = (id: string, intensityId: string, fiscalYear: number, value = 100): ManagementIntensityEvent => ({
  type: 'ManagementIntensityAdded',
  data: { id, companyId, intensityId, fiscalYear, value },
});

describe('management intensity decider', () => {
  it('given none, when 売上高 2025 is saved, then ManagementIntensityAdded', () => {
    expect(given(managementIntensitiesDecider, []).when(save())).toEqual({ ok: true, events: [added('new', 'i1', 2025, 12_500)] });
  });

  it('given a value, when changed by id, then ManagementIntensityChanged keeps the id; unchanged appends nothing', () => {
    expect(given(managementIntensitiesDecider, [added('a', 'i1', 2025)]).when(save({ id: 'a', value: 130, expectedVersion: 0 }))).toEqual({
      ok: true,
      events: [{ type: 'ManagementIntensityChanged', data: { id: 'a', companyId, intensityId: 'i1', fiscalYear: 2025, value: 130 } }],
    });
    expect(given(managementIntensitiesDecider, [added('a', 'i1', 2025)]).when(save({ id: 'a', value: 100 }))).toEqual({ ok: true, events: [] });
  });

  it('given a value for 売上高 2025, when another is added for the same intensity and year, then management_intensity_exists', () => {
    const history = [added('a', 'i1', 2025)];
    expect(given(managementIntensitiesDecider, history).when(save())).toEqual({ ok: false, error: 'management_intensity_exists' });
    expect(given(managementIntensitiesDecider, history).when(save({ fiscalYear: 2024 })).ok).toBe(true);
    expect(given(managementIntensitiesDecider, history).when(save({ intensityId: 'i2' })).ok).toBe(true);
  });

  it('given a value changed since the client read it, when saved with the old version, then version_conflict', () => {
    const history = [added('a', 'i1', 2025), added('b', 'i1', 2024), added('a', 'i1', 2025, 110)];
    expect(given(managementIntensitiesDecider, history).when(save({ id: 'a', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(managementIntensitiesDecider, history).when(save({ id: 'a', expectedVersion: 2 })).ok).toBe(true);
  });

  it.each([
    [{ intensityExists: false }, 'unknown_intensity'],
    [{ fiscalYear: 1800 }, 'invalid_fiscal_year'],
    [{ fiscalYear: 2025.5 }, 'invalid_fiscal_year'],
    [{ value: 0 }, 'invalid_value'],
    [{ value: -10 }, 'invalid_value'],
    [{ value: Number.POSITIVE_INFINITY }, 'invalid_value'],
    [{ id: 'missing' }, 'management_intensity_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(managementIntensitiesDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('given a value, when removed, then ManagementIntensityRemoved; a missing one is management_intensity_not_found', () => {
    expect(given(managementIntensitiesDecider, [added('a', 'i1', 2025)]).when({ type: 'RemoveManagementIntensity', companyId, id: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'ManagementIntensityRemoved', data: { id: 'a', companyId } }],
    });
    expect(given(managementIntensitiesDecider, []).when({ type: 'RemoveManagementIntensity', companyId, id: 'a' })).toEqual({ ok: false, error: 'management_intensity_not_found' });
    expect(given(managementIntensitiesDecider, [added('a', 'i1', 2025)]).when({ type: 'RemoveManagementIntensity', companyId, id: 'a', expectedVersion: 4 })).toEqual({ ok: false, error: 'version_conflict' });
  });

  it('counts the values recorded against an intensity', () => {
    const state = fold(managementIntensitiesDecider, [added('a', 'i1', 2025), added('b', 'i1', 2024), added('c', 'i2', 2025)]);
    expect(valuesOfIntensity(state, 'i1')).toBe(2);
    expect(valuesOfIntensity(state, 'i3')).toBe(0);
  });
});
