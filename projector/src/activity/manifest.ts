import type { ProjectorFeature } from '../core/feature';
import * as emissionLedgerTables from '../migrations/0012_emissionLedger';
import * as ledgerBases from '../migrations/0013_ledgerBases';
import * as emissionTotals from '../migrations/0016_emissionTotals';
import * as emissionTotalsYearIndex from '../migrations/0019_emissionTotalsYearIndex';
import * as ledgerDateOrder from '../migrations/0020_emissionLedgerDateOrder';
import * as ledgerHistory from '../migrations/0021_emissionLedgerHistory';
import * as ledgerHistoryMoment from '../migrations/0026_emissionLedgerHistoryMoment';
import { emissionLedgerProjection } from './activityLine';
import { emissionLedgerHistoryProjection } from './ledgerHistory';

/** Activity data: the emissions ledger, its totals for the views, and its history for reports as of a moment. */
export const activityFeature: ProjectorFeature = {
  name: 'activity',
  projections: [emissionLedgerProjection, emissionLedgerHistoryProjection],
  migrations: [emissionLedgerTables, ledgerBases, emissionTotals, emissionTotalsYearIndex, ledgerDateOrder, ledgerHistory, ledgerHistoryMoment],
};
