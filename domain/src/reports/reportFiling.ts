import type { EventOf, ReportRegime } from '@ghg/events';
import { accept, reject, type Decider } from '../core/decider';
import { recordedFigures, type Headline } from './reportRegimes';

/**
 * Filing a report (issue 16): one stream per filed report (`report-<reportId>`). What is filed —
 * the regime, the position, the hash and the headline figures — is rendered by the caller from the
 * log up to that position (the regime's renderer, its headline by `reportRegimeRules`); the decider
 * guards what must hold of any filing and records the figures the way the event keeps them.
 */

type ReportFiledEvent = EventOf<'ReportFiled'>;
export type ReportEvent = ReportFiledEvent;

export interface FileReport {
  type: 'FileReport';
  reportId: string;
  companyId: string;
  fiscalYear: number;
  regime: ReportRegime;
  position: string;
  sha256: string;
  /** The regime's headline figures of the content rendered at `position`, and the lines it counted. */
  headline: Headline;
  note: string;
}
export type ReportCommand = FileReport;

export interface ReportState {
  filed: boolean;
}

export type ReportError = 'report_exists' | 'report_empty';

export const reportStreamId = (reportId: string) => `report-${reportId}`;

export const reportDecider: Decider<ReportCommand, ReportEvent, ReportState, ReportError> = {
  eventTypes: { ReportFiled: true },
  initialState: () => ({ filed: false }),
  evolve: (state, event) => (event.type === 'ReportFiled' ? { filed: true } : state),
  decide(command, state) {
    if (state.filed) return reject('report_exists');
    // A fiscal year without a single line the regime counts has nothing to report: filing it would record zeros as if measured.
    if (command.headline.lines === 0) return reject('report_empty');
    const { reportId, companyId, fiscalYear, regime, position, sha256, headline, note } = command;
    return accept({ type: 'ReportFiled', data: { reportId, companyId, fiscalYear, regime, position, sha256, ...recordedFigures(regime, headline), note } });
  },
};
