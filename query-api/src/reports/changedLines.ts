import type { Knex } from 'knex';
import { diffLines, type InventoryLine } from '@ghg/domain';
import { lineChangesBetween } from '@ghg/projector';

/** How many differing lines a comparison lists (largest first); `moreLines` counts the rest. */
export const MAX_DIFFERENCE_LINES = 200;

/**
 * The lines that differ between a report as recorded (at `from`) and as now (at `to`), the largest
 * first, each with the events that changed it in between: what a filed report's detail and the
 * base year both show.
 */
export async function changedLines(knex: Knex, companyId: string, recorded: { lines: readonly InventoryLine[]; at: bigint }, now: { lines: readonly InventoryLine[]; at: bigint }) {
  const differing = diffLines(recorded.lines, now.lines);
  const listed = differing.slice(0, MAX_DIFFERENCE_LINES);
  const changes = await lineChangesBetween(knex, companyId, listed.map((l) => l.dealId), recorded.at, now.at);
  return {
    lines: listed.map((line) => ({ ...line, events: changes.filter((c) => c.dealId === line.dealId).map(({ dealId: _d, ...event }) => event) })),
    moreLines: differing.length - listed.length,
  };
}
