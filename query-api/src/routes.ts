import type { QueryRouteModule } from './core/registerRoute';
import { registerAuthUserRoutes } from './account/authUser';
import { registerCompanyQueries } from './organization/companies';
import { registerCompanySectionQueries } from './organization/companySections';
import { registerUserQueries } from './organization/users';
import { registerApiTokenQueries } from './organization/apiTokens';
import { registerFiscalYearQueries } from './settings/fiscalYear';
import { registerCurrencyQueries } from './settings/currency';
import { registerReductionGoalQueries } from './settings/reductionGoal';
import { registerOffsetQueries } from './settings/offset';
import { registerNonFossilCertificateQueries } from './settings/nonFossilCertificate';
import { registerGroupFlagQueries } from './settings/groupFlag';
import { registerIntensityQueries } from './settings/intensity';
import { registerScopeSettingQueries } from './settings/scopeSetting';
import { registerAggregateQueries } from './activity/aggregate';
import { registerViewQueries } from './views/totals';
import { registerAsOfMomentQueries } from './views/asOfMoments';
import { registerReportQueries } from './reports/reports';
import { registerBaseYearQueries } from './reports/baseYear';
import { registerEnergyReportQueries } from './reports/energy';
import { registerShkReportQueries } from './reports/shk';
import { registerImportQueries } from './import/imports';
import { registerManagementIntensityQueries } from './settings/managementIntensity';
import { registerAuditLogQueries } from './audit/auditLog';
import { registerCalculationBasisQueries } from './calculation/calculationBasis';
import { registerFactorLibraryQueries } from './calculation/factorLibrary';
import { registerCatalogueQueries } from './calculation/catalogue';
import { registerCompanyFactorSetQueries } from './calculation/companyFactorSets';
import { registerLiveUpdates } from './live/liveUpdates';
import { registerHealthQueries } from './health/health';
import { registerApiReference } from './docs/openApi';

/**
 * Every feature's read routes, the one list query-api registers: each module registers its
 * handlers through their contracts in @ghg/api (a contract without a handler, or a route without
 * a contract, fails tests/integration/routeContracts.int.test.ts).
 */
export const queryRoutes: readonly QueryRouteModule[] = [
  registerAuthUserRoutes,
  registerCompanyQueries,
  registerCompanySectionQueries,
  registerUserQueries,
  registerApiTokenQueries,
  registerFiscalYearQueries,
  registerCurrencyQueries,
  registerReductionGoalQueries,
  registerOffsetQueries,
  registerNonFossilCertificateQueries,
  registerGroupFlagQueries,
  registerIntensityQueries,
  registerScopeSettingQueries,
  registerAggregateQueries,
  registerViewQueries,
  registerAsOfMomentQueries,
  registerReportQueries,
  registerBaseYearQueries,
  registerEnergyReportQueries,
  registerShkReportQueries,
  registerImportQueries,
  registerManagementIntensityQueries,
  registerAuditLogQueries,
  registerCalculationBasisQueries,
  registerFactorLibraryQueries,
  registerCatalogueQueries,
  registerCompanyFactorSetQueries,
  registerLiveUpdates,
  registerHealthQueries,
  registerApiReference,
];
