import type { ProjectorFeature } from '../core/feature';
import * as calculationTables from '../migrations/0007_calculation';
import { calculationBasisProjection } from './calculationBasis';
import { companyFactorSetsProjection } from './companyFactorSets';

/** The calculation basis per fiscal year and the company's own factor sets. */
export const calculationFeature: ProjectorFeature = {
  name: 'calculation',
  projections: [calculationBasisProjection, companyFactorSetsProjection],
  migrations: [calculationTables],
};
