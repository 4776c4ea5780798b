import type { FastifyInstance } from 'fastify';
import { managementIntensityRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { asOfPosition } from '../reports/asOf';
import { managementIntensitiesAsOf } from '@ghg/projector';

interface ValueRow {
  id: string;
  intensity_id: string;
  fiscal_year: number;
  value: string | number;
  version: number;
  name: string | null;
  unit: string | null;
}

export function registerManagementIntensityQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, managementIntensityRoutes.list, async ({ reader: { selectedCompanyId }, query: { fiscalYear, asOf } }) => {
    if (asOf !== undefined) {
      const values = await managementIntensitiesAsOf(knex, selectedCompanyId, await asOfPosition(knex, selectedCompanyId, asOf));
      return { managementIntensities: values.filter((v) => fiscalYear === undefined || v.fiscalYear === fiscalYear) };
    }
    const rows: ValueRow[] = await knex('management_intensities as m')
      .leftJoin('intensities as i', function () {
        this.on('i.id', '=', 'm.intensity_id').andOn('i.company_id', '=', 'm.company_id');
      })
      .where('m.company_id', selectedCompanyId)
      .modify((q) => (fiscalYear === undefined ? q : q.where('m.fiscal_year', fiscalYear)))
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
