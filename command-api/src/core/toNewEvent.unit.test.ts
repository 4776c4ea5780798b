import { describe, expect, it } from 'vitest';
import { LIMITS } from '@ghg/events';
import { toNewEvent } from './executeCommand';
import { HttpError } from './httpErrors';

const metadata = { actorUserId: null, companyId: 'c1', tenantId: 't1', correlationId: 'x', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };
const rate = { id: 'r1', companyId: 'c1', fiscalYear: 2025, currencyUnit: 'USD', rate: 151.25 };
const refusal = (event: { type: string; data: unknown }) => {
  try {
    toNewEvent(event, metadata);
  } catch (error) {
    return error as HttpError & { fields?: string[] };
  }
  throw new Error('accepted');
};

describe('toNewEvent: the last gate before the log', () => {
  it('given data its contract allows, when it becomes an event, then it carries the contract version', () => {
    expect(toNewEvent({ type: 'CurrencyRateAdded', data: rate }, metadata)).toMatchObject({ type: 'CurrencyRateAdded', schemaVersion: 1, data: rate });
  });

  it('given a value past a bound that a route let through, then 400 invalid args naming the field, not a 500', () => {
    const error = refusal({ type: 'CurrencyRateAdded', data: { ...rate, rate: 1e308 } });
    expect({ status: error.statusCode, code: error.code, fields: error.fields }).toEqual({ status: 400, code: 'invalid_args', fields: ['rate'] });
    expect(refusal({ type: 'CurrencyRateAdded', data: { ...rate, currencyUnit: 'U\u0000SD' } }).fields).toEqual(['currencyUnit']);
  });

  it('given an event whose JSON exceeds LIMITS.maxEventBytes, then 413 event_too_large', () => {
    // 10,000 entries of 4,000-character sources: about 40 MB, over the 32 MiB bound.
    const entry = (i: number) => ({ key: `k${i}`, label: { ja: 'x', en: 'x', zhHans: 'x' }, value: 1, unit: 'kg-CO2e/kWh', stage: null, validFrom: null, validTo: null, source: 's'.repeat(LIMITS.longTextLength), licenceNote: null, category: null });
    const data = { id: 'u1', companyId: 'c1', setId: 'set', version: 1, mode: 'merge', fileName: 'f.csv', format: 'csv-utf8', entries: Array.from({ length: 10_000 }, (_, i) => entry(i)) };
    const error = refusal({ type: 'CompanyFactorSetUploaded', data });
    expect({ status: error.statusCode, code: error.code }).toEqual({ status: 413, code: 'event_too_large' });
  });
});
