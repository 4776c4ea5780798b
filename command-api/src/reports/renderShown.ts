import type { Knex } from 'knex';
import { Refusal } from '@ghg/api';
import { reflectedPosition, renderInventory, type RenderedInventory } from '@ghg/projector';

/**
 * The report a caller was shown, rendered again from the temporal ledger at its position: what
 * is filed or recorded is exactly what was shown, and what the log reproduces. A position the
 * temporal ledger does not reflect yet, or a hash that is not the one rendered there, is refused.
 */
export async function renderShown(knex: Knex, companyId: string, fiscalYear: number, shown: { position: string; sha256: string }): Promise<RenderedInventory> {
  const position = BigInt(shown.position);
  if (position > (await reflectedPosition(knex))) throw new Refusal('as_of_ahead', { fields: ['position'] });
  const rendered = await renderInventory(knex, companyId, fiscalYear, position);
  if (rendered.sha256 !== shown.sha256) throw new Refusal('report_changed', { fields: ['sha256'] });
  return rendered;
}
