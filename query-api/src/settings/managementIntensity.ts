import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryYear } from '../core/queryArgs';

const ListQuery = z.object({ fiscalYear: queryYear().optional() });

export function registerManagementIntensityQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/management-intensity', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const query = ListQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const rows: Record<string, unknown>[] = await knex('management_intensities as m')
      .leftJoin('intensities as i', function () {
        this.on('i.id', '=', 'm.intensity_id').andOn('i.company_id', '=', 'm.company_id');
      })
      .where('m.company_id', selectedCompanyId)
      .modify((q) => (query.data.fiscalYear === undefined ? q : q.where('m.fiscal_year', query.data.fiscalYear)))
      .orderBy([{ column: 'm.fiscal_year', order: 'desc' }, 'i.name', 'm.id'])
      .select('m.id', 'm.intensity_id', 'm.fiscal_year', 'm.value', 'm.version', 'i.name', 'i.unit');
    return {
      managementIntensities: rows.map((r) => ({
        id: r.id,
        intensityId: r.intensity_id,
        intensityName: r.name ?? null,
        unit: r.unit ?? null,
        fiscalYear: r.fiscal_year,
        value: Number(r.value),
        version: r.version,
      })),
    };
  });
}
