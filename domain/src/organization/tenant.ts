import { accept, reject, type Decider } from '../core/decider';
import { regions, type CompanyEvent, type ControlApproach, type TenantEvent } from '@ghg/events';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;
export const companyStreamId = (companyId: string) => `company-${companyId}`;

export type TenantCommand =
  | { type: 'CreateTenant'; tenantId: string; name: string }
  | { type: 'AddCompanyToTenant'; tenantId: string; companyId: string };
export interface TenantState {
  exists: boolean;
  companyIds: readonly string[];
}
export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState, 'tenant_exists' | 'tenant_not_found' | 'invalid_name'> = {
  eventTypes: { TenantCreated: true, TenantCompanyAdded: true },
  initialState: () => ({ exists: false, companyIds: [] }),
  evolve: (s, e) => (e.type === 'TenantCreated' ? { ...s, exists: true } : { ...s, companyIds: [...s.companyIds, e.data.companyId] }),
  decide: (c, s) => {
    if (c.type === 'CreateTenant') {
      if (s.exists) return reject('tenant_exists');
      if (!c.name.trim()) return reject('invalid_name');
      return accept({ type: 'TenantCreated', data: { tenantId: c.tenantId, name: c.name.trim() } });
    }
    if (!s.exists) return reject('tenant_not_found');
    if (s.companyIds.includes(c.companyId)) return accept();
    return accept({ type: 'TenantCompanyAdded', data: { tenantId: c.tenantId, companyId: c.companyId } });
  },
};

export type CompanyCommand =
  | {
      type: 'RegisterCompany';
      companyId: string;
      tenantId: string;
      name: string;
      region: string;
      equitySharePercent?: number;
      controlApproach?: ControlApproach;
    }
  | { type: 'ChangeCompanyRegion'; companyId: string; region: string }
  | { type: 'SetCompanyConsolidation'; companyId: string; equitySharePercent: number; controlApproach: ControlApproach };

export interface CompanyState {
  exists: boolean;
  region: string;
  equitySharePercent: number;
  controlApproach: ControlApproach;
}

export type CompanyError = 'company_exists' | 'company_not_found' | 'invalid_name' | 'invalid_region' | 'invalid_equity_share';

const isRegion = (r: string) => (regions as readonly string[]).includes(r);
const validShare = (v: number) => Number.isFinite(v) && v >= 0 && v <= 100;

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState, CompanyError> = {
  eventTypes: { CompanyRegistered: true, CompanyRegionChanged: true, CompanyConsolidationChanged: true },
  initialState: () => ({ exists: false, region: '', equitySharePercent: 100, controlApproach: 'operational' }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'CompanyRegistered':
        return {
          exists: true,
          region: e.data.region,
          equitySharePercent: e.data.equitySharePercent ?? 100,
          controlApproach: e.data.controlApproach ?? 'operational',
        };
      case 'CompanyRegionChanged':
        return { ...s, region: e.data.region };
      case 'CompanyConsolidationChanged':
        return { ...s, equitySharePercent: e.data.equitySharePercent, controlApproach: e.data.controlApproach };
    }
  },
  decide: (c, s) => {
    if (c.type === 'RegisterCompany') {
      if (s.exists) return reject('company_exists');
      if (!c.name.trim()) return reject('invalid_name');
      if (!isRegion(c.region)) return reject('invalid_region');
      if (c.equitySharePercent !== undefined && !validShare(c.equitySharePercent)) return reject('invalid_equity_share');
      const { type: _command, ...data } = c;
      return accept({ type: 'CompanyRegistered', data: { ...data, name: c.name.trim() } });
    }
    if (!s.exists) return reject('company_not_found');
    if (c.type === 'ChangeCompanyRegion') {
      if (!isRegion(c.region)) return reject('invalid_region');
      if (c.region === s.region) return accept();
      return accept({ type: 'CompanyRegionChanged', data: { companyId: c.companyId, region: c.region } });
    }
    if (!validShare(c.equitySharePercent)) return reject('invalid_equity_share');
    if (c.equitySharePercent === s.equitySharePercent && c.controlApproach === s.controlApproach) return accept();
    return accept({
      type: 'CompanyConsolidationChanged',
      data: { companyId: c.companyId, equitySharePercent: c.equitySharePercent, controlApproach: c.controlApproach },
    });
  },
};
