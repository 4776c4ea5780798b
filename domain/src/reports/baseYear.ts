import type { EventOf } from '@ghg/events';
import { accept, reject, type Decider } from '../core/decider';
import { kgText, microOf } from './decimalKg';
import type { GhgInventoryContent } from './ghgInventory';

/**
 * A company's base year and its recalculation (GHG Protocol Corporate Standard, ch. 5). The base
 * year's inventory is recorded at a log position; when structural changes, method or factor
 * changes or errors found move it by more than the significance threshold, it is recalculated as a
 * restatement with a reason and a note, and every earlier record stays readable.
 *
 * What is compared: scope 1 + scope 2 (location-based) + scope 3, the total the GHG Protocol
 * inventory summary states first; water is reported apart and left out.
 */

type BaseYearSetEvent = EventOf<'BaseYearSet'>;
type BaseYearRestatedEvent = EventOf<'BaseYearRestated'>;
export type BaseYearEvent = BaseYearSetEvent | BaseYearRestatedEvent;
export type BaseYearFigures = BaseYearSetEvent['data']['figures'];

/** The default significance threshold: a change of more than 5 % of the base year's total. */
export const DEFAULT_SIGNIFICANCE_PERCENT = 5;

export const baseYearStreamId = (companyId: string) => `baseYear-${companyId}`;

/** The headline figures of a base-year inventory, with the compared total. */
export function baseYearFiguresOf(content: GhgInventoryContent): BaseYearFigures {
  const total = microOf(content.scope1Kg) + microOf(content.scope2LocationKg) + microOf(content.scope3Kg);
  return {
    scope1Kg: content.scope1Kg,
    scope2LocationKg: content.scope2LocationKg,
    scope2MarketKg: content.scope2MarketKg,
    scope3Kg: content.scope3Kg,
    totalKg: kgText(total),
    lines: content.lines,
  };
}

/**
 * Whether the base year's total moved significantly from `recordedKg` to `nowKg`: by more than
 * `thresholdPercent` of the recorded total (exactly, in micrograms and hundredths of a percent).
 * A base year recorded at zero is significantly changed by any figure at all.
 */
export function significance(recordedKg: string, nowKg: string, thresholdPercent: number): { changeKg: string; changePercent: number | null; significant: boolean } {
  const recorded = microOf(recordedKg);
  const change = microOf(nowKg) - recorded;
  const abs = (v: bigint) => (v < 0n ? -v : v);
  if (recorded === 0n) return { changeKg: kgText(change), changePercent: null, significant: change !== 0n };
  const hundredths = BigInt(Math.round(thresholdPercent * 100));
  return {
    changeKg: kgText(change),
    changePercent: (Number(change) / Number(recorded)) * 100,
    significant: abs(change) * 10_000n > hundredths * abs(recorded),
  };
}

const sameFigures = (a: BaseYearFigures, b: BaseYearFigures) =>
  a.lines === b.lines && (['scope1Kg', 'scope2LocationKg', 'scope2MarketKg', 'scope3Kg', 'totalKg'] as const).every((k) => microOf(a[k]) === microOf(b[k]));

export interface BaseYearState {
  baseYear: number | null;
  thresholdPercent: number;
  /** The latest record (set or restated), whose figures the base year stands at. */
  latest: { position: string; sha256: string; figures: BaseYearFigures } | null;
}

interface Recorded {
  position: string;
  sha256: string;
  figures: BaseYearFigures;
}
export interface SetBaseYear extends Recorded {
  type: 'SetBaseYear';
  companyId: string;
  baseYear: number;
  thresholdPercent: number;
}
export interface RestateBaseYear extends Recorded {
  type: 'RestateBaseYear';
  companyId: string;
  reason: BaseYearRestatedEvent['data']['reason'];
  note: string;
}
export type BaseYearCommand = SetBaseYear | RestateBaseYear;
export type BaseYearError = 'base_year_not_set' | 'restatement_not_later' | 'restatement_unchanged' | 'note_required';

export const baseYearDecider: Decider<BaseYearCommand, BaseYearEvent, BaseYearState, BaseYearError> = {
  eventTypes: { BaseYearSet: true, BaseYearRestated: true },
  initialState: () => ({ baseYear: null, thresholdPercent: DEFAULT_SIGNIFICANCE_PERCENT, latest: null }),
  evolve(state, event) {
    const { position, sha256, figures } = event.data;
    if (event.type === 'BaseYearSet') return { baseYear: event.data.baseYear, thresholdPercent: event.data.thresholdPercent, latest: { position, sha256, figures } };
    return { ...state, latest: { position, sha256, figures } };
  },
  decide(command, state) {
    if (command.type === 'SetBaseYear') {
      const { companyId, baseYear, thresholdPercent, position, sha256, figures } = command;
      return accept({ type: 'BaseYearSet', data: { companyId, baseYear, thresholdPercent, position, sha256, figures } });
    }
    if (state.baseYear === null || state.latest === null) return reject('base_year_not_set');
    // A restatement says why: the standard asks for the reason and the change to be disclosed.
    if (command.note.trim() === '') return reject('note_required');
    if (BigInt(command.position) <= BigInt(state.latest.position)) return reject('restatement_not_later');
    // The figures are those of the last record: there is nothing to recalculate (the hash differs
    // whenever the position does, so the figures are compared).
    if (sameFigures(command.figures, state.latest.figures)) return reject('restatement_unchanged');
    return accept({
      type: 'BaseYearRestated',
      data: {
        companyId: command.companyId,
        baseYear: state.baseYear,
        position: command.position,
        sha256: command.sha256,
        figures: command.figures,
        previousPosition: state.latest.position,
        reason: command.reason,
        note: command.note,
      },
    });
  },
};
