import { describe, expect, it } from 'vitest';
import { given } from '../core/decider';
import { companyDecider, tenantDecider } from './tenant';
import type { CompanyEvent, TenantEvent } from '@ghg/events';

const registered: CompanyEvent = { type: 'CompanyRegistered', data: { companyId: 'c1', tenantId: 't1', name: 'A', region: 'Japan' } };

describe('company decider', () => {
  it('given a company, when its region changes, then CompanyRegionChanged; the same region writes nothing', () => {
    expect(given(companyDecider, [registered]).when({ type: 'ChangeCompanyRegion', companyId: 'c1', region: 'US' })).toEqual({
      ok: true,
      events: [{ type: 'CompanyRegionChanged', data: { companyId: 'c1', region: 'US' } }],
    });
    expect(given(companyDecider, [registered]).when({ type: 'ChangeCompanyRegion', companyId: 'c1', region: 'Japan' })).toEqual({ ok: true, events: [] });
  });

  it('a company registered without consolidation data is 100 % owned under operational control', () => {
    expect(given(companyDecider, [registered]).when({ type: 'SetCompanyConsolidation', companyId: 'c1', equitySharePercent: 100, controlApproach: 'operational' })).toEqual({ ok: true, events: [] });
  });

  it.each([-1, 100.5, Number.NaN])('an equity share of %s is invalid_equity_share', (share) => {
    expect(given(companyDecider, [registered]).when({ type: 'SetCompanyConsolidation', companyId: 'c1', equitySharePercent: share, controlApproach: 'equity_share' })).toEqual({ ok: false, error: 'invalid_equity_share' });
  });

  it('a region outside the product\'s list is invalid_region', () => {
    expect(given(companyDecider, [registered]).when({ type: 'ChangeCompanyRegion', companyId: 'c1', region: 'Atlantis' })).toEqual({ ok: false, error: 'invalid_region' });
  });

  it('a tenant lists each company once', () => {
    const history: TenantEvent[] = [{ type: 'TenantCreated', data: { tenantId: 't1', name: 'G' } }, { type: 'TenantCompanyAdded', data: { tenantId: 't1', companyId: 'c1' } }];
    expect(given(tenantDecider, history).when({ type: 'AddCompanyToTenant', tenantId: 't1', companyId: 'c1' })).toEqual({ ok: true, events: [] });
    expect(given(tenantDecider, history).when({ type: 'AddCompanyToTenant', tenantId: 't1', companyId: 'c2' })).toEqual({ ok: true, events: [{ type: 'TenantCompanyAdded', data: { tenantId: 't1', companyId: 'c2' } }] });
  });

  it('an unknown company is company_not_found', () => {
    expect(given(companyDecider, []).when({ type: 'ChangeCompanyRegion', companyId: 'c1', region: 'US' })).toEqual({ ok: false, error: 'company_not_found' });
  });
});
