/** Shapes of the backbone's JSON answers (docs/api.md). */
export type Locale = 'ja' | 'en' | 'zhHans';
export type Role = 'admin' | 'editor' | 'viewer';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  language: Locale;
  selectedCompanyId: string;
  tenantId: string;
  role: Role;
  scope: 'all' | 'section';
  sectionId?: string | null;
  companyIds?: string[];
  /** Group administrator: every company of the group. */
  allCompanies?: boolean;
  /** 'unauthorized' marks an invalid session (spec 000 §3). */
  message?: string;
}

export interface Company {
  id: string;
  name: string;
  region: string;
  /** For consolidation by equity share (0–100). */
  equitySharePercent?: number;
  controlApproach?: 'operational' | 'financial' | 'equity_share';
  version?: number;
}

export interface CompanySection {
  id: string;
  name: string;
  displayName: string;
  parentSection: string | null;
  depth?: number;
}

export interface CompaniesResponse {
  companies: Company[];
  isAllCompany: boolean;
}

export interface SystemOptions {
  individualType: 't1' | 't2';
}

export interface FiscalYearSetting {
  fiscalYearId: string;
  startMonth: number;
  version: number;
}

export interface CurrencyRate {
  id: string;
  fiscalYear: number;
  currencyUnit: string;
  rate: number;
  version: number;
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  id: string;
  position: string;
  occurredAt: string;
  actor: { id: string; name: string | null; email: string | null } | null;
  type: string;
  topic: string;
  entityId: string;
  changes: AuditChange[];
}

export interface AuditPage {
  entries: AuditEntry[];
  nextBefore: string | null;
}

export interface ChangeNotice {
  topic: string;
  companyId: string | null;
  tenantId?: string | null;
  ids: string[];
  position?: string | number;
}
