import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import type { ReductionGoalEvent } from '@ghg/events';
import {
  DEFAULT_GOAL_CATEGORIES,
  SCOPE_CATEGORIES,
  decideSaveReductionGoals,
  defaultReductionGoals,
  newIdsNeeded,
  reductionGoalsDecider,
  reductionPercentage,
  scopeCategoryName,
  type ReductionGoalCommand,
  type ReductionGoalInput,
} from './reductionGoals';
import { fold } from '../../core/decider';

const companyId = 'c1';
const ids = Array.from({ length: 60 }, (_, i) => `n${i}`);
const save = (...goals: ReductionGoalInput[]): ReductionGoalCommand => ({ type: 'SaveReductionGoals', companyId, goals, newIds: ids });
const row = (p: Partial<ReductionGoalInput> = {}): ReductionGoalInput => ({
  scopeCategory: '1',
  goalYear: 2030,
  goalEmission: 540,
  targetYear: 2013,
  targetEmission: 1000,
  ...p,
});
const added = (id: string, scopeCategory: ReductionGoalInput['scopeCategory'], goalYear: number, p: Record<string, number> = {}): ReductionGoalEvent => ({
  type: 'ReductionGoalAdded',
  data: { id, companyId, scopeCategory: scopeCategory as '1', goalYear, goalEmission: 0, targetYear: 0, targetEmission: 0, goalEmissionPercentage: 0, ...p },
});
/** A year that already has its set, so saves in it add no defaults. */
const year2030 = DEFAULT_GOAL_CATEGORIES.map((c, i) => added(`g${i}`, c, 2030));

describe('scope categories and the default goal set', () => {
  it('has keys 1, 2, 3 and 31 to 315; the default set is 17 blank goals named スコープ1 … スコープ3カテゴリ15', () => {
    expect(SCOPE_CATEGORIES).toEqual(['1', '2', '3', ...Array.from({ length: 15 }, (_, i) => `3${i + 1}`)]);
    const defaults = defaultReductionGoals(2030);
    expect(defaults).toHaveLength(17);
    expect(defaults.map((d) => d.name)).toEqual(['スコープ1', 'スコープ2', ...Array.from({ length: 15 }, (_, i) => `スコープ3カテゴリ${i + 1}`)]);
    expect(defaults.every((d) => d.goalYear === 2030 && d.goalEmission === 0 && d.targetYear === 0 && d.targetEmission === 0 && d.goalEmissionPercentage === 0)).toBe(true);
    expect(scopeCategoryName('3')).toBe('スコープ3');
  });
});

