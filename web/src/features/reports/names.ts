import type { baseYearRestatementReasons, ReportRegime } from '@ghg/events';
import type { MessageId } from '@ghg/locales';

/** Each reporting regime in words (a new regime is a type error here until it is named). */
export const regimeName: Record<ReportRegime, MessageId> = {
  ghgProtocol: 'reports.regime.ghgProtocol',
};

/** Why a base year is recalculated (GHG Protocol Corporate Standard, ch. 5), in words. */
export const reasonName: Record<(typeof baseYearRestatementReasons)[number], MessageId> = {
  structural: 'reports.baseYear.reason.structural',
  methodology: 'reports.baseYear.reason.methodology',
  error: 'reports.baseYear.reason.error',
  other: 'reports.baseYear.reason.other',
};
