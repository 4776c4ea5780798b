import type { ReportRegime } from '@ghg/events';
import type { MessageId } from '@ghg/locales';

/** Each reporting regime in words (a new regime is a type error here until it is named). */
export const regimeName: Record<ReportRegime, MessageId> = {
  ghgProtocol: 'reports.regime.ghgProtocol',
};
