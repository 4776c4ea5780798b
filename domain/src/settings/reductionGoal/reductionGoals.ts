import { accept, reject, type Decider } from '../../core/decider';
import { scopeCategories, type ReductionGoalEvent, type ScopeCategory, LIMITS } from '@ghg/events';
import { isQuantity, isYear } from '../settingsValues';

/**
 * One stream per company and goal year: a year's goals (one per category, 17 at most) are one
 * aggregate, so "one goal per year and category" is checked atomically within it.
 */
export const reductionGoalsStreamId = (companyId: string, goalYear: number) => `reductionGoals-${companyId}-${goalYear}`;
/** Before one stream per entity, all of a company's goals were in `reductionGoals-<companyId>` (see the stream migration). */
export const legacyReductionGoalsStreamId = (companyId: string) => `reductionGoals-${companyId}`;

/** Scope-category keys 1, 2, 3 and 31 … 315; defined once in the event contracts. */
export const SCOPE_CATEGORIES: readonly ScopeCategory[] = scopeCategories;

export const isScopeCategory = (key: string): key is ScopeCategory => (SCOPE_CATEGORIES as readonly string[]).includes(key);

/** The categories of the default goal set: scope 1, scope 2, scope 3 categories 1 to 15. */
export const DEFAULT_GOAL_CATEGORIES: readonly ScopeCategory[] = SCOPE_CATEGORIES.filter((c) => c !== '3');

/** スコープ1, スコープ2, スコープ3, スコープ3カテゴリ1 … スコープ3カテゴリ15. */
export function scopeCategoryName(category: ScopeCategory): string {
  if (category.length === 1) return `スコープ${category}`;
  return `スコープ3カテゴリ${category.slice(1)}`;
}

export interface ReductionGoalValues {
  scopeCategory: ScopeCategory;
  goalYear: number;
  /** t-CO2e aimed at in the goal year. */
  goalEmission: number;
  /** Base year (0: not set). */
  targetYear: number;
  /** Base-year emission, t-CO2e. */
  targetEmission: number;
  /** Reduction from the base-year emission, percent. */
  goalEmissionPercentage: number;
}

export interface ReductionGoal extends ReductionGoalValues {
  id: string;
  /** Stream revision of the goal's last change: its optimistic-concurrency version. */
  version: number;
}

/** The blank set a year starts with: one goal per default category, all values 0. */
export function defaultReductionGoals(goalYear: number): (ReductionGoalValues & { name: string })[] {
  return DEFAULT_GOAL_CATEGORIES.map((scopeCategory) => ({
    scopeCategory,
    name: scopeCategoryName(scopeCategory),
    goalYear,
    goalEmission: 0,
    targetYear: 0,
    targetEmission: 0,
    goalEmissionPercentage: 0,
  }));
}

export interface ReductionGoalsState {
  goals: ReadonlyMap<string, ReductionGoal>;
}

/** One row of a save: either goalEmission or goalEmissionPercentage (or both, consistent). */
export interface ReductionGoalInput {
  /** Absent: a new goal. */
  id?: string;
  scopeCategory: string;
  goalYear: number;
  goalEmission?: number;
  goalEmissionPercentage?: number;
  targetYear: number;
  targetEmission: number;
  expectedVersion?: number;
}

export type ReductionGoalCommand =
  | {
      type: 'SaveReductionGoals';
      companyId: string;
      goals: readonly ReductionGoalInput[];
      /** Ids for new goals, used in order: rows without id first, then the year's default goals. */
      newIds: readonly string[];
    }
  | { type: 'RemoveReductionGoal'; companyId: string; id: string; expectedVersion?: number };

export type ReductionGoalError =
  | 'invalid_scope_category'
  | 'invalid_goal_year'
  | 'invalid_target_year'
  | 'invalid_goal_emission'
  | 'invalid_target_emission'
  | 'invalid_goal_percentage'
  | 'inconsistent_goal_percentage'
  | 'reduction_goal_exists'
  | 'reduction_goal_not_found'
  | 'version_conflict';

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** Percentage points two ways of stating the goal may differ by (client rounding). */
export const GOAL_PERCENTAGE_TOLERANCE = 0.01;

/**
 * Reduction percentage of a goal against its base: (base − goal) / base × 100, to 2 decimals.
 * A base of 0 has no reduction to speak of: 0.
 */
export function reductionPercentage(goalEmission: number, baseEmission: number): number {
  return baseEmission > 0 ? round(((baseEmission - goalEmission) / baseEmission) * 100, 2) : 0;
}

