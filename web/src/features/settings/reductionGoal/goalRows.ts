import type { MessageId } from '@ghg/locales';
import type { ReductionGoal, ReductionGoalSave } from './api';

/** The editable columns of one category's goal, as typed. */
export interface GoalForm {
  targetYear: string;
  targetEmission: string;
  goalEmission: string;
  goalEmissionPercentage: string;
}
export type GoalField = keyof GoalForm;
export type GoalErrors = Partial<Record<GoalField, MessageId>>;

export interface GoalRow {
  goal: ReductionGoal;
  form: GoalForm;
  /** Which of goal emission and reduction % the user typed last: that one is sent, the server derives the other. */
  driver: 'goalEmission' | 'goalEmissionPercentage';
  dirty: boolean;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Reduction from the base year, % to 2 decimals (docs/api.md): 0 without a base. */
export function reductionPercent(targetEmission: number, goalEmission: number): number {
  return targetEmission > 0 ? round(((targetEmission - goalEmission) / targetEmission) * 100, 2) : 0;
}

/** The goal emission a reduction % stands for. */
export function goalForPercent(targetEmission: number, percent: number): number {
  return round(targetEmission * (1 - percent / 100), 6);
}

const NUMBER = /^-?\d+(\.\d+)?$/;
/** A typed number ('1,234.5' allowed); undefined when it is not one. */
export function parseNumber(text: string): number | undefined {
  const clean = text.trim().replace(/,/g, '');
  return NUMBER.test(clean) ? Number(clean) : undefined;
}

export function rowFromGoal(goal: ReductionGoal): GoalRow {
  return {
    goal,
    form: {
      targetYear: goal.targetYear ? String(goal.targetYear) : '',
      targetEmission: String(goal.targetEmission),
      goalEmission: String(goal.goalEmission),
      goalEmissionPercentage: String(goal.goalEmissionPercentage),
    },
    driver: 'goalEmission',
    dirty: false,
  };
}

/** One keystroke: the typed field changes, and the derived one of goal emission / % follows when it can. */
export function editRow(row: GoalRow, field: GoalField, value: string): GoalRow {
  const form = { ...row.form, [field]: value };
  const driver = field === 'goalEmission' || field === 'goalEmissionPercentage' ? field : row.driver;
  const target = parseNumber(form.targetEmission);
  if (target !== undefined) {
    if (driver === 'goalEmission') {
      const goal = parseNumber(form.goalEmission);
      if (goal !== undefined) form.goalEmissionPercentage = String(reductionPercent(target, goal));
    } else {
      const percent = parseNumber(form.goalEmissionPercentage);
      if (percent !== undefined && target > 0) form.goalEmission = String(goalForPercent(target, percent));
    }
  }
  return { ...row, form, driver, dirty: true };
}

/** Checked before sending; the value is what POST /api/reduction-goal takes for this row. */
export function validateRow(row: GoalRow, goalYear: number): { errors: GoalErrors; value?: ReductionGoalSave } {
  const errors: GoalErrors = {};
  const { form } = row;
  const targetYear = form.targetYear.trim() === '' ? 0 : parseNumber(form.targetYear);
  if (targetYear === undefined || (targetYear !== 0 && (!Number.isInteger(targetYear) || targetYear < 1900 || targetYear >= goalYear))) {
    errors.targetYear = 'reductionGoal.invalidBaseYear';
  }
  const amount = (field: GoalField) => {
    if (form[field].trim() === '') {
      errors[field] = 'validation.required';
      return undefined;
    }
    const n = parseNumber(form[field]);
    if (n === undefined || n < 0) errors[field] = 'reductionGoal.invalidEmission';
    return n;
  };
  const targetEmission = amount('targetEmission');
  if (targetYear === 0 && targetEmission !== undefined && targetEmission > 0 && !errors.targetEmission) {
    errors.targetEmission = 'reductionGoal.baseEmissionWithoutYear';
  }
  let goalEmission: number | undefined;
  let percent: number | undefined;
  if (row.driver === 'goalEmission') goalEmission = amount('goalEmission');
  else {
    percent = parseNumber(form.goalEmissionPercentage);
    if (form.goalEmissionPercentage.trim() === '') errors.goalEmissionPercentage = 'validation.required';
    else if (percent === undefined || percent > 100) errors.goalEmissionPercentage = 'reductionGoal.invalidPercentage';
    else if (percent !== 0 && !(targetEmission && targetEmission > 0)) errors.goalEmissionPercentage = 'reductionGoal.percentageNeedsBase';
  }
  if (Object.keys(errors).length > 0 || targetYear === undefined || targetEmission === undefined) return { errors };
  return {
    errors,
    value: {
      ...(row.goal.id ? { id: row.goal.id, expectedVersion: row.goal.version } : {}),
      scopeCategory: row.goal.scopeCategory,
      goalYear,
      targetYear,
      targetEmission,
      ...(row.driver === 'goalEmission' ? { goalEmission } : { goalEmissionPercentage: percent }),
    },
  };
}
