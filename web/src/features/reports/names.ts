import type { DifferenceCause } from '@ghg/domain';
import type { baseYearRestatementReasons, ReportFigure, ReportRegime } from '@ghg/events';
import type { MessageId } from '@ghg/locales';

/** Each reporting regime in words (a new regime is a type error here until it is named). */
export const regimeName: Record<ReportRegime, MessageId> = {
  ghgProtocol: 'reports.regime.ghgProtocol',
  shk: 'reports.regime.shk',
  energyConservation: 'reports.regime.energyConservation',
};

/**
 * What the report pages show of each regime besides its name: what its draft is, and the screen of
 * its whole report (null: the list's own, the GHG Protocol inventory). With `regimeName`, the web's
 * part of the regime registry (domain/src/reports/reportRegimes.ts): a new regime is a type error here.
 */
export const regimeScreen: Record<ReportRegime, { intro: MessageId; page: string | null }> = {
  ghgProtocol: { intro: 'reports.draft.intro', page: null },
  shk: { intro: 'reports.draft.intro.shk', page: '/emission/report/shk' },
  energyConservation: { intro: 'reports.draft.intro.energyConservation', page: '/emission/report/energy' },
};

/** Each headline figure a filing records (`reportFigures` in @ghg/events), in words. */
export const figureName: Record<ReportFigure, MessageId> = {
  scope1Kg: 'reports.figure.scope1',
  scope2LocationKg: 'reports.figure.scope2Location',
  scope2MarketKg: 'reports.figure.scope2Market',
  scope3Kg: 'reports.figure.scope3',
  basicKg: 'reports.figure.basic',
  adjustedKg: 'reports.figure.adjusted',
  energyCo2BasicKg: 'reports.figure.energyCo2Basic',
  energyCo2AdjustedKg: 'reports.figure.energyCo2Adjusted',
  gj: 'reports.figure.gj',
  crudeOilKl: 'reports.figure.crudeOilKl',
};

/** Why a base year is recalculated (GHG Protocol Corporate Standard, ch. 5), in words. */
export const reasonName: Record<(typeof baseYearRestatementReasons)[number], MessageId> = {
  structural: 'reports.baseYear.reason.structural',
  methodology: 'reports.baseYear.reason.methodology',
  error: 'reports.baseYear.reason.error',
  other: 'reports.baseYear.reason.other',
};

/** What caused a difference between a recorded report and now (domain/src/reports/differenceCauses.ts), in words. */
export const causeName: Record<DifferenceCause, MessageId> = {
  lateEntry: 'reports.cause.lateEntry',
  correction: 'reports.cause.correction',
  removal: 'reports.cause.removal',
  restatement: 'reports.cause.restatement',
  organisation: 'reports.cause.organisation',
};

/** The non-fossil certificate types and power sources, as the settings screen names them (one list, there). */
export { certificateTypeName, powerSourceName } from '../settings/offset/certificateNames';
