import { describe, expect, it } from 'vitest';
import type { ReductionGoal } from './api';
import { editRow, goalForPercent, reductionPercent, rowFromGoal, validateRow } from './goalRows';

const blank: ReductionGoal = {
  id: null,
  scopeCategory: '1',
  name: 'スコープ1',
  goalYear: 2030,
  goalEmission: 0,
  targetYear: 0,
  targetEmission: 0,
  goalEmissionPercentage: 0,
  version: -1,
  isDefault: true,
};

describe('reduction-goal rows', () => {
  it('computes the reduction from the base year both ways', () => {
    expect(reductionPercent(1000, 540)).toBe(46);
    expect(reductionPercent(3, 2)).toBe(33.33);
    expect(reductionPercent(100, 120)).toBe(-20);
    expect(reductionPercent(0, 50)).toBe(0);
    expect(goalForPercent(1000, 46)).toBe(540);
  });

  it('derives % from a typed goal emission and the goal emission from a typed %', () => {
    let row = rowFromGoal(blank);
    expect(row.form.targetYear).toBe('');
    row = editRow(row, 'targetYear', '2013');
    row = editRow(row, 'targetEmission', '1,200');
    row = editRow(row, 'goalEmission', '900');
    expect(row.form.goalEmissionPercentage).toBe('25');
    expect(row.dirty).toBe(true);
    row = editRow(row, 'goalEmissionPercentage', '50');
    expect(row.form.goalEmission).toBe('600');
    expect(row.driver).toBe('goalEmissionPercentage');
  });

  it('sends the typed one of goal emission and %, with id and version of a stored goal', () => {
    const stored = rowFromGoal({ ...blank, id: 'g1', version: 4, isDefault: false });
    const byEmission = editRow(editRow(editRow(stored, 'targetYear', '2013'), 'targetEmission', '1000'), 'goalEmission', '700');
    expect(validateRow(byEmission, 2030)).toEqual({
      errors: {},
      value: { id: 'g1', expectedVersion: 4, scopeCategory: '1', goalYear: 2030, targetYear: 2013, targetEmission: 1000, goalEmission: 700 },
    });
    const byPercent = editRow(byEmission, 'goalEmissionPercentage', '40');
    expect(validateRow(byPercent, 2030).value).toMatchObject({ goalEmissionPercentage: 40 });
    expect(validateRow(byPercent, 2030).value).not.toHaveProperty('goalEmission');
    expect(validateRow(editRow(rowFromGoal(blank), 'goalEmission', '5'), 2030).value).not.toHaveProperty('id');
  });

  it('names the field that is wrong', () => {
    const e = (changes: Record<string, string>) =>
      validateRow(
        Object.entries(changes).reduce((row, [k, v]) => editRow(row, k as 'targetYear', v), rowFromGoal(blank)),
        2030,
      ).errors;
    expect(e({ targetYear: '2031' }).targetYear).toBe('reductionGoal.invalidBaseYear');
    expect(e({ targetYear: '20x3' }).targetYear).toBe('reductionGoal.invalidBaseYear');
    expect(e({ targetEmission: '500' }).targetEmission).toBe('reductionGoal.baseEmissionWithoutYear');
    expect(e({ targetYear: '2013', targetEmission: '-1' }).targetEmission).toBe('reductionGoal.invalidEmission');
    expect(e({ goalEmission: '' }).goalEmission).toBe('validation.required');
    expect(e({ goalEmissionPercentage: '10' }).goalEmissionPercentage).toBe('reductionGoal.percentageNeedsBase');
    expect(e({ targetYear: '2013', targetEmission: '10', goalEmissionPercentage: '120' }).goalEmissionPercentage).toBe('reductionGoal.invalidPercentage');
  });
});
