import type { ProjectorFeature } from '../core/feature';
import * as emissionLedgerTables from '../migrations/0012_emissionLedger';
import { emissionLedgerProjection } from './activityLine';

/** Activity data: the emissions ledger. */
export const activityFeature: ProjectorFeature = {
  name: 'activity',
  projections: [emissionLedgerProjection],
  migrations: [emissionLedgerTables],
};
