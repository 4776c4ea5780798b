import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '@ghg/events';
import { call, describeOnBackends, login, refusedCall, type RunningApp } from './embeddedApp';

/**
 * As a user of the API meets them: values the read models could
 * not hold, wrong types, unknown ids, NUL and lone surrogates are refused with a 400 that names the
 * field, and append nothing. The fuzz suite tries the same classes on every route at random; these
 * are the reported instances, kept as fixed cases.
 */
const certificate = {
  certificateType: 'non_fit_renewable',
  quantityKwh: 1000,
  periodFrom: '2025-04-01',
  periodTo: '2025-06-30',
  fiscalYear: 2025,
  tracking: false,
  powerSource: null,
  generatorName: null,
  generatorLocation: null,
};
const offset = { type: 'J-クレジット', particularNumberFrom: 'A-1', particularNumberTo: 'A-2', invalidOrRelocationQuantity: 5, invalidOrRelocationDate: '2025-06-30', authType: '無効化' };

describeOnBackends('strict input', (start) => {
  let app: RunningApp;
  let admin: string;
  let companyId: string;
  let viewerId: string;
  let fiscalYearId: string;

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
    companyId = (await call(app, 'GET', '/api/auth-user', admin)).body.user.selectedCompanyId;
    const users = (await call(app, 'GET', '/api/users', admin)).body.users as { id: string; email: string }[];
    viewerId = users.find((u) => u.email === 'viewer@demo.example')!.id;
    fiscalYearId = (await call(app, 'GET', '/api/fiscal-year', admin)).body.fiscalYear.fiscalYearId;
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Refused with 400 'invalid args' naming exactly `fields`, and nothing appended. */
  const invalid = async (method: string, url: string, body: unknown, fields: string[]) => {
    const res = await refusedCall(app, method, url, admin, body);
    expect({ status: res.status, code: res.body?.code, fields: res.body?.fields }, `${method} ${url} ${JSON.stringify(body ?? null).slice(0, 120)}`).toEqual({
      status: 400,
      code: 'invalid_args',
      fields,
    });
  };

  it('a quantity beyond what a read model holds is refused, the largest allowed one is stored and read back', async () => {
    await invalid('POST', '/api/non-fossil-certificate', { ...certificate, quantityKwh: 1e308 }, ['quantityKwh']);
    await invalid('POST', '/api/non-fossil-certificate', { ...certificate, quantityKwh: LIMITS.maxQuantity * 10 }, ['quantityKwh']);
    await invalid('POST', '/api/currency', { fiscalYear: 2030, currencyUnit: 'USD', rate: 1e16 }, ['rate']);
    await invalid('POST', '/api/offset', { ...offset, invalidOrRelocationQuantity: 1e300 }, ['invalidOrRelocationQuantity']);
    const largest = await call(app, 'POST', '/api/non-fossil-certificate', admin, { ...certificate, quantityKwh: LIMITS.maxQuantity });
    expect(largest.status).toBe(200);
    const listed = (await call(app, 'GET', '/api/non-fossil-certificate?fiscalYear=2025', admin)).body.nonFossilCertificates as { id: string; quantityKwh: number }[];
    expect(listed.find((c) => c.id === largest.body.nonFossilCertificate.id)?.quantityKwh).toBe(LIMITS.maxQuantity);
    // The command after it is not held up by a stalled projection (read-your-writes waits ≤ 2 s).
    const started = performance.now();
    expect((await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2031, currencyUnit: 'USD', rate: LIMITS.maxQuantity })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('wrong types are refused, never coerced: true is not 1, null is not 0, "0x10" is not 16', async () => {
    await invalid('POST', '/api/fiscal-year', { fiscalYearId, startMonth: true }, ['startMonth']);
    await invalid('POST', '/api/fiscal-year', { fiscalYearId, startMonth: '0x4' }, ['startMonth']);
    await invalid('POST', '/api/currency', { fiscalYear: 2030, currencyUnit: 'USD', rate: true }, ['rate']);
    await invalid('POST', '/api/currency', { fiscalYear: '2030 ', currencyUnit: 'USD', rate: 1 }, ['fiscalYear']);
    await invalid('PUT', '/api/company/consolidation', { companyId, equitySharePercent: null, controlApproach: 'operational' }, ['equitySharePercent']);
    // Out of range is the rule's own refusal, which the screens translate.
    expect((await refusedCall(app, 'PUT', '/api/company/consolidation', admin, { companyId, equitySharePercent: 100.5, controlApproach: 'operational' })).body.code).toBe('invalid_equity_share');
    expect((await refusedCall(app, 'POST', '/api/fiscal-year', admin, { fiscalYearId, startMonth: 13 })).body.code).toBe('invalid_start_month');
    await invalid('POST', '/api/non-fossil-certificate', { ...certificate, tracking: 'yes' }, ['tracking']);
    // A decimal numeral from a form field is a number (documented in docs/api.md).
    expect((await call(app, 'POST', '/api/currency', admin, { fiscalYear: '2032', currencyUnit: 'EUR', rate: '151.25' })).body.currency).toMatchObject({ fiscalYear: 2032, rate: 151.25 });
  });

  it('unknown ids are refused: a section that does not exist, in a flag or in a user\'s access', async () => {
    const flag = await refusedCall(app, 'POST', '/api/group-flag', admin, { name: 'strict', sectionIds: ['no-such-section'] });
    expect(flag.body.code).toBe('unknown_section');
    const access = await refusedCall(app, 'PUT', `/api/users/${viewerId}/access`, admin, { role: 'viewer', companyIds: [companyId], sectionId: 'no-such-section' });
    expect(access.body.code).toBe('unknown_section');
    const company = await refusedCall(app, 'PUT', `/api/users/${viewerId}/access`, admin, { role: 'viewer', companyIds: ['no-such-company'] });
    expect(company.body.code).toBe('unknown_company');
  });

  it('NUL and lone surrogates are refused wherever they come: body values and keys, path ids, query values', async () => {
    await invalid('POST', '/api/offset', { ...offset, type: 'a\u0000b' }, ['type']);
    await invalid('POST', '/api/intensity', { name: 'x\ud800', unit: 'u' }, ['name']);
    await invalid('POST', '/api/company-section', { section: { name: 'ok', displayName: '\udc00' } }, ['section.displayName']);
    await invalid('POST', '/api/calculation-basis/preview', { fiscalYear: 2025, lines: [{ formulaId: 's1.fuel', inputs: { 'k\u0000': 1 } }] }, ['lines.0.inputs']);
    await invalid('DELETE', '/api/currency/%00', undefined, ['id']);
    for (const url of ['/api/group-flag/%00', '/api/company-factor-sets/%00/factors.csv', '/api/emission-factors?q=a%00b']) {
      const res = await call(app, 'GET', url, admin);
      expect({ url, status: res.status, code: res.body?.code }).toEqual({ url, status: 400, code: 'invalid_args' });
    }
  });

  it('absurd numbers in a query and bodies nested deeper than any command are a 400, not a 500', async () => {
    expect((await call(app, 'GET', '/api/auditlog?before=99999999999999999999999', admin)).status).toBe(400);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect((await refusedCall(app, 'POST', '/api/intensity', admin, { name: 'deep', unit: 'u', extra: deep })).status).toBe(400);
  });
});
