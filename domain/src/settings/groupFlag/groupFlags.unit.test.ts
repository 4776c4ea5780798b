import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import type { GroupFlagEvent } from '@ghg/events';
import { groupFlagsDecider, type GroupFlagCommand } from './groupFlags';

const companyId = 'c1';
type Save = Extract<GroupFlagCommand, { type: 'SaveGroupFlag' }>;
const save = (p: Partial<Save> = {}): GroupFlagCommand => ({
  type: 'SaveGroupFlag',
  companyId,
  newId: 'new',
  name: '国内工場',
  existingSectionIds: ['s1', 's2', 's3'],
  ...p,
});
const created = (id: string, name: string, sectionIds: string[] = []): GroupFlagEvent => ({ type: 'GroupFlagCreated', data: { id, companyId, name, sectionIds } });

describe('group flag decider', () => {
  it('given no flags, when one is created with sections, then GroupFlagCreated with a trimmed name and no duplicate sections', () => {
    expect(given(groupFlagsDecider, []).when(save({ name: ' 国内工場 ', sectionIds: ['s1', 's2', 's1'] }))).toEqual({
      ok: true,
      events: [created('new', '国内工場', ['s1', 's2'])],
    });
    expect(given(groupFlagsDecider, []).when(save())).toEqual({ ok: true, events: [created('new', '国内工場')] });
  });

  it('given a flag, when renamed, then GroupFlagRenamed only; its sections stay', () => {
    expect(given(groupFlagsDecider, [created('f', '国内工場', ['s1'])]).when(save({ id: 'f', name: '国内拠点', expectedVersion: 0 }))).toEqual({
      ok: true,
      events: [{ type: 'GroupFlagRenamed', data: { id: 'f', companyId, name: '国内拠点' } }],
    });
  });

  it('given a flag, when its sections are set, then GroupFlagSectionsSet with the whole list; the same set in another order is no change', () => {
    const history = [created('f', '国内工場', ['s1', 's2'])];
    expect(given(groupFlagsDecider, history).when(save({ id: 'f', sectionIds: ['s3'] }))).toEqual({
      ok: true,
      events: [{ type: 'GroupFlagSectionsSet', data: { id: 'f', companyId, sectionIds: ['s3'] } }],
    });
    expect(given(groupFlagsDecider, history).when(save({ id: 'f', sectionIds: ['s2', 's1'] }))).toEqual({ ok: true, events: [] });
    expect(given(groupFlagsDecider, history).when(save({ id: 'f', name: '別名', sectionIds: [] }))).toEqual({
      ok: true,
      events: [
        { type: 'GroupFlagRenamed', data: { id: 'f', companyId, name: '別名' } },
        { type: 'GroupFlagSectionsSet', data: { id: 'f', companyId, sectionIds: [] } },
      ],
    });
  });

  it('given a section that is not one of the company, when registered, then unknown_section', () => {
    expect(given(groupFlagsDecider, []).when(save({ sectionIds: ['s1', 'elsewhere'] }))).toEqual({ ok: false, error: 'unknown_section' });
  });

  it('keeping the sections untouched does not re-check them (a rename never fails on sections)', () => {
    expect(given(groupFlagsDecider, [created('f', 'A', ['s1'])]).when(save({ id: 'f', name: 'B', existingSectionIds: [] })).ok).toBe(true);
  });

  it.each([
    [{ name: '  ' }, 'invalid_name'],
    [{ name: 'x'.repeat(101) }, 'invalid_name'],
    [{ id: 'missing' }, 'group_flag_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(groupFlagsDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('given a flag named 国内工場, when another flag takes that name, then group_flag_exists', () => {
    const history = [created('f', '国内工場'), created('g', '海外工場')];
    expect(given(groupFlagsDecider, history).when(save())).toEqual({ ok: false, error: 'group_flag_exists' });
    expect(given(groupFlagsDecider, history).when(save({ id: 'g' }))).toEqual({ ok: false, error: 'group_flag_exists' });
  });

  it('given a flag changed after the client read it, when saved or deleted with the old version, then version_conflict', () => {
    const history = [created('f', 'A'), created('g', 'B'), { type: 'GroupFlagRenamed', data: { id: 'f', companyId, name: 'A2' } } as GroupFlagEvent];
    expect(given(groupFlagsDecider, history).when(save({ id: 'f', name: 'A3', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(groupFlagsDecider, history).when(save({ id: 'f', name: 'A3', expectedVersion: 2 })).ok).toBe(true);
    expect(given(groupFlagsDecider, history).when({ type: 'DeleteGroupFlag', companyId, id: 'f', expectedVersion: 0 })).toEqual({ ok: false, error: 'version_conflict' });
  });

  it('given a flag, when deleted, then GroupFlagDeleted; a missing one is group_flag_not_found', () => {
    expect(given(groupFlagsDecider, [created('f', 'A')]).when({ type: 'DeleteGroupFlag', companyId, id: 'f' })).toEqual({
      ok: true,
      events: [{ type: 'GroupFlagDeleted', data: { id: 'f', companyId } }],
    });
    expect(given(groupFlagsDecider, [created('f', 'A'), { type: 'GroupFlagDeleted', data: { id: 'f', companyId } } as GroupFlagEvent]).when({ type: 'DeleteGroupFlag', companyId, id: 'f' })).toEqual({
      ok: false,
      error: 'group_flag_not_found',
    });
  });
});
