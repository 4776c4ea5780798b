import { accept, reject, type Decider } from '../core/decider';
import { DEFAULT_CONSOLIDATION_APPROACH, DEFAULT_CONTROL_APPROACH, DEFAULT_EQUITY_SHARE_PERCENT, regions, type CompanyEvent, type ConsolidationApproach, type ControlApproach, type TenantEvent } from '@ghg/events';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;
export const companyStreamId = (companyId: string) => `company-${companyId}`;

export type TenantCommand =
  | { type: 'CreateTenant'; tenantId: string; name: string }
  | { type: 'AddCompanyToTenant'; tenantId: string; companyId: string }
  | ChooseGroupConsolidationApproach;

/**
 * The group's own consolidation approach (its totals are consolidated by it unless a view asks
 * for another). A group-level choice: only a user whose companies are every company of the group.
 */
export interface ChooseGroupConsolidationApproach {
  type: 'ChooseGroupConsolidationApproach';
  tenantId: string;
  approach: ConsolidationApproach;
  /** The caller's reach: a group administrator (every company, also ones added later), else the companies they hold. */
  actor: { allCompanies: boolean; companyIds: readonly string[] };
  /** When given, refused unless the choice is still at this version (-1: never chosen). */
  expectedVersion?: number;
}

export interface TenantState {
  exists: boolean;
  companyIds: readonly string[];
  consolidationApproach: ConsolidationApproach;
  /** Stream revision of the last choice of approach, -1 when never chosen. */
  consolidationApproachVersion: number;
}

export type TenantError = 'tenant_exists' | 'tenant_not_found' | 'invalid_name' | 'whole_group_required' | 'version_conflict';

export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState, TenantError> = {
  eventTypes: { TenantCreated: true, TenantCompanyAdded: true, GroupConsolidationApproachChosen: true },
  initialState: () => ({ exists: false, companyIds: [], consolidationApproach: DEFAULT_CONSOLIDATION_APPROACH, consolidationApproachVersion: -1 }),
  evolve: (s, e, revision) => {
    switch (e.type) {
      case 'TenantCreated':
        return { ...s, exists: true };
      case 'TenantCompanyAdded':
        return { ...s, companyIds: [...s.companyIds, e.data.companyId] };
      case 'GroupConsolidationApproachChosen':
        return { ...s, consolidationApproach: e.data.approach, consolidationApproachVersion: revision };
    }
  },
  decide: (c, s) => {
    if (c.type === 'CreateTenant') {
      if (s.exists) return reject('tenant_exists');
      if (!c.name.trim()) return reject('invalid_name');
      return accept({ type: 'TenantCreated', data: { tenantId: c.tenantId, name: c.name.trim() } });
    }
    if (!s.exists) return reject('tenant_not_found');
    if (c.type === 'ChooseGroupConsolidationApproach') {
      if (!c.actor.allCompanies && !s.companyIds.every((id) => c.actor.companyIds.includes(id))) return reject('whole_group_required');
      if (c.expectedVersion !== undefined && c.expectedVersion !== s.consolidationApproachVersion) return reject('version_conflict');
      // Choosing the approach already in force is no change: nothing for the audit log.
      if (c.approach === s.consolidationApproach) return accept();
      return accept({ type: 'GroupConsolidationApproachChosen', data: { tenantId: c.tenantId, approach: c.approach } });
    }
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
          equitySharePercent: e.data.equitySharePercent ?? DEFAULT_EQUITY_SHARE_PERCENT,
          controlApproach: e.data.controlApproach ?? DEFAULT_CONTROL_APPROACH,
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
