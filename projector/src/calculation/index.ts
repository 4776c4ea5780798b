import type { Projection } from '../core/projection';
import { calculationBasisProjection } from './calculationBasis';
import { companyFactorSetsProjection } from './companyFactorSets';

/** Every calculation read model. */
export const calculationProjections: readonly Projection[] = [calculationBasisProjection, companyFactorSetsProjection];
