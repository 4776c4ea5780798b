import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BLENDS, FORMULAS, GWP_SETS, OPTION_LABELS, type FormulaDefinition } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryText } from '../core/queryArgs';

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

const FormulaQuery = z.object({ scope: queryText().optional() });

export function registerCatalogueQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  app.get('/api/gwp-sets', { preHandler: authenticateReader(knex) }, async (request) => {
    requireReader(request, 'company.read');
    return { gwpSets: GWP_SETS, blends: BLENDS };
  });

  app.get('/api/formulas', { preHandler: authenticateReader(knex) }, async (request) => {
    requireReader(request, 'company.read');
    const query = FormulaQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const scope = query.data.scope;
    return { formulas: FORMULAS.filter((f) => scope === undefined || f.scope === scope).map(formulaView) };
  });
}
