import { accept, reject, type Decider } from '../core/decider';
import type { CompanyEvent, ControlApproach, TenantEvent } from '@ghg/events';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;
export const companyStreamId = (companyId: string) => `company-${companyId}`;

type CreateTenant = { type: 'CreateTenant'; tenantId: string; name: string };
export const tenantDecider: Decider<CreateTenant, TenantEvent, { exists: boolean }, 'tenant_exists' | 'invalid_name'> = {
  initialState: () => ({ exists: false }),
  evolve: () => ({ exists: true }),
  decide: (c, s) => {
    if (s.exists) return reject('tenant_exists');
    if (!c.name.trim()) return reject('invalid_name');
    return accept({ type: 'TenantCreated', data: { tenantId: c.tenantId, name: c.name.trim() } });
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

const validShare = (v: number) => Number.isFinite(v) && v >= 0 && v <= 100;

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState, CompanyError> = {
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
      if (!c.region.trim()) return reject('invalid_region');
      if (c.equitySharePercent !== undefined && !validShare(c.equitySharePercent)) return reject('invalid_equity_share');
      const { type: _command, ...data } = c;
      return accept({ type: 'CompanyRegistered', data: { ...data, name: c.name.trim() } });
    }
    if (!s.exists) return reject('company_not_found');
    if (c.type === 'ChangeCompanyRegion') {
      if (!c.region.trim()) return reject('invalid_region');
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
