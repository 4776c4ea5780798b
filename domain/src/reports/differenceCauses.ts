import type { ScopeSettingCategory } from '@ghg/events';
import { kgText, microOf } from './decimalKg';

/**
 * Why a report differs between two positions of the log (as filed, or as a base year was recorded,
 * and now): each event that made a new version of a differing line in between is given a cause,
 * and the difference it made to the line's figure. The events of one line telescope — the first
 * starts from the line as recorded, the last ends at the line as now — so the kg of all causes add
 * up to the lines' differences exactly.
 *
 * - `lateEntry`: a line recorded after the filing (ActivityLineRecorded);
 * - `correction`: a line changed by a user or an import (ActivityLineChanged);
 * - `removal`: a line removed (ActivityLineRemoved);
 * - `restatement`: a line calculated again under its year's new calculation basis — another factor
 *   version or GWP set (ActivityLineRecalculated, command-api/src/activity/restatement.ts);
 * - `organisation`: a line recorded in, or moved into, a company section created after the
 *   filing (a structural change of the organisation).
 *
 * An event that changed nothing the report shows (a recalculation that gave the same figures, say)
 * is no cause: it is listed with the line's events, with no cause.
 */

export const differenceCauses = ['lateEntry', 'correction', 'removal', 'restatement', 'organisation'] as const;
export type DifferenceCause = (typeof differenceCauses)[number];

/** The event types that make a version of an activity line (the temporal ledger's `event_type`). */
export type LineEventType = 'ActivityLineRecorded' | 'ActivityLineChanged' | 'ActivityLineRecalculated' | 'ActivityLineRemoved';

/** A line as one report shows it; null when the line is not in the report (removed, or in another fiscal year). */
export interface ReportedLineState {
  sectionId: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  co2eKg: string;
  locationKg: string | null;
  marketKg: string | null;
}

const sameState = (a: ReportedLineState | null, b: ReportedLineState | null): boolean =>
  a === null || b === null
    ? a === b
    : a.sectionId === b.sectionId &&
      a.scopeCategory === b.scopeCategory &&
      a.formulaId === b.formulaId &&
      microOf(a.co2eKg) === microOf(b.co2eKg) &&
      (a.locationKg === null ? b.locationKg === null : b.locationKg !== null && microOf(a.locationKg) === microOf(b.locationKg)) &&
      (a.marketKg === null ? b.marketKg === null : b.marketKg !== null && microOf(a.marketKg) === microOf(b.marketKg));

/** The figure a line adds to the report: its CO2e on its own basis, nothing when it is not in it. */
const contribution = (state: ReportedLineState | null): bigint => (state === null ? 0n : microOf(state.co2eKg));

/**
 * The cause of one event of a line, given the line as the report showed it before and after the
 * event, and the sections created after the filing; null when the event changed nothing shown.
 */
export function causeOfEvent(type: LineEventType, before: ReportedLineState | null, after: ReportedLineState | null, newSections: ReadonlySet<string>): DifferenceCause | null {
  if (sameState(before, after)) return null;
  switch (type) {
    case 'ActivityLineRemoved':
      return 'removal';
    case 'ActivityLineRecalculated':
      return 'restatement';
    case 'ActivityLineRecorded':
      return after !== null && newSections.has(after.sectionId) ? 'organisation' : 'lateEntry';
    case 'ActivityLineChanged':
      return after !== null && after.sectionId !== before?.sectionId && newSections.has(after.sectionId) ? 'organisation' : 'correction';
  }
}

export interface LineEventInput {
  type: LineEventType;
  /** The line after the event, as the report shows it (null: not in it). */
  after: ReportedLineState | null;
}

export interface ClassifiedEvent {
  cause: DifferenceCause | null;
  /** What the event changed of the line's figure in the report (after − before). */
  differenceKg: string;
}

/** Each event of one line, in log order, with its cause and the kg it changed, starting from the line as recorded. */
export function classifyLineEvents(recorded: ReportedLineState | null, events: readonly LineEventInput[], newSections: ReadonlySet<string>): ClassifiedEvent[] {
  let before = recorded;
  return events.map((event) => {
    const classified = { cause: causeOfEvent(event.type, before, event.after, newSections), differenceKg: kgText(contribution(event.after) - contribution(before)) };
    before = event.after;
    return classified;
  });
}

export interface CauseSummaryRow {
  cause: DifferenceCause;
  /** Lines with at least one event of this cause. */
  lines: number;
  /** The change those events made to the report's figures, kg CO2e. */
  differenceKg: string;
}

/**
 * By cause, in the order of `differenceCauses`; a cause no event had is left out. A line with events
 * of two causes (recorded late, then restated) counts under each, with the kg of each event.
 */
export function summariseCauses(lines: readonly { dealId: string; events: readonly ClassifiedEvent[] }[]): CauseSummaryRow[] {
  const byCause = new Map<DifferenceCause, { lines: Set<string>; micro: bigint }>();
  for (const line of lines) {
    for (const event of line.events) {
      if (event.cause === null) continue;
      const entry = byCause.get(event.cause) ?? { lines: new Set<string>(), micro: 0n };
      entry.lines.add(line.dealId);
      entry.micro += microOf(event.differenceKg);
      byCause.set(event.cause, entry);
    }
  }
  return differenceCauses.flatMap((cause) => {
    const entry = byCause.get(cause);
    return entry ? [{ cause, lines: entry.lines.size, differenceKg: kgText(entry.micro) }] : [];
  });
}
