import type { FastifyInstance } from 'fastify';
import { asOfMomentRoutes } from '@ghg/api';
import { asOfMoments } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** GET /api/as-of/moments: the selected company's moments for the as-of time slider (projector/src/views/asOfMoments.ts). */
export function registerAsOfMomentQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, asOfMomentRoutes.moments, async ({ reader, query }) =>
    asOfMoments(knex, reader.selectedCompanyId, { ...(query.from === undefined ? {} : { from: query.from }), ...(query.to === undefined ? {} : { to: query.to }), limit: query.limit }),
  );
}
