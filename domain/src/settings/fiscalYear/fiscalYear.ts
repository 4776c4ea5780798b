import { accept, reject, type Decider } from '../../core/decider';
import type { FiscalYearEvent } from '@ghg/events';

/** The month a company's fiscal year starts in when it never set one (spec §9). */
export const DEFAULT_START_MONTH = 4;

export const fiscalYearStreamId = (companyId: string) => `fiscalYear-${companyId}`;
/** One fiscal-year setting per company; its id is derived so clients can always echo it back. */
export const fiscalYearIdOf = (companyId: string) => `fy_${companyId}`;

export interface FiscalYearState {
  startMonth: number;
  /** Stream revision of the last change, -1 when never set. */
  version: number;
}

export interface SetFiscalYearStartMonth {
  type: 'SetFiscalYearStartMonth';
  companyId: string;
  fiscalYearId: string;
  startMonth: number;
  /** When given, the change is refused unless the setting is still at this version. */
  expectedVersion?: number;
}

export type FiscalYearError = 'invalid_start_month' | 'unknown_fiscal_year' | 'version_conflict';

export const fiscalYearDecider: Decider<SetFiscalYearStartMonth, FiscalYearEvent, FiscalYearState, FiscalYearError> = {
  eventTypes: { FiscalYearStartMonthSet: true },
  initialState: () => ({ startMonth: DEFAULT_START_MONTH, version: -1 }),
  evolve: (_state, event, revision) => ({ startMonth: event.data.startMonth, version: revision }),
  decide: (command, state) => {
    if (command.fiscalYearId !== fiscalYearIdOf(command.companyId)) return reject('unknown_fiscal_year');
    if (!Number.isInteger(command.startMonth) || command.startMonth < 1 || command.startMonth > 12) {
      return reject('invalid_start_month');
    }
    if (command.expectedVersion !== undefined && command.expectedVersion !== state.version) {
      return reject('version_conflict');
    }
    // Saving the same month again is not a change; no event keeps the audit log honest.
    if (state.version >= 0 && state.startMonth === command.startMonth) return accept();
    return accept({
      type: 'FiscalYearStartMonthSet',
      data: { companyId: command.companyId, fiscalYearId: command.fiscalYearId, startMonth: command.startMonth },
    });
  },
};

/**
 * The fiscal year a date falls in, named by the calendar year it starts in: with a start month of
 * 4, 2026-03-31 is in fiscal year 2025 and 2026-04-01 in 2026 (spec §4 default rule).
 */
export function fiscalYearOf(date: Date, startMonth: number): number {
  const month = date.getMonth() + 1;
  return month < startMonth ? date.getFullYear() - 1 : date.getFullYear();
}
