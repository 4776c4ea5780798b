import { accept, reject, type Decider } from '../core/decider';
import type { CompanyEvent, CompanySectionEvent, TenantEvent } from '@ghg/events';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;
export const companyStreamId = (companyId: string) => `company-${companyId}`;
export const companySectionsStreamId = (companyId: string) => `companySections-${companyId}`;

/** Reserved section names (spec §3): 指定なし is always listed last; 全社 stands for the whole company. */
export const UNSPECIFIED_SECTION = '指定なし';
export const WHOLE_COMPANY_SECTION = '全社';

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

type RegisterCompany = { type: 'RegisterCompany'; companyId: string; tenantId: string; name: string; region: string };
export const companyDecider: Decider<RegisterCompany, CompanyEvent, { exists: boolean }, 'company_exists' | 'invalid_name'> = {
  initialState: () => ({ exists: false }),
  evolve: () => ({ exists: true }),
  decide: (c, s) => {
    if (s.exists) return reject('company_exists');
    if (!c.name.trim()) return reject('invalid_name');
    return accept({ type: 'CompanyRegistered', data: { companyId: c.companyId, tenantId: c.tenantId, name: c.name.trim(), region: c.region } });
  },
};

type CreateSection = {
  type: 'CreateCompanySection';
  sectionId: string;
  companyId: string;
  name: string;
  displayName?: string;
  parentSectionId: string | null;
};
type SectionsState = { ids: ReadonlySet<string>; names: ReadonlySet<string> };
export const companySectionsDecider: Decider<
  CreateSection,
  CompanySectionEvent,
  SectionsState,
  'section_exists' | 'invalid_name' | 'parent_not_found'
> = {
  initialState: () => ({ ids: new Set(), names: new Set() }),
  evolve: (s, e) => ({ ids: new Set([...s.ids, e.data.sectionId]), names: new Set([...s.names, e.data.name]) }),
  decide: (c, s) => {
    const name = c.name.trim();
    if (!name) return reject('invalid_name');
    if (s.ids.has(c.sectionId) || s.names.has(name)) return reject('section_exists');
    if (c.parentSectionId !== null && !s.ids.has(c.parentSectionId)) return reject('parent_not_found');
    // A blank display name is filled with the name (spec §5).
    const displayName = c.displayName?.trim() || name;
    return accept({
      type: 'CompanySectionCreated',
      data: { sectionId: c.sectionId, companyId: c.companyId, name, displayName, parentSectionId: c.parentSectionId },
    });
  },
};
