import type { MessageId } from '@ghg/locales';

/** The server's rule codes for offsets and certificates (docs/api.md), translated. */
export const offsetCodes: Record<string, MessageId> = {
  invalid_offset_type: 'offset.error.invalidType',
  invalid_auth_type: 'offset.error.invalidAuthType',
  invalid_serial_number: 'offset.error.invalidSerial',
  invalid_serial_range: 'offset.invalidRange',
  invalid_quantity: 'offset.invalidQuantity',
  invalid_date: 'offset.invalidDate',
  offset_serial_overlap: 'offset.error.serialOverlap',
  offset_not_found: 'offset.error.notFound',
  invalid_certificate_type: 'offset.certificate.error.invalidType',
  invalid_period: 'offset.certificate.invalidPeriod',
  invalid_fiscal_year: 'offset.certificate.invalidYear',
  invalid_power_source: 'offset.certificate.error.invalidPowerSource',
  power_source_not_renewable: 'offset.certificate.nuclearNotRenewable',
  attributes_need_tracking: 'offset.certificate.error.attributesNeedTracking',
  invalid_generator: 'offset.certificate.error.invalidGenerator',
  non_fossil_certificate_not_found: 'offset.certificate.error.notFound',
};

/** Which form field a rule code is about, to mark it beside the message. */
export const offsetCodeFields: Record<string, string> = {
  invalid_offset_type: 'type',
  invalid_auth_type: 'authType',
  invalid_serial_number: 'particularNumberFrom',
  invalid_serial_range: 'particularNumberTo',
  offset_serial_overlap: 'particularNumberFrom',
  invalid_quantity: 'invalidOrRelocationQuantity',
  invalid_date: 'invalidOrRelocationDate',
};

export const certificateCodeFields: Record<string, string> = {
  invalid_certificate_type: 'certificateType',
  invalid_quantity: 'quantityKwh',
  invalid_date: 'periodFrom',
  invalid_period: 'periodTo',
  invalid_fiscal_year: 'fiscalYear',
  invalid_power_source: 'powerSource',
  power_source_not_renewable: 'powerSource',
  attributes_need_tracking: 'tracking',
  invalid_generator: 'generatorName',
};
