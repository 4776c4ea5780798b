import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { NonFossilCertificateType } from '@ghg/events';
import { isRenewableCertificate } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryYear } from '../core/queryArgs';

const ListQuery = z.object({ fiscalYear: queryYear().optional() });

const toCertificate = (row: Record<string, unknown>) => ({
  id: row.id,
  certificateType: row.certificate_type,
  renewable: isRenewableCertificate(row.certificate_type as NonFossilCertificateType),
  quantityKwh: Number(row.quantity_kwh),
  periodFrom: row.period_from,
  periodTo: row.period_to,
  fiscalYear: row.fiscal_year,
  tracking: Boolean(row.tracking),
  powerSource: row.power_source ?? null,
  generatorName: row.generator_name ?? null,
  generatorLocation: row.generator_location ?? null,
  version: row.version,
});

export function registerNonFossilCertificateQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/non-fossil-certificate', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const query = ListQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const rows: Record<string, unknown>[] = await knex('non_fossil_certificates')
      .where({ company_id: selectedCompanyId })
      .modify((q) => (query.data.fiscalYear === undefined ? q : q.where({ fiscal_year: query.data.fiscalYear })))
      .orderBy([{ column: 'fiscal_year', order: 'desc' }, { column: 'period_from', order: 'desc' }, 'id']);
    return { nonFossilCertificates: rows.map(toCertificate) };
  });
}