/** Checks one row and fills the side that was left out; the values to store, or the error. */
export function resolveGoalValues(input: ReductionGoalInput): ReductionGoalValues | ReductionGoalError {
  const category = String(input.scopeCategory).trim();
  if (!isScopeCategory(category)) return 'invalid_scope_category';
  if (!isYear(input.goalYear)) return 'invalid_goal_year';
  if (input.targetYear !== 0 && (!isYear(input.targetYear) || input.targetYear >= input.goalYear)) return 'invalid_target_year';
  if (!isQuantity(input.targetEmission)) return 'invalid_target_emission';
  // A base-year emission needs its base year.
  if (input.targetYear === 0 && input.targetEmission !== 0) return 'invalid_target_year';
  const given = input.goalEmission;
  const percent = input.goalEmissionPercentage;
  if (given !== undefined && !isQuantity(given)) return 'invalid_goal_emission';
  if (percent !== undefined && !(Number.isFinite(percent) && Math.abs(percent) <= LIMITS.maxQuantity)) return 'invalid_goal_percentage';
  if (given === undefined && percent === undefined) return 'invalid_goal_emission';
  const base = input.targetEmission;
  let goalEmission: number;
  let goalEmissionPercentage: number;
  if (base === 0) {
    // Nothing to reduce from: only 0 % is meaningful.
    if (percent !== undefined && percent !== 0) return 'inconsistent_goal_percentage';
    goalEmission = given ?? 0;
    goalEmissionPercentage = 0;
  } else if (given === undefined) {
    if (percent! > 100) return 'invalid_goal_percentage';
    goalEmission = round(base * (1 - percent! / 100), 6);
    goalEmissionPercentage = round(percent!, 2);
  } else {
    goalEmission = given;
    goalEmissionPercentage = reductionPercentage(given, base);
    if (percent !== undefined && Math.abs(goalEmissionPercentage - percent) > GOAL_PERCENTAGE_TOLERANCE) {
      return 'inconsistent_goal_percentage';
    }
  }
  return { scopeCategory: category, goalYear: input.goalYear, goalEmission, targetYear: input.targetYear, targetEmission: base, goalEmissionPercentage };
}

const sameValues = (a: ReductionGoalValues, b: ReductionGoalValues) =>
  a.scopeCategory === b.scopeCategory &&
  a.goalYear === b.goalYear &&
  a.goalEmission === b.goalEmission &&
  a.targetYear === b.targetYear &&
  a.targetEmission === b.targetEmission &&
  a.goalEmissionPercentage === b.goalEmissionPercentage;

type SaveCommand = Extract<ReductionGoalCommand, { type: 'SaveReductionGoals' }>;

/**
 * The save, with the index of the row that was refused. The rows are applied in order, all or
 * nothing; a year that had no goals before the save gets the rest of its default set.
 */
export function decideSaveReductionGoals(
  command: SaveCommand,
  state: ReductionGoalsState,
): { ok: true; events: ReductionGoalEvent[] } | { ok: false; error: ReductionGoalError; index: number } {
  const goals = new Map(state.goals);
  const yearsBefore = new Set([...state.goals.values()].map((g) => g.goalYear));
  const events: ReductionGoalEvent[] = [];
  let nextId = 0;
  const takeId = () => {
    const id = command.newIds[nextId++];
    if (id === undefined) throw new Error('SaveReductionGoals: not enough new ids');
    return id;
  };
  const refuse = (error: ReductionGoalError, index: number) => ({ ok: false as const, error, index });

  for (const [index, input] of command.goals.entries()) {
    const values = resolveGoalValues(input);
    if (typeof values === 'string') return refuse(values, index);
    const existing = input.id === undefined ? undefined : goals.get(input.id);
    if (input.id !== undefined && !existing) return refuse('reduction_goal_not_found', index);
    if (existing && input.expectedVersion !== undefined && input.expectedVersion !== existing.version) {
      return refuse('version_conflict', index);
    }
    const id = existing?.id ?? takeId();
    for (const g of goals.values()) {
      if (g.id !== id && g.goalYear === values.goalYear && g.scopeCategory === values.scopeCategory) {
        return refuse('reduction_goal_exists', index);
      }
    }
    if (existing && sameValues(existing, values)) continue;
    const data = { id, companyId: command.companyId, ...values };
    events.push({ type: existing ? 'ReductionGoalChanged' : 'ReductionGoalAdded', data });
    goals.set(id, { id, ...values, version: existing?.version ?? -1 });
  }

  // Reduction goals are auto-created for a year when none exist.
  const newYears = [...new Set(command.goals.map((g) => g.goalYear))].filter((y) => !yearsBefore.has(y));
  for (const year of newYears) {
    for (const blank of defaultReductionGoals(year)) {
      const taken = [...goals.values()].some((g) => g.goalYear === year && g.scopeCategory === blank.scopeCategory);
      if (taken) continue;
      const { name: _name, ...values } = blank;
      const id = takeId();
      events.push({ type: 'ReductionGoalAdded', data: { id, companyId: command.companyId, ...values } });
      goals.set(id, { id, ...values, version: -1 });
    }
  }
  return { ok: true, events };
}

/** How many new ids a save may need: one per row plus a default set per year. */
export const newIdsNeeded = (goals: readonly ReductionGoalInput[]) =>
  goals.length + new Set(goals.map((g) => g.goalYear)).size * DEFAULT_GOAL_CATEGORIES.length;

export const reductionGoalsDecider: Decider<ReductionGoalCommand, ReductionGoalEvent, ReductionGoalsState, ReductionGoalError> = {
  eventTypes: { ReductionGoalAdded: true, ReductionGoalChanged: true, ReductionGoalRemoved: true },
  initialState: () => ({ goals: new Map() }),
  evolve: (state, event, revision) => {
    const goals = new Map(state.goals);
    if (event.type === 'ReductionGoalRemoved') goals.delete(event.data.id);
    else {
      const { companyId: _companyId, ...goal } = event.data;
      goals.set(goal.id, { ...goal, version: revision });
    }
    return { goals };
  },
  decide: (command, state) => {
    if (command.type === 'RemoveReductionGoal') {
      const existing = state.goals.get(command.id);
      if (!existing) return reject('reduction_goal_not_found');
      if (command.expectedVersion !== undefined && command.expectedVersion !== existing.version) return reject('version_conflict');
      return accept({ type: 'ReductionGoalRemoved', data: { id: command.id, companyId: command.companyId } });
    }
    const decision = decideSaveReductionGoals(command, state);
    return decision.ok ? accept(...decision.events) : reject(decision.error);
  },
};
