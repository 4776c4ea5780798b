import type { ProjectorFeature } from '../core/feature';
import * as emissionLedgerTables from '../migrations/0012_emissionLedger';
import * as ledgerBases from '../migrations/0013_ledgerBases';
import * as emissionTotals from '../migrations/0016_emissionTotals';
import * as emissionTotalsYearIndex from '../migrations/0019_emissionTotalsYearIndex';
import * as ledgerDateOrder from '../migrations/0020_emissionLedgerDateOrder';
import { emissionLedgerProjection } from './activityLine';

/** Activity data: the emissions ledger and its totals for the views. */
export const activityFeature: ProjectorFeature = {
  name: 'activity',
  projections: [emissionLedgerProjection],
  migrations: [emissionLedgerTables, ledgerBases, emissionTotals, emissionTotalsYearIndex, ledgerDateOrder],
};
