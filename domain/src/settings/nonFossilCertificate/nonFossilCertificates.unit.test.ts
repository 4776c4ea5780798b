import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import type { NonFossilCertificateEvent } from '@ghg/events';
import { isRenewableCertificate, nonFossilCertificatesDecider, nonFossilCertificateTypeNames, type NonFossilCertificateCommand } from './nonFossilCertificates';

const companyId = 'c1';
type Save = Extract<NonFossilCertificateCommand, { type: 'SaveNonFossilCertificate' }>;
const save = (p: Partial<Save> = {}): NonFossilCertificateCommand => ({
  type: 'SaveNonFossilCertificate',
  companyId,
  newId: 'new',
  certificateType: 'non_fit_renewable',
  quantityKwh: 1_000_000,
  periodFrom: '2025-04-01',
  periodTo: '2025-06-30',
  fiscalYear: 2025,
  tracking: true,
  powerSource: 'solar',
  generatorName: 'デモ太陽光発電所',
  generatorLocation: '千葉県',
  ...p,
});
const data = {
  id: 'a',
  companyId,
  certificateType: 'fit' as const,
  quantityKwh: 500,
  periodFrom: '2025-04-01',
  periodTo: '2025-06-30',
  fiscalYear: 2025,
  tracking: false,
  powerSource: null,
  generatorName: null,
  generatorLocation: null,
};
const added: NonFossilCertificateEvent = { type: 'NonFossilCertificateAdded', data };
const untracked = { tracking: false, powerSource: null, generatorName: null, generatorLocation: null };

describe('non-fossil certificate decider', () => {
  it('given none, when a tracked certificate is saved, then NonFossilCertificateAdded with its attributes', () => {
    expect(given(nonFossilCertificatesDecider, []).when(save({ generatorName: ' デモ太陽光発電所 ' }))).toEqual({
      ok: true,
      events: [
        {
          type: 'NonFossilCertificateAdded',
          data: {
            id: 'new',
            companyId,
            certificateType: 'non_fit_renewable',
            quantityKwh: 1_000_000,
            periodFrom: '2025-04-01',
            periodTo: '2025-06-30',
            fiscalYear: 2025,
            tracking: true,
            powerSource: 'solar',
            generatorName: 'デモ太陽光発電所',
            generatorLocation: '千葉県',
          },
        },
      ],
    });
  });

  it('an untracked certificate has no plant attributes; blank ones read as none', () => {
    const result = given(nonFossilCertificatesDecider, []).when(save({ ...untracked, generatorName: '  ', certificateType: 'fit' }));
    expect(result.ok && result.events[0]!.data).toMatchObject({ tracking: false, powerSource: null, generatorName: null });
  });

  it('given a certificate, when changed by id, then NonFossilCertificateChanged keeps the id; unchanged appends nothing', () => {
    const result = given(nonFossilCertificatesDecider, [added]).when(save({ id: 'a', ...untracked, certificateType: 'fit', quantityKwh: 600, expectedVersion: 0 }));
    expect(result).toEqual({ ok: true, events: [{ type: 'NonFossilCertificateChanged', data: { ...data, quantityKwh: 600 } }] });
    expect(given(nonFossilCertificatesDecider, [added]).when(save({ id: 'a', ...untracked, certificateType: 'fit', quantityKwh: 500 }))).toEqual({ ok: true, events: [] });
  });

  it('given a certificate changed since the client read it, when saved with the old version, then version_conflict', () => {
    const history = [added, { type: 'NonFossilCertificateChanged', data: { ...data, quantityKwh: 700 } } as NonFossilCertificateEvent];
    expect(given(nonFossilCertificatesDecider, history).when(save({ id: 'a', ...untracked, certificateType: 'fit', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
  });

  it.each([
    [{ certificateType: 'green' }, 'invalid_certificate_type'],
    [{ quantityKwh: 0 }, 'invalid_quantity'],
    [{ quantityKwh: -1 }, 'invalid_quantity'],
    [{ periodFrom: '2025-13-01' }, 'invalid_date'],
    [{ periodTo: '30.06.2025' }, 'invalid_date'],
    [{ periodFrom: '2025-07-01' }, 'invalid_period'],
    [{ fiscalYear: 99 }, 'invalid_fiscal_year'],
    [{ powerSource: 'coal' }, 'invalid_power_source'],
    [{ powerSource: 'nuclear' }, 'power_source_not_renewable'],
    [{ certificateType: 'fit', powerSource: 'nuclear' }, 'power_source_not_renewable'],
    [{ generatorName: 'x'.repeat(201) }, 'invalid_generator'],
    [{ tracking: false }, 'attributes_need_tracking'],
    [{ tracking: false, powerSource: null, generatorName: null }, 'attributes_need_tracking'],
    [{ id: 'missing' }, 'non_fossil_certificate_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(nonFossilCertificatesDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('a non-renewable certificate may name nuclear as its source', () => {
    expect(given(nonFossilCertificatesDecider, []).when(save({ certificateType: 'non_fit_non_renewable', powerSource: 'nuclear' })).ok).toBe(true);
    expect(isRenewableCertificate('non_fit_non_renewable')).toBe(false);
    expect(isRenewableCertificate('fit')).toBe(true);
    expect(nonFossilCertificateTypeNames.non_fit_renewable).toBe('非FIT非化石証書(再エネ指定)');
  });

  it('given a certificate, when removed, then NonFossilCertificateRemoved; a missing one is non_fossil_certificate_not_found', () => {
    expect(given(nonFossilCertificatesDecider, [added]).when({ type: 'RemoveNonFossilCertificate', companyId, id: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'NonFossilCertificateRemoved', data: { id: 'a', companyId } }],
    });
    expect(given(nonFossilCertificatesDecider, []).when({ type: 'RemoveNonFossilCertificate', companyId, id: 'a' })).toEqual({ ok: false, error: 'non_fossil_certificate_not_found' });
    expect(given(nonFossilCertificatesDecider, [added]).when({ type: 'RemoveNonFossilCertificate', companyId, id: 'a', expectedVersion: 5 })).toEqual({ ok: false, error: 'version_conflict' });
  });
});
