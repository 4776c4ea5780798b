import type { MessageId } from '@ghg/locales';
import type { NonFossilCertificateType, NonFossilPowerSource } from '@ghg/events';

/** Translated names of the certificate types (Japanese market names in ja). */
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
