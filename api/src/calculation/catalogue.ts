import { z } from 'zod';
import { Labels, queryText } from '../core/args';
import { defineRoute, noErrors } from '../core/contract';

const FormulaField = z.strictObject({
  key: z.string(),
  type: z.string(),
  label: Labels,
  required: z.boolean(),
  unit: z.string().optional(),
  quantityLabel: Labels.optional(),
  dealMapping: z.enum(['item', 'client', 'count', 'amount']).optional(),
  options: z.array(z.string()).optional(),
  /** Each option's labels (null: none). */
  optionLabels: z.record(z.string(), Labels.nullable()).optional(),
  default: z.union([z.number(), z.string()]).optional(),
});

/** GWP sets and the formula catalogue (docs/api.md, "Factor library"; docs/calculation.md). */
export const catalogueRoutes = {
  gwpSets: defineRoute({
    method: 'GET',
    url: '/api/gwp-sets',
    permission: 'company.read',
    summary: 'The GWP sets and the shipped refrigerant blends',
    response: z.strictObject({
      gwpSets: z.array(
        z.strictObject({
          id: z.string(),
          version: z.string(),
          title: Labels,
          publisher: z.string(),
          year: z.number(),
          citation: z.string(),
          licence: z.string(),
          values: z.record(z.string(), z.strictObject({ value: z.number(), confirmed: z.boolean(), note: z.string().optional() })),
        }),
      ),
      blends: z.array(
        z.strictObject({
          id: z.string(),
          label: Labels,
          components: z.array(z.strictObject({ gas: z.string(), massFraction: z.number() })),
          source: z.string(),
        }),
      ),
    }),
    errors: noErrors,
  }),
  formulas: defineRoute({
    method: 'GET',
    url: '/api/formulas',
    permission: 'company.read',
    summary: 'The formulas and the input fields each needs, of one scope or all',
    query: z.object({ scope: queryText().optional() }),
    response: z.strictObject({
      formulas: z.array(
        z.strictObject({
          id: z.string(),
          scope: z.string(),
          name: Labels,
          description: Labels,
          expression: z.string(),
          transport: z.boolean(),
          basis: z.enum(['location', 'market']).nullable(),
          fields: z.array(FormulaField),
        }),
      ),
    }),
    errors: noErrors,
  }),
};
