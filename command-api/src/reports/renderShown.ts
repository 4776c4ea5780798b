import type { Knex } from 'knex';
import type { ReportRegime } from '@ghg/events';
import { Refusal } from '@ghg/api';
import { reflectedFor, reflectedPosition, renderInventory, renderReport, type RenderedInventory, type RenderedReport } from '@ghg/projector';

/**
 * The report a caller was shown, rendered again from the read models at its position: what is
 * filed or recorded is exactly what was shown, and what the log reproduces. A position not
 * reflected yet by what the report reads, or a hash that is not the one rendered there, is refused.
 */
export async function renderShown(knex: Knex, companyId: string, fiscalYear: number, shown: { position: string; sha256: string }): Promise<RenderedInventory> {
  const position = BigInt(shown.position);
  if (position > (await reflectedPosition(knex))) throw new Refusal('as_of_ahead', { fields: ['position'] });
  const rendered = await renderInventory(knex, companyId, fiscalYear, position);
  if (rendered.sha256 !== shown.sha256) throw new Refusal('report_changed', { fields: ['sha256'] });
  return rendered;
}

/**
 * The same for any regime's report (projector/src/reports/reportRenderers.ts). The position must be
 * reflected by every read model the regime reads (the SHK and 省エネ法 reports also fold the audit
 * log), so that the report rendered now at it is the one it renders there for ever.
 */
export async function renderShownReport(knex: Knex, regime: ReportRegime, companyId: string, fiscalYear: number, shown: { position: string; sha256: string }): Promise<RenderedReport> {
  const position = BigInt(shown.position);
  if (position > (await reflectedFor(knex, regime))) throw new Refusal('as_of_ahead', { fields: ['position'] });
  const rendered = await renderReport(knex, regime, companyId, fiscalYear, position);
  if (rendered.sha256 !== shown.sha256) throw new Refusal('report_changed', { fields: ['sha256'] });
  return rendered;
}
