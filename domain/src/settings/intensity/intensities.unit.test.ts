import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import type { IntensityEvent } from '@ghg/events';
import { intensitiesDecider, SUGGESTED_INTENSITIES, type IntensityCommand } from './intensities';

const companyId = 'c1';
type Save = Extract<IntensityCommand, { type: 'SaveIntensity' }>;
const save = (p: Partial<Save> = {}): IntensityCommand => ({ type: 'SaveIntensity', companyId, newId: 'new', name: '売上高', unit: '百万円', ...p });
const added = (id: string, name: string, unit = '百万円'): IntensityEvent => ({ type: 'IntensityAdded', data: { id, companyId, name, unit } });
const remove = (p: Partial<Extract<IntensityCommand, { type: 'RemoveIntensity' }>> = {}): IntensityCommand => ({
  type: 'RemoveIntensity',
  companyId,
  id: 'a',
  managementValues: 0,
  ...p,
});

describe('intensity master decider', () => {
  it('given none, when 売上高 in 百万円 is saved, then IntensityAdded with trimmed text', () => {
    expect(given(intensitiesDecider, []).when(save({ name: ' 売上高 ', unit: ' 百万円' }))).toEqual({ ok: true, events: [added('new', '売上高')] });
  });

  it('given an intensity, when changed by id, then IntensityChanged keeps the id; unchanged appends nothing', () => {
    expect(given(intensitiesDecider, [added('a', '売上高')]).when(save({ id: 'a', unit: '千円', expectedVersion: 0 }))).toEqual({
      ok: true,
      events: [{ type: 'IntensityChanged', data: { id: 'a', companyId, name: '売上高', unit: '千円' } }],
    });
    expect(given(intensitiesDecider, [added('a', '売上高')]).when(save({ id: 'a' }))).toEqual({ ok: true, events: [] });
  });

  it('given an intensity changed since the client read it, when saved with the old version, then version_conflict', () => {
    const history = [added('a', '売上高'), added('b', '輸送量', 'トンキロ'), added('a', '売上高', '千円')];
    expect(given(intensitiesDecider, history).when(save({ id: 'a', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(intensitiesDecider, history).when(remove({ expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
  });

  it.each([
    [{ name: '' }, 'invalid_name'],
    [{ name: 'x'.repeat(101) }, 'invalid_name'],
    [{ unit: ' ' }, 'invalid_unit'],
    [{ unit: 'x'.repeat(51) }, 'invalid_unit'],
    [{ id: 'missing' }, 'intensity_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(intensitiesDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('given 売上高, when another intensity takes that name, then intensity_exists', () => {
    const history = [added('a', '売上高'), added('b', '輸送量', 'トンキロ')];
    expect(given(intensitiesDecider, history).when(save())).toEqual({ ok: false, error: 'intensity_exists' });
    expect(given(intensitiesDecider, history).when(save({ id: 'b' }))).toEqual({ ok: false, error: 'intensity_exists' });
  });

  it('given an intensity, when removed, then IntensityRemoved; with values recorded, intensity_in_use; missing, intensity_not_found', () => {
    expect(given(intensitiesDecider, [added('a', '売上高')]).when(remove())).toEqual({ ok: true, events: [{ type: 'IntensityRemoved', data: { id: 'a', companyId } }] });
    expect(given(intensitiesDecider, [added('a', '売上高')]).when(remove({ managementValues: 2 }))).toEqual({ ok: false, error: 'intensity_in_use' });
    expect(given(intensitiesDecider, []).when(remove())).toEqual({ ok: false, error: 'intensity_not_found' });
  });

  it('suggests bases, revenue in million yen and ton-km among them', () => {
    expect(SUGGESTED_INTENSITIES).toContainEqual({ name: '売上高', unit: '百万円' });
    expect(SUGGESTED_INTENSITIES).toContainEqual({ name: '輸送量', unit: 'トンキロ' });
  });
});
