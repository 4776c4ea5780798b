import type { FastifyInstance } from 'fastify';
import { nonFossilCertificateRoutes } from '@ghg/api';
import type { NonFossilCertificateType, NonFossilPowerSource } from '@ghg/events';
import { isRenewableCertificate } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

interface CertificateRow {
  id: string;
  certificate_type: NonFossilCertificateType;
  quantity_kwh: string | number;
  period_from: string;
  period_to: string;
  fiscal_year: number;
  tracking: boolean | number;
  power_source: NonFossilPowerSource | null;
  generator_name: string | null;
  generator_location: string | null;
  version: number;
}

const toCertificate = (row: CertificateRow) => ({
  id: row.id,
  certificateType: row.certificate_type,
  renewable: isRenewableCertificate(row.certificate_type),
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
  registerRoute(app, deps, nonFossilCertificateRoutes.list, async ({ reader: { selectedCompanyId }, query: { fiscalYear } }) => {
    const rows: CertificateRow[] = await knex('non_fossil_certificates')
      .where({ company_id: selectedCompanyId })
      .modify((q) => (fiscalYear === undefined ? q : q.where({ fiscal_year: fiscalYear })))
      .orderBy([{ column: 'fiscal_year', order: 'desc' }, { column: 'period_from', order: 'desc' }, 'id']);
    return { nonFossilCertificates: rows.map(toCertificate) };
  });
}
