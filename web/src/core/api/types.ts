import type { accountRoutes, auditLogRoutes, companyRoutes, companySectionRoutes, currencyRoutes, fiscalYearRoutes } from '@ghg/api';
import type { Answer } from './contractTypes';

/**
 * Names for the answers several screens share, read from the route contracts (@ghg/api): a
 * change of a contract changes these, and every screen that reads a field it no longer has fails
 * the type check.
 */
export type { ChangeNotice, Language as Locale, Role } from '@ghg/events';

export type AuthUser = Answer<typeof accountRoutes.authUser>['user'];
export type SystemOptions = Answer<typeof accountRoutes.systemOptions>['systemOptions'];
export type CompaniesResponse = Answer<typeof companyRoutes.list>;
export type Company = CompaniesResponse['companies'][number];
export type CompanySection = Answer<typeof companySectionRoutes.list>['companySections'][number];
export type FiscalYearSetting = Answer<typeof fiscalYearRoutes.get>['fiscalYear'];
export type CurrencyRate = Answer<typeof currencyRoutes.list>['currencies'][number];
export type AuditPage = Answer<typeof auditLogRoutes.list>;
export type AuditEntry = AuditPage['entries'][number];
export type AuditChange = AuditEntry['changes'][number];
