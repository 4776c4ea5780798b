/**
 * @ghg/api: the route contracts of command-api and query-api (requests, answers, permissions,
 * refusals → status), pure: zod, @ghg/events and @ghg/domain only, so the web app can use them too.
 * Each feature owns one file with its routes; a new feature adds one line to `apiFeatures`.
 */
import type { RouteContract } from './core/contract';
import { sessionRoutes } from './auth/session';
import { accountRoutes } from './account/user';
import { companyRoutes } from './organization/companies';
import { companySectionRoutes } from './organization/companySections';
import { userRoutes } from './organization/users';
import { apiTokenRoutes } from './organization/apiTokens';
import { fiscalYearRoutes } from './settings/fiscalYear';
import { currencyRoutes } from './settings/currency';
import { reductionGoalRoutes } from './settings/reductionGoal';
import { offsetRoutes } from './settings/offset';
import { nonFossilCertificateRoutes } from './settings/nonFossilCertificate';
import { groupFlagRoutes } from './settings/groupFlag';
import { intensityRoutes } from './settings/intensity';
import { scopeSettingRoutes } from './settings/scopeSetting';
import { activityLineRoutes } from './activity/activityLine';
import { aggregateRoutes, aggregateScopes } from './activity/aggregate';
import { managementIntensityRoutes } from './settings/managementIntensity';
import { auditLogRoutes } from './audit/auditLog';
import { basisRoutes } from './calculation/basis';
import { calculateRoutes } from './calculation/calculate';
import { factorLibraryRoutes } from './calculation/factorLibrary';
import { catalogueRoutes } from './calculation/catalogue';
import { companyFactorSetRoutes } from './calculation/companyFactorSets';
import { healthRoutes } from './health/health';
import { liveRoutes } from './live/live';
import { docsRoutes } from './docs/docs';
import { importRoutes } from './import/imports';
import { viewRoutes } from './views/totals';
import { asOfMomentRoutes } from './views/asOfMoments';
import { exportRoutes } from './views/export';
import { reportRoutes } from './reports/reports';
import { baseYearRoutes } from './reports/baseYear';
import { auditPackRoutes } from './reports/auditPack';
import { energyReportRoutes } from './reports/energy';
import { shkReportRoutes } from './reports/shk';

export * from './core/contract';
export * from './core/args';
export * from './core/http';
export * from './core/csvText';
export { ImportOutcome, MAX_JSON_ROWS, importFileRefusals, type ImportFileRefusal } from './import/imports';
export { MAX_PASSWORD_LENGTH } from './auth/session';
export { MAX_LINES, linesArg } from './calculation/calculate';
export { FactorListQuery } from './calculation/factorLibrary';
export { MAX_TOTALS_YEARS, TotalsRow, consolidationApproaches, totalsDimensions, totalsScopes, type ConsolidationApproach, type TotalsDimension } from './views/totals';
export { AsOfMoment, DEFAULT_AS_OF_MOMENTS, MAX_AS_OF_MOMENTS, MIN_AS_OF_MOMENTS } from './views/asOfMoments';
export { XLSX_MEDIA_TYPE, exportColumns, exportFileTypes, exportScopes, exportSheetCount, exportSheets, type ExportColumn, type ExportScope } from './views/export';
export { GhgInventory, FiledReport } from './reports/reports';
export { EnergyReport, EnergyGap, energyTypes } from './reports/energy';
export { ShkReport, ShkGap, shkGasClasses, shkRules, shkAdjustmentKinds, shkUnclassifiedReasons } from './reports/shk';
export { uploadRefusals, type UploadRefusalCode } from './calculation/companyFactorSets';
export {
  sessionRoutes,
  accountRoutes,
  companyRoutes,
  companySectionRoutes,
  userRoutes,
  apiTokenRoutes,
  fiscalYearRoutes,
  currencyRoutes,
  reductionGoalRoutes,
  offsetRoutes,
  nonFossilCertificateRoutes,
  groupFlagRoutes,
  intensityRoutes,
  managementIntensityRoutes,
  scopeSettingRoutes,
  activityLineRoutes,
  aggregateRoutes,
  aggregateScopes,
  auditLogRoutes,
  basisRoutes,
  calculateRoutes,
  factorLibraryRoutes,
  catalogueRoutes,
  companyFactorSetRoutes,
  healthRoutes,
  liveRoutes,
  docsRoutes,
  importRoutes,
  viewRoutes,
  asOfMomentRoutes,
  exportRoutes,
  reportRoutes,
  baseYearRoutes,
  auditPackRoutes,
  energyReportRoutes,
  shkReportRoutes,
};

export interface ApiFeature {
  /** The heading the API reference files the feature's routes under. */
  readonly tag: string;
  readonly routes: Readonly<Record<string, RouteContract>>;
}

/** Every feature's routes: the one list the API reference and the route checks loop over. */
export const apiFeatures: readonly ApiFeature[] = [
  { tag: 'Session', routes: sessionRoutes },
  { tag: 'Account', routes: accountRoutes },
  { tag: 'Companies', routes: companyRoutes },
  { tag: 'Company sections', routes: companySectionRoutes },
  { tag: 'Users', routes: userRoutes },
  { tag: 'API tokens', routes: apiTokenRoutes },
  { tag: 'Fiscal year', routes: fiscalYearRoutes },
  { tag: 'Currency rates', routes: currencyRoutes },
  { tag: 'Reduction goals', routes: reductionGoalRoutes },
  { tag: 'Offsets', routes: offsetRoutes },
  { tag: 'Non-fossil certificates', routes: nonFossilCertificateRoutes },
  { tag: 'Group flags', routes: groupFlagRoutes },
  { tag: 'Intensity master', routes: intensityRoutes },
  { tag: 'Management intensity', routes: managementIntensityRoutes },
  { tag: 'Scope settings', routes: scopeSettingRoutes },
  { tag: 'Activity lines', routes: activityLineRoutes },
  { tag: 'Imports', routes: importRoutes },
  { tag: 'Emissions aggregate', routes: aggregateRoutes },
  { tag: 'Emission views', routes: viewRoutes },
  { tag: 'As of a moment', routes: asOfMomentRoutes },
  { tag: 'Export', routes: exportRoutes },
  { tag: 'Reports', routes: reportRoutes },
  { tag: 'Base year', routes: baseYearRoutes },
  { tag: 'Audit pack', routes: auditPackRoutes },
  { tag: 'Energy report', routes: energyReportRoutes },
  { tag: 'SHK report', routes: shkReportRoutes },
  { tag: 'Audit log', routes: auditLogRoutes },
  { tag: 'Calculation basis', routes: basisRoutes },
  { tag: 'Preview calculation', routes: calculateRoutes },
  { tag: 'Factor library', routes: factorLibraryRoutes },
  { tag: 'Catalogue', routes: catalogueRoutes },
  { tag: 'Company factor sets', routes: companyFactorSetRoutes },
  { tag: 'Health', routes: healthRoutes },
  { tag: 'Live updates', routes: liveRoutes },
  { tag: 'API reference', routes: docsRoutes },
];

/** Every route contract, each with the tag of its feature. */
export const allRoutes: readonly { readonly tag: string; readonly contract: RouteContract }[] = apiFeatures.flatMap((f) =>
  Object.values(f.routes).map((contract) => ({ tag: f.tag, contract })),
);

/**
 * Which service serves a route: every GET is query-api's (reads, the change feed, the reference),
 * everything else command-api's — the rule the distributed proxy routes by.
 */
export const serviceOf = (contract: RouteContract): 'command-api' | 'query-api' => (contract.method === 'GET' ? 'query-api' : 'command-api');
