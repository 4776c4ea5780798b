import { describe, expect, it } from 'vitest';
import { nonFossilCertificateTypes, nonFossilPowerSources } from '@ghg/events';
import { CERTIFICATE_TYPES, POWER_SOURCES, validateCertificate, validateOffset, type CertificateForm, type OffsetForm } from './validation';

const offset: OffsetForm = {
  type: 'J-クレジット',
  particularNumberFrom: 'JP-101-0001-000100',
  particularNumberTo: 'JP-101-0001-000199',
  invalidOrRelocationQuantity: '1,250.5',
  invalidOrRelocationDate: '2025-03-31',
  authType: '無効化',
};

const certificate: CertificateForm = {
  certificateType: 'non_fit_renewable',
  quantityKwh: '120000',
  periodFrom: '2024-04-01',
  periodTo: '2025-03-31',
  fiscalYear: '2024',
  tracking: false,
  powerSource: 'solar',
  generatorName: 'Plant',
  generatorLocation: 'Chiba',
};

describe('offset form', () => {
  it('accepts the six fields, trimmed and as numbers', () => {
    expect(validateOffset({ ...offset, type: ' JCM ' })).toEqual({
      errors: {},
      value: { ...offset, type: 'JCM', invalidOrRelocationQuantity: 1250.5 },
    });
  });

  it('names every missing field (all six are required)', () => {
    const blank = Object.fromEntries(Object.keys(offset).map((k) => [k, ' '])) as unknown as OffsetForm;
    expect(validateOffset(blank).errors).toEqual({
      type: 'validation.required',
      particularNumberFrom: 'validation.required',
      particularNumberTo: 'validation.required',
      invalidOrRelocationQuantity: 'validation.required',
      invalidOrRelocationDate: 'validation.required',
      authType: 'validation.required',
    });
  });

  it('refuses a backwards or mixed serial range, a bad quantity and an impossible date', () => {
    const e = (f: Partial<OffsetForm>) => validateOffset({ ...offset, ...f }).errors;
    expect(e({ particularNumberTo: 'JP-101-0001-000099' }).particularNumberTo).toBe('offset.invalidRange');
    expect(e({ particularNumberTo: 'JP-102-0001-000199' }).particularNumberTo).toBe('offset.invalidRange');
    expect(e({ particularNumberFrom: 'A', particularNumberTo: 'B' })).toEqual({});
    expect(e({ invalidOrRelocationQuantity: '0' }).invalidOrRelocationQuantity).toBe('offset.invalidQuantity');
    expect(e({ invalidOrRelocationQuantity: '-2' }).invalidOrRelocationQuantity).toBe('offset.invalidQuantity');
    expect(e({ invalidOrRelocationDate: '2025-02-30' }).invalidOrRelocationDate).toBe('offset.invalidDate');
    expect(e({ type: 'x'.repeat(101) }).type).toBe('offset.tooLong');
  });
});

describe('non-fossil certificate form', () => {
  it('uses the same type and power-source lists as the event contracts', () => {
    expect([...CERTIFICATE_TYPES]).toEqual([...nonFossilCertificateTypes]);
    expect([...POWER_SOURCES]).toEqual([...nonFossilPowerSources]);
  });

  it('drops plant attributes of an untracked certificate and keeps those of a tracked one', () => {
    expect(validateCertificate(certificate).value).toEqual({
      certificateType: 'non_fit_renewable',
      quantityKwh: 120000,
      periodFrom: '2024-04-01',
      periodTo: '2025-03-31',
      fiscalYear: 2024,
      tracking: false,
    });
    expect(validateCertificate({ ...certificate, tracking: true }).value).toMatchObject({ tracking: true, powerSource: 'solar', generatorName: 'Plant', generatorLocation: 'Chiba' });
  });

  it('names wrong fields', () => {
    const e = (f: Partial<CertificateForm>) => validateCertificate({ ...certificate, ...f }).errors;
    expect(e({ quantityKwh: '' }).quantityKwh).toBe('validation.required');
    expect(e({ quantityKwh: '0' }).quantityKwh).toBe('offset.invalidQuantity');
    expect(e({ periodTo: '2024-03-31' }).periodTo).toBe('offset.certificate.invalidPeriod');
    expect(e({ periodFrom: '2024-13-01' }).periodFrom).toBe('offset.invalidDate');
    expect(e({ fiscalYear: '24' }).fiscalYear).toBe('offset.certificate.invalidYear');
    expect(e({ tracking: true, powerSource: 'nuclear' }).powerSource).toBe('offset.certificate.nuclearNotRenewable');
    expect(e({ tracking: true, powerSource: 'nuclear', certificateType: 'non_fit_non_renewable' })).toEqual({});
  });
});
