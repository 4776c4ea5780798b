import type { ProjectorFeature } from '../core/feature';
import * as emissionLedgerTables from '../migrations/0012_emissionLedger';
import * as ledgerBases from '../migrations/0013_ledgerBases';
import { emissionLedgerProjection } from './activityLine';

/** Activity data: the emissions ledger. */
export const activityFeature: ProjectorFeature = {
  name: 'activity',
  projections: [emissionLedgerProjection],
  migrations: [emissionLedgerTables, ledgerBases],
};
