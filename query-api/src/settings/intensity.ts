import type { FastifyInstance } from 'fastify';
import { intensityRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { asOfPosition } from '../reports/asOf';
import { intensitiesAsOf } from '@ghg/projector';

export function registerIntensityQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, intensityRoutes.list, async ({ reader: { selectedCompanyId }, query }) => {
    if (query.asOf !== undefined) return { intensities: await intensitiesAsOf(knex, selectedCompanyId, await asOfPosition(knex, selectedCompanyId, query.asOf)) };
    const rows = await knex('intensities').where({ company_id: selectedCompanyId }).orderBy(['name', 'id']);
    return { intensities: rows.map((r) => ({ id: r.id, name: r.name, unit: r.unit, version: r.version })) };
  });
}
