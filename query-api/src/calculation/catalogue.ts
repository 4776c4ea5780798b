import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from '@ghg/api';
import { BLENDS, FORMULAS, GWP_SETS, OPTION_LABELS, type FormulaDefinition } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** A formula without its compiled code: what the input forms need to build their fields. */
export const formulaView = (f: FormulaDefinition) => ({
  id: f.id,
  scope: f.scope,
  name: f.name,
  description: f.description,
  expression: f.expression,
  transport: f.transport === true,
  basis: f.basis ?? null,
  fields: f.fields.map((field) => ({
    ...field,
    ...(field.options ? { optionLabels: Object.fromEntries(field.options.map((o) => [o, OPTION_LABELS[o] ?? null])) } : {}),
  })),
});

export function registerCatalogueQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  registerRoute(app, deps, catalogueRoutes.gwpSets, async () => ({ gwpSets: GWP_SETS, blends: BLENDS }));

  registerRoute(app, deps, catalogueRoutes.formulas, async ({ query: { scope } }) => {
    return { formulas: FORMULAS.filter((f) => scope === undefined || f.scope === scope).map(formulaView) };
  });
}
