import type { FastifyInstance } from 'fastify';
import { offsetRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

interface OffsetRow {
  id: string;
  type: string;
  particular_number_from: string;
  particular_number_to: string;
  invalid_or_relocation_quantity: string | number;
  invalid_or_relocation_date: string;
  auth_type: string;
  version: number;
}

const toOffset = (row: OffsetRow) => ({
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
  registerRoute(app, deps, offsetRoutes.list, async ({ reader: { selectedCompanyId } }) => {
    const rows: OffsetRow[] = await knex('offsets')
      .where({ company_id: selectedCompanyId })
      .orderBy([{ column: 'invalid_or_relocation_date', order: 'desc' }, 'type', 'particular_number_from']);
    return { offsets: rows.map(toOffset) };
  });
}
