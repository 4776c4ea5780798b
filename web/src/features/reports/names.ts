import type { DifferenceCause } from '@ghg/domain';
import type { baseYearRestatementReasons, NonFossilCertificateType, NonFossilPowerSource, ReportRegime } from '@ghg/events';
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

/** What caused a difference between a recorded report and now (domain/src/reports/differenceCauses.ts), in words. */
export const causeName: Record<DifferenceCause, MessageId> = {
  lateEntry: 'reports.cause.lateEntry',
  correction: 'reports.cause.correction',
  removal: 'reports.cause.removal',
  restatement: 'reports.cause.restatement',
  organisation: 'reports.cause.organisation',
};

/** The non-fossil certificate types and power sources, as the settings screen names them. */
export const certificateTypeName: Record<NonFossilCertificateType, MessageId> = {
  fit: 'offset.certificate.type.fit',
  non_fit_renewable: 'offset.certificate.type.nonFitRenewable',
  non_fit_non_renewable: 'offset.certificate.type.nonFitNonRenewable',
};
export const powerSourceName: Record<NonFossilPowerSource, MessageId> = {
  solar: 'offset.certificate.source.solar',
  wind: 'offset.certificate.source.wind',
  hydro: 'offset.certificate.source.hydro',
  geothermal: 'offset.certificate.source.geothermal',
  biomass: 'offset.certificate.source.biomass',
  nuclear: 'offset.certificate.source.nuclear',
  other: 'offset.certificate.source.other',
};
