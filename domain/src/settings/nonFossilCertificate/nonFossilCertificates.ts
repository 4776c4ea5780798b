import { accept, reject, type Decider } from '../../core/decider';
import {
  nonFossilCertificateTypes,
  nonFossilPowerSources,
  type NonFossilCertificateEvent,
  type NonFossilCertificateType,
  type NonFossilPowerSource,
} from '@ghg/events';
import { cleanOptionalText, isIsoDate, isPositiveQuantity, isYear } from '../settingsValues';

/** One stream per certificate: no rule spans certificates. */
/** Every stream of this kind starts so: `nonFossilCertificate-<companyId>-<id>`. */
export const NON_FOSSIL_CERTIFICATE_STREAM_PREFIX = 'nonFossilCertificate-';
export const nonFossilCertificateStreamId = (companyId: string, certificateId: string) => `${NON_FOSSIL_CERTIFICATE_STREAM_PREFIX}${companyId}-${certificateId}`;
export const LEGACY_NON_FOSSIL_CERTIFICATES_PREFIX = 'nonFossilCertificates-';

export const NON_FOSSIL_CERTIFICATE_TYPES: readonly NonFossilCertificateType[] = nonFossilCertificateTypes;
export const NON_FOSSIL_POWER_SOURCES: readonly NonFossilPowerSource[] = nonFossilPowerSources;

/** Japanese names of the certificate types, as the market calls them. */
export const nonFossilCertificateTypeNames: Record<NonFossilCertificateType, string> = {
  fit: 'FIT非化石証書',
  non_fit_renewable: '非FIT非化石証書(再エネ指定)',
  non_fit_non_renewable: '非FIT非化石証書(再エネ指定なし)',
};

/** FIT certificates and non-FIT ones with 再エネ指定 carry the renewable attribute. */
export const isRenewableCertificate = (type: NonFossilCertificateType) => type !== 'non_fit_non_renewable';

export const GENERATOR_TEXT_MAX = 200;

export interface NonFossilCertificate {
  id: string;
  certificateType: NonFossilCertificateType;
  quantityKwh: number;
  periodFrom: string;
  periodTo: string;
  fiscalYear: number;
  tracking: boolean;
  powerSource: NonFossilPowerSource | null;
  generatorName: string | null;
  generatorLocation: string | null;
  version: number;
}

export interface NonFossilCertificatesState {
  certificates: ReadonlyMap<string, NonFossilCertificate>;
}

export interface NonFossilCertificateInput {
  certificateType: string;
  quantityKwh: number;
  periodFrom: string;
  periodTo: string;
  fiscalYear: number;
  tracking: boolean;
  powerSource?: string | null;
  generatorName?: string | null;
  generatorLocation?: string | null;
}

export type NonFossilCertificateCommand =
  | ({
      type: 'SaveNonFossilCertificate';
      companyId: string;
      /** Absent: a new certificate with newId. */
      id?: string;
      newId: string;
      expectedVersion?: number;
    } & NonFossilCertificateInput)
  | { type: 'RemoveNonFossilCertificate'; companyId: string; id: string; expectedVersion?: number };

export type NonFossilCertificateError =
  | 'invalid_certificate_type'
  | 'invalid_quantity'
  | 'invalid_date'
  | 'invalid_period'
  | 'invalid_fiscal_year'
  | 'invalid_power_source'
  | 'power_source_not_renewable'
  | 'attributes_need_tracking'
  | 'invalid_generator'
  | 'non_fossil_certificate_not_found'
  | 'version_conflict';

const isType = (t: string): t is NonFossilCertificateType => (NON_FOSSIL_CERTIFICATE_TYPES as readonly string[]).includes(t);
const isSource = (s: string): s is NonFossilPowerSource => (NON_FOSSIL_POWER_SOURCES as readonly string[]).includes(s);

export const nonFossilCertificatesDecider: Decider<
  NonFossilCertificateCommand,
  NonFossilCertificateEvent,
  NonFossilCertificatesState,
  NonFossilCertificateError
> = {
  eventTypes: { NonFossilCertificateAdded: true, NonFossilCertificateChanged: true, NonFossilCertificateRemoved: true },
  initialState: () => ({ certificates: new Map() }),
  evolve: (state, event, revision) => {
    const certificates = new Map(state.certificates);
    if (event.type === 'NonFossilCertificateRemoved') certificates.delete(event.data.id);
    else {
      const { companyId: _companyId, ...certificate } = event.data;
      certificates.set(certificate.id, { ...certificate, version: revision });
    }
    return { certificates };
  },
  decide: (command, state) => {
    if (command.type === 'RemoveNonFossilCertificate') {
      const existing = state.certificates.get(command.id);
      if (!existing) return reject('non_fossil_certificate_not_found');
      if (command.expectedVersion !== undefined && command.expectedVersion !== existing.version) return reject('version_conflict');
      return accept({ type: 'NonFossilCertificateRemoved', data: { id: command.id, companyId: command.companyId } });
    }
    const certificateType = command.certificateType.trim();
    if (!isType(certificateType)) return reject('invalid_certificate_type');
    if (!isPositiveQuantity(command.quantityKwh)) return reject('invalid_quantity');
    const periodFrom = command.periodFrom.trim();
    const periodTo = command.periodTo.trim();
    if (!isIsoDate(periodFrom) || !isIsoDate(periodTo)) return reject('invalid_date');
    if (periodFrom > periodTo) return reject('invalid_period');
    if (!isYear(command.fiscalYear)) return reject('invalid_fiscal_year');
    const source = command.powerSource?.trim() || null;
    if (source !== null && !isSource(source)) return reject('invalid_power_source');
    if (source === 'nuclear' && isRenewableCertificate(certificateType)) return reject('power_source_not_renewable');
    const generatorName = cleanOptionalText(command.generatorName, GENERATOR_TEXT_MAX);
    const generatorLocation = cleanOptionalText(command.generatorLocation, GENERATOR_TEXT_MAX);
    if (generatorName === undefined || generatorLocation === undefined) return reject('invalid_generator');
    // Without tracking the certificate says nothing about the plant it came from.
    if (!command.tracking && (source !== null || generatorName !== null || generatorLocation !== null)) {
      return reject('attributes_need_tracking');
    }

    const existing = command.id === undefined ? undefined : state.certificates.get(command.id);
    if (command.id !== undefined && !existing) return reject('non_fossil_certificate_not_found');
    if (existing && command.expectedVersion !== undefined && command.expectedVersion !== existing.version) {
      return reject('version_conflict');
    }
    const data = {
      id: existing?.id ?? command.newId,
      companyId: command.companyId,
      certificateType,
      quantityKwh: command.quantityKwh,
      periodFrom,
      periodTo,
      fiscalYear: command.fiscalYear,
      tracking: command.tracking,
      powerSource: source,
      generatorName,
      generatorLocation,
    };
    if (!existing) return accept({ type: 'NonFossilCertificateAdded', data });
    const { version: _version, ...before } = existing;
    const { companyId: _companyId, ...after } = data;
    const unchanged = (Object.keys(after) as (keyof typeof after)[]).every((k) => before[k] === after[k]);
    return unchanged ? accept() : accept({ type: 'NonFossilCertificateChanged', data });
  },
};
