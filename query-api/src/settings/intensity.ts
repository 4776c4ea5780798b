import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

export function registerIntensityQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/intensity', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const rows = await knex('intensities').where({ company_id: selectedCompanyId }).orderBy(['name', 'id']);
    return { intensities: rows.map((r) => ({ id: r.id, name: r.name, unit: r.unit, version: r.version })) };
  });
}
