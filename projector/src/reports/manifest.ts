import type { ProjectorFeature } from '../core/feature';
import * as filedReportsTable from '../migrations/0022_filedReports';
import * as baseYearTable from '../migrations/0023_baseYearRecords';
import * as filedReportFiguresColumn from '../migrations/0027_filedReportFigures';
import { filedReportsProjection } from './filedReports';
import { baseYearProjection } from './baseYear';

/** Reports: the filed reports and the base year's records (their content is re-rendered from the temporal ledger, activity/emissionLedgerHistory). */
export const reportsFeature: ProjectorFeature = {
  name: 'reports',
  projections: [filedReportsProjection, baseYearProjection],
  migrations: [filedReportsTable, baseYearTable, filedReportFiguresColumn],
};
