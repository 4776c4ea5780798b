import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

const toOffset = (row: Record<string, unknown>) => ({
  id: row.id,
  type: row.type,
  particularNumberFrom: row.particular_number_from,
  particularNumberTo: row.particular_number_to,
  invalidOrRelocationQuantity: Number(row.invalid_or_relocation_quantity),
  invalidOrRelocationDate: row.invalid_or_relocation_date,
  authType: row.auth_type,
  version: row.version,
});

export function registerOffsetQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/offset', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const rows = await knex('offsets')
      .where({ company_id: selectedCompanyId })
      .orderBy([{ column: 'invalid_or_relocation_date', order: 'desc' }, 'type', 'particular_number_from']);
    return { offsets: rows.map(toOffset) };
  });
}
