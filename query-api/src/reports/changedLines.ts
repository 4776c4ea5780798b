import type { Knex } from 'knex';
import { classifyLineEvents, diffLines, summariseCauses, type InventoryLine, type ReportedLineState } from '@ghg/domain';
import { lineChangesBetween, sectionsCreatedBetween } from '@ghg/projector';

/** How many differing lines a comparison lists (largest first); `moreLines` counts the rest. */
export const MAX_DIFFERENCE_LINES = 200;

const stateOf = (l: InventoryLine): ReportedLineState => ({
  sectionId: l.sectionId,
  scopeCategory: l.scopeCategory,
  formulaId: l.formulaId,
  co2eKg: l.co2eKg,
  locationKg: l.locationKg,
  marketKg: l.marketKg,
});

/**
 * The lines that differ between a report of `fiscalYear` as recorded (at `from`) and as now (at
 * `to`), the largest first, each with the events that changed it in between, each event with its
 * cause and the kg it changed (domain/src/reports/differenceCauses.ts); and the summary by cause
 * over every differing line, listed or not. What a filed report's detail and the base year both show.
 */
export async function changedLines(
  knex: Knex,
  companyId: string,
  fiscalYear: number,
  recorded: { lines: readonly InventoryLine[]; at: bigint },
  now: { lines: readonly InventoryLine[]; at: bigint },
) {
  const differing = diffLines(recorded.lines, now.lines);
  const [changes, newSections] = await Promise.all([
    lineChangesBetween(
      knex,
      companyId,
      differing.map((l) => l.dealId),
      recorded.at,
      now.at,
    ),
    sectionsCreatedBetween(knex, companyId, recorded.at, now.at),
  ]);
  const eventsOf = new Map<string, typeof changes>();
  for (const change of changes) {
    const list = eventsOf.get(change.dealId);
    if (list) list.push(change);
    else eventsOf.set(change.dealId, [change]);
  }
  const recordedOf = new Map(recorded.lines.map((l) => [l.dealId, stateOf(l)]));

  const classified = differing.map((line) => {
    const events = eventsOf.get(line.dealId) ?? [];
    // A version in another fiscal year is not in this report.
    const causes = classifyLineEvents(
      recordedOf.get(line.dealId) ?? null,
      events.map((e) => ({ type: e.type, after: e.line !== null && e.line.fiscalYear === fiscalYear ? e.line : null })),
      newSections,
    );
    return {
      line,
      events: events.map(({ dealId: _d, line: _l, ...event }, i) => ({ ...event, cause: causes[i]!.cause, differenceKg: causes[i]!.differenceKg })),
    };
  });
  return {
    lines: classified.slice(0, MAX_DIFFERENCE_LINES).map(({ line, events }) => ({ ...line, events })),
    moreLines: Math.max(0, differing.length - MAX_DIFFERENCE_LINES),
    causes: summariseCauses(classified.map(({ line, events }) => ({ dealId: line.dealId, events }))),
  };
}
