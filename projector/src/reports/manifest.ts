import type { ProjectorFeature } from '../core/feature';
import * as filedReportsTable from '../migrations/0022_filedReports';
import { filedReportsProjection } from './filedReports';

/** Reports: the filed reports (their content is re-rendered from the temporal ledger, activity/emissionLedgerHistory). */
export const reportsFeature: ProjectorFeature = {
  name: 'reports',
  projections: [filedReportsProjection],
  migrations: [filedReportsTable],
};
