import type { Knex } from 'knex';
import type { InventoryLine, ReportContent, ReportContents } from '@ghg/domain';
import type { ReportRegime } from '@ghg/events';
import { emissionLedgerHistoryProjection } from '../activity/ledgerHistory';
import { auditLogProjection } from '../audit/auditLog';
import { renderEnergyReport } from './energyReader';
import { renderInventory, resolveAsOf } from './inventoryReader';
import { renderShkReport } from './shkReader';

/**
 * How each reporting regime's report is rendered from the read models at a log position, and
 * which projections it reads there: the query API's draft and filed reports, and the command API's
 * filing, loop over this one record (keyed by the regime, so a regime added to `reportRegimes` is a
 * type error here until it has a renderer). domain/src/reports/reportRegimes.ts has its headline.
 */
export interface RenderedReport<R extends ReportRegime = ReportRegime> {
  content: ReportContents[R];
  sha256: string;
  /** The fiscal year's ledger lines it was rendered from, when the renderer has them at hand (the GHG Protocol's). */
  lines?: InventoryLine[];
}

export interface RegimeRenderer<R extends ReportRegime> {
  /**
   * The projections whose tables the renderer reads as of a position: the position is rendered the
   * same forever once every one of them has reflected it (`reflectedFor`).
   */
  reads: readonly string[];
  render(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<RenderedReport<R>>;
}

const LEDGER = emissionLedgerHistoryProjection.name;
/** Settings, sections and certificates as of a position are folded from the audit log. */
const AUDIT = auditLogProjection.name;

export const reportRenderers: { readonly [R in ReportRegime]: RegimeRenderer<R> } = {
  ghgProtocol: { reads: [LEDGER], render: renderInventory },
  shk: { reads: [LEDGER, AUDIT], render: renderShkReport },
  energyConservation: { reads: [LEDGER, AUDIT], render: renderEnergyReport },
};

/** The report of `regime` for the company's fiscal year as of `position`, with the SHA-256 of its content. */
export async function renderReport(knex: Knex, regime: ReportRegime, companyId: string, fiscalYear: number, position: bigint): Promise<RenderedReport> {
  const { content, sha256, lines } = await (reportRenderers[regime] as RegimeRenderer<ReportRegime>).render(knex, companyId, fiscalYear, position);
  return { content: content as ReportContent, sha256, ...(lines ? { lines } : {}) };
}

/** The newest position every read model the regime's report reads has reflected (0 before any has). */
export async function reflectedFor(knex: Knex, regime: ReportRegime): Promise<bigint> {
  const names = reportRenderers[regime].reads;
  const rows: { name: string; commit_position: string | number | null }[] = await knex('projection_checkpoints').whereIn('name', [...names]).select('name', 'commit_position');
  const positions = names.map((name) => {
    const p = rows.find((r) => r.name === name)?.commit_position;
    return p === null || p === undefined ? 0n : BigInt(p);
  });
  return positions.reduce((min, p) => (p < min ? p : min));
}

/**
 * `asOf` → the position the regime's report is rendered at (`AsOfAheadError` when it is ahead of
 * what the read models reflect); now is the newest position every read model it reads reflects,
 * so the draft of now is one the filing can render again.
 */
export async function reportPosition(knex: Knex, regime: ReportRegime, companyId: string, asOf: string | undefined): Promise<bigint> {
  // A date-time finds the last change of the lines or of the settings and organisation the report reads (resolveAsOf).
  const position = await resolveAsOf(knex, companyId, asOf);
  if (asOf !== undefined) return position;
  const reflected = await reflectedFor(knex, regime);
  return reflected < position ? reflected : position;
}