describe('reduction goal decider', () => {
  it('given no goals for 2030, when one goal is saved, then it is added and the other 16 defaults are created', () => {
    const result = given(reductionGoalsDecider, []).when(save(row()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.events).toHaveLength(17);
    expect(result.events[0]).toEqual({
      type: 'ReductionGoalAdded',
      data: { id: 'n0', companyId, scopeCategory: '1', goalYear: 2030, goalEmission: 540, targetYear: 2013, targetEmission: 1000, goalEmissionPercentage: 46 },
    });
    expect(result.events.slice(1).map((e) => (e.data as { scopeCategory: string }).scopeCategory)).toEqual(DEFAULT_GOAL_CATEGORIES.filter((c) => c !== '1'));
    expect(result.events.slice(1).every((e) => e.type === 'ReductionGoalAdded' && e.data.goalEmission === 0)).toBe(true);
  });

  it('given the year has its set, when a goal without id is saved for a taken category, then reduction_goal_exists', () => {
    expect(given(reductionGoalsDecider, year2030).when(save(row()))).toEqual({ ok: false, error: 'reduction_goal_exists' });
  });

  it('given the year has its set, when scope 3 as a whole is added, then only that goal is added', () => {
    expect(given(reductionGoalsDecider, year2030).when(save(row({ scopeCategory: '3' })))).toEqual({
      ok: true,
      events: [{ type: 'ReductionGoalAdded', data: expect.objectContaining({ id: 'n0', scopeCategory: '3', goalEmissionPercentage: 46 }) }],
    });
  });

  it('given a goal at revision 0, when changed by id, then ReductionGoalChanged keeps the id; unchanged rows append nothing', () => {
    const history = [added('a', '1', 2030)];
    const result = given(reductionGoalsDecider, history).when(save(row({ id: 'a', expectedVersion: 0 })));
    expect(result).toEqual({
      ok: true,
      events: [{ type: 'ReductionGoalChanged', data: { id: 'a', companyId, scopeCategory: '1', goalYear: 2030, goalEmission: 540, targetYear: 2013, targetEmission: 1000, goalEmissionPercentage: 46 } }],
    });
    const blank = { id: 'a', scopeCategory: '1', goalYear: 2030, goalEmission: 0, targetYear: 0, targetEmission: 0 };
    expect(given(reductionGoalsDecider, history).when(save(blank))).toEqual({ ok: true, events: [] });
  });

  it('given a goal changed after the client read it, when saved with the old version, then version_conflict', () => {
    const history = [added('a', '1', 2030), added('b', '2', 2030), added('a', '1', 2030, { goalEmission: 5 })];
    expect(given(reductionGoalsDecider, history).when(save(row({ id: 'a', expectedVersion: 0 })))).toEqual({ ok: false, error: 'version_conflict' });
    // Another goal's change (b, revision 1) does not make a's version stale.
    expect(given(reductionGoalsDecider, history).when(save(row({ id: 'a', expectedVersion: 2 }))).ok).toBe(true);
  });

  it('derives the percentage from the goal emission, and the goal emission from the percentage', () => {
    const fromPercent = given(reductionGoalsDecider, year2030).when(save(row({ scopeCategory: '3', goalEmission: undefined, goalEmissionPercentage: 46 })));
    expect(fromPercent.ok && fromPercent.events[0]!.data).toMatchObject({ goalEmission: 540, goalEmissionPercentage: 46 });
    const both = given(reductionGoalsDecider, year2030).when(save(row({ scopeCategory: '3', goalEmission: 333, goalEmissionPercentage: 66.7 })));
    expect(both.ok && both.events[0]!.data).toMatchObject({ goalEmission: 333, goalEmissionPercentage: 66.7 });
    const increase = given(reductionGoalsDecider, year2030).when(save(row({ scopeCategory: '3', goalEmission: 1100 })));
    expect(increase.ok && increase.events[0]!.data).toMatchObject({ goalEmissionPercentage: -10 });
    expect(reductionPercentage(1, 3)).toBe(66.67);
    expect(reductionPercentage(5, 0)).toBe(0);
  });

  it.each([
    [{ scopeCategory: '4' }, 'invalid_scope_category'],
    [{ scopeCategory: '316' }, 'invalid_scope_category'],
    [{ goalYear: 20300 }, 'invalid_goal_year'],
    [{ goalYear: 2030.5 }, 'invalid_goal_year'],
    [{ targetYear: 2030 }, 'invalid_target_year'],
    [{ targetYear: 2031 }, 'invalid_target_year'],
    [{ targetYear: 0, targetEmission: 100 }, 'invalid_target_year'],
    [{ targetEmission: -1 }, 'invalid_target_emission'],
    [{ goalEmission: -1 }, 'invalid_goal_emission'],
    [{ goalEmission: Number.NaN }, 'invalid_goal_emission'],
    [{ goalEmission: undefined, goalEmissionPercentage: undefined }, 'invalid_goal_emission'],
    [{ goalEmission: undefined, goalEmissionPercentage: 120 }, 'invalid_goal_percentage'],
    [{ goalEmission: undefined, goalEmissionPercentage: Number.POSITIVE_INFINITY }, 'invalid_goal_percentage'],
    [{ goalEmission: 540, goalEmissionPercentage: 40 }, 'inconsistent_goal_percentage'],
    [{ targetYear: 0, targetEmission: 0, goalEmission: 10, goalEmissionPercentage: 5 }, 'inconsistent_goal_percentage'],
    [{ id: 'missing' }, 'reduction_goal_not_found'],
  ] as const)('when a row %o is saved, then %s', (patch, error) => {
    expect(given(reductionGoalsDecider, year2030).when(save(row({ scopeCategory: '3', ...patch })))).toEqual({ ok: false, error });
  });

  it('refuses the whole save when one row fails, naming the row, and refuses two rows for the same year and category', () => {
    const result = decideSaveReductionGoals(
      { type: 'SaveReductionGoals', companyId, newIds: ids, goals: [row({ scopeCategory: '3' }), row({ scopeCategory: '31', targetEmission: -5 })] },
      fold(reductionGoalsDecider, year2030),
    );
    expect(result).toEqual({ ok: false, error: 'invalid_target_emission', index: 1 });
    expect(given(reductionGoalsDecider, []).when(save(row(), row()))).toEqual({ ok: false, error: 'reduction_goal_exists' });
  });

  it('moving a goal onto a taken year and category is reduction_goal_exists', () => {
    const history = [...year2030, added('x', '1', 2031)];
    expect(given(reductionGoalsDecider, history).when(save(row({ id: 'x', goalYear: 2030 })))).toEqual({ ok: false, error: 'reduction_goal_exists' });
  });

  it('asks for enough new ids: one per row and a default set per year', () => {
    expect(newIdsNeeded([row(), row({ goalYear: 2031 }), row({ scopeCategory: '2' })])).toBe(3 + 2 * 17);
  });

  it('given a goal, when removed, then ReductionGoalRemoved; a missing one is reduction_goal_not_found; a stale version is version_conflict', () => {
    const history = [added('a', '1', 2030)];
    expect(given(reductionGoalsDecider, history).when({ type: 'RemoveReductionGoal', companyId, id: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'ReductionGoalRemoved', data: { id: 'a', companyId } }],
    });
    expect(given(reductionGoalsDecider, []).when({ type: 'RemoveReductionGoal', companyId, id: 'a' })).toEqual({ ok: false, error: 'reduction_goal_not_found' });
    expect(given(reductionGoalsDecider, [...history, added('a', '1', 2030, { goalEmission: 1 })]).when({ type: 'RemoveReductionGoal', companyId, id: 'a', expectedVersion: 0 })).toEqual({
      ok: false,
      error: 'version_conflict',
    });
  });
});
