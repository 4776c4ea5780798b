import { z } from 'zod';
import { scopeCategories } from '@ghg/events';
import type { reductionGoalsDecider } from '@ghg/domain';
import { asOfErrors, expectedVersionArg, IdParam, listAsOfQuery, numberArg, optionalId, queryYear, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof reductionGoalsDecider>>()({
  invalid_scope_category: 400,
  invalid_goal_year: 400,
  invalid_target_year: 400,
  invalid_goal_emission: 400,
  invalid_target_emission: 400,
  invalid_goal_percentage: 400,
  inconsistent_goal_percentage: 400,
  reduction_goal_exists: 409,
  reduction_goal_not_found: 404,
});

const optionalNumber = z.preprocess((v) => (v === null || v === '' ? undefined : v), numberArg.optional());

const GoalArgs = z
  .object({
    id: optionalId,
    scopeCategory: textArg,
    goalYear: numberArg,
    goalEmission: optionalNumber,
    goalEmissionPercentage: optionalNumber,
    targetYear: numberArg,
    targetEmission: numberArg,
    expectedVersion: expectedVersionArg,
  })
  .superRefine((goal, ctx) => {
    // The goal is stated as an emission, a percentage of reduction, or both.
    if (goal.goalEmission === undefined && goal.goalEmissionPercentage === undefined) {
      for (const field of ['goalEmission', 'goalEmissionPercentage']) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  });

/** A stored goal, or (id null, version -1, isDefault) one of a year's blank defaults. */
const ReductionGoal = z.strictObject({
  id: z.string().nullable(),
  scopeCategory: z.enum(scopeCategories),
  name: z.string(),
  goalYear: z.number(),
  goalEmission: z.number(),
  targetYear: z.number(),
  targetEmission: z.number(),
  goalEmissionPercentage: z.number(),
  version: z.number(),
  isDefault: z.boolean(),
});

/** Reduction goals, one set per goal year (docs/api.md, "Reduction goals"). */
export const reductionGoalRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/reduction-goal',
    permission: 'company.read',
    summary: "A goal year's goals (its blank defaults while none is stored), or every stored goal (as of a moment with `asOf`)",
    query: z.object({ goalYear: queryYear().optional(), ...listAsOfQuery }),
    response: z.strictObject({ reductionGoals: z.array(ReductionGoal) }),
    errors: asOfErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/reduction-goal',
    permission: 'targets.write',
    summary: "Save goals; each goal year's rows all or nothing. Answers every goal of the posted years",
    body: z.object({ reductionGoals: z.array(GoalArgs).min(1).max(200) }),
    response: z.strictObject({ reductionGoals: z.array(ReductionGoal) }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/reduction-goal/:id',
    permission: 'targets.write',
    summary: 'Delete a goal; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ reductionGoal: ReductionGoal.nullable() }),
    errors,
  }),
};
