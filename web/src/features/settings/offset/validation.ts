import type { MessageId } from '@ghg/locales';
import type { NonFossilCertificateType, NonFossilPowerSource } from '@ghg/events';
import { GENERATOR_TEXT_MAX as GENERATOR_MAX, OFFSET_TEXT_MAX as TEXT_MAX } from '@ghg/domain';
import type { CertificateSave, OffsetSave } from './api';

export interface OffsetForm {
  type: string;
  particularNumberFrom: string;
  particularNumberTo: string;
  invalidOrRelocationQuantity: string;
  invalidOrRelocationDate: string;
  authType: string;
}
export type OffsetFormErrors = Partial<Record<keyof OffsetForm, MessageId>>;

export interface CertificateForm {
  certificateType: NonFossilCertificateType;
  quantityKwh: string;
  periodFrom: string;
  periodTo: string;
  fiscalYear: string;
  tracking: boolean;
  powerSource: NonFossilPowerSource | '';
  generatorName: string;
  generatorLocation: string;
}
export type CertificateFormErrors = Partial<Record<keyof CertificateForm, MessageId>>;

/** The lists of @ghg/events (checked equal in the unit test), without bundling the event contracts. */
export const CERTIFICATE_TYPES = ['fit', 'non_fit_renewable', 'non_fit_non_renewable'] as const satisfies readonly NonFossilCertificateType[];
export const POWER_SOURCES = ['solar', 'wind', 'hydro', 'geothermal', 'biomass', 'nuclear', 'other'] as const satisfies readonly NonFossilPowerSource[];
export const isRenewableType = (type: NonFossilCertificateType) => type !== 'non_fit_non_renewable';

const DECIMAL = /^\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** A positive amount as typed ('1,000.5' allowed); undefined when it is not one. */
function positive(text: string): number | undefined {
  const clean = text.trim().replace(/,/g, '');
  const n = Number(clean);
  return DECIMAL.test(clean) && n > 0 ? n : undefined;
}

/** Trailing digits of a serial and the text before them. */
function serialParts(serial: string): { prefix: string; number: bigint } | null {
  const m = /^(.*?)(\d+)$/.exec(serial);
  return m ? { prefix: m[1]!, number: BigInt(m[2]!) } : null;
}

/** All six offset fields are required. The server checks the same and more (overlaps). */
export function validateOffset(form: OffsetForm): { errors: OffsetFormErrors; value?: OffsetSave } {
  const errors: OffsetFormErrors = {};
  for (const key of ['type', 'particularNumberFrom', 'particularNumberTo', 'authType'] as const) {
    if (!form[key].trim()) errors[key] = 'validation.required';
    else if (form[key].trim().length > TEXT_MAX) errors[key] = 'offset.tooLong';
  }
  const from = serialParts(form.particularNumberFrom.trim());
  const to = serialParts(form.particularNumberTo.trim());
  if (!errors.particularNumberTo && from && to && (from.prefix !== to.prefix || from.number > to.number)) errors.particularNumberTo = 'offset.invalidRange';
  const quantity = positive(form.invalidOrRelocationQuantity);
  if (!form.invalidOrRelocationQuantity.trim()) errors.invalidOrRelocationQuantity = 'validation.required';
  else if (quantity === undefined) errors.invalidOrRelocationQuantity = 'offset.invalidQuantity';
  const date = form.invalidOrRelocationDate.trim();
  if (!date) errors.invalidOrRelocationDate = 'validation.required';
  else if (!isIsoDate(date)) errors.invalidOrRelocationDate = 'offset.invalidDate';
  if (Object.keys(errors).length > 0 || quantity === undefined) return { errors };
  return {
    errors,
    value: {
      type: form.type.trim(),
      particularNumberFrom: form.particularNumberFrom.trim(),
      particularNumberTo: form.particularNumberTo.trim(),
      invalidOrRelocationQuantity: quantity,
      invalidOrRelocationDate: date,
      authType: form.authType.trim(),
    },
  };
}

/** A certificate: type, kWh, generation period, fiscal year of use; plant attributes only when tracked. */
export function validateCertificate(form: CertificateForm): { errors: CertificateFormErrors; value?: CertificateSave } {
  const errors: CertificateFormErrors = {};
  const quantityKwh = positive(form.quantityKwh);
  if (!form.quantityKwh.trim()) errors.quantityKwh = 'validation.required';
  else if (quantityKwh === undefined) errors.quantityKwh = 'offset.invalidQuantity';
  for (const key of ['periodFrom', 'periodTo'] as const) {
    if (!form[key].trim()) errors[key] = 'validation.required';
    else if (!isIsoDate(form[key].trim())) errors[key] = 'offset.invalidDate';
  }
  if (!errors.periodFrom && !errors.periodTo && form.periodFrom.trim() > form.periodTo.trim()) errors.periodTo = 'offset.certificate.invalidPeriod';
  const year = Number(form.fiscalYear.trim());
  if (!form.fiscalYear.trim()) errors.fiscalYear = 'validation.required';
  else if (!/^\d{4}$/.test(form.fiscalYear.trim()) || year < 1900 || year > 2200) errors.fiscalYear = 'offset.certificate.invalidYear';
  if (form.tracking) {
    if (form.powerSource === 'nuclear' && isRenewableType(form.certificateType)) errors.powerSource = 'offset.certificate.nuclearNotRenewable';
    if (form.generatorName.trim().length > GENERATOR_MAX) errors.generatorName = 'offset.tooLong';
    if (form.generatorLocation.trim().length > GENERATOR_MAX) errors.generatorLocation = 'offset.tooLong';
  }
  if (Object.keys(errors).length > 0 || quantityKwh === undefined) return { errors };
  const attributes = form.tracking
    ? {
        ...(form.powerSource ? { powerSource: form.powerSource } : {}),
        ...(form.generatorName.trim() ? { generatorName: form.generatorName.trim() } : {}),
        ...(form.generatorLocation.trim() ? { generatorLocation: form.generatorLocation.trim() } : {}),
      }
    : {};
  return {
    errors,
    value: {
      certificateType: form.certificateType,
      quantityKwh,
      periodFrom: form.periodFrom.trim(),
      periodTo: form.periodTo.trim(),
      fiscalYear: year,
      tracking: form.tracking,
      ...attributes,
    },
  };
}
