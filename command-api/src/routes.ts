import type { CommandRouteModule } from './core/registerRoute';
import { registerLoginRoutes } from './auth/login';
import { registerPasswordRoutes } from './auth/passwordReset';
import { registerUserRoutes } from './account/user';
import { registerCompanyRoutes } from './organization/companies';
import { registerCompanySectionRoutes } from './organization/companySections';
import { registerUserManagementRoutes } from './organization/users';
import { registerApiTokenRoutes } from './organization/apiTokens';
import { registerFiscalYearRoutes } from './settings/fiscalYear';
import { registerCurrencyRoutes } from './settings/currency';
import { registerReductionGoalRoutes } from './settings/reductionGoal';
import { registerOffsetRoutes } from './settings/offset';
import { registerNonFossilCertificateRoutes } from './settings/nonFossilCertificate';
import { registerGroupFlagRoutes } from './settings/groupFlag';
import { registerIntensityRoutes } from './settings/intensity';
import { registerScopeSettingRoutes } from './settings/scopeSetting';
import { registerActivityLineRoutes } from './activity/activityLine';
import { registerManagementIntensityRoutes } from './settings/managementIntensity';
import { registerBasisRoutes } from './calculation/basis';
import { registerCalculateRoute } from './calculation/calculate';
import { registerCompanyFactorSetRoutes } from './calculation/companyFactorSets';
import { registerImportRoutes } from './import/routes';
import { registerExportRoutes } from './views/exportByScope';
import { registerReportRoutes } from './reports/reports';
import { registerBaseYearRoutes } from './reports/baseYear';
import { registerAuditPackRoutes } from './reports/auditPack';
import { registerReportXlsxRoutes } from './reports/reportXlsx';
import { registerEnergyXlsxRoutes } from './reports/energyXlsx';
import { registerShkXlsxRoutes } from './reports/shkXlsx';

/**
 * Every feature's command routes, the one list command-api registers: each module registers its
 * handlers through their contracts in @ghg/api (a contract without a handler, or a route without
 * a contract, fails tests/integration/routeContracts.int.test.ts).
 */
export const commandRoutes: readonly CommandRouteModule[] = [
  registerLoginRoutes,
  registerPasswordRoutes,
  registerUserRoutes,
  registerCompanyRoutes,
  registerCompanySectionRoutes,
  registerUserManagementRoutes,
  registerApiTokenRoutes,
  registerFiscalYearRoutes,
  registerCurrencyRoutes,
  registerReductionGoalRoutes,
  registerOffsetRoutes,
  registerNonFossilCertificateRoutes,
  registerGroupFlagRoutes,
  registerIntensityRoutes,
  registerScopeSettingRoutes,
  registerActivityLineRoutes,
  registerManagementIntensityRoutes,
  registerBasisRoutes,
  registerCalculateRoute,
  registerCompanyFactorSetRoutes,
  registerImportRoutes,
  registerExportRoutes,
  registerReportRoutes,
  registerBaseYearRoutes,
  registerAuditPackRoutes,
  registerReportXlsxRoutes,
  registerEnergyXlsxRoutes,
  registerShkXlsxRoutes,
];
