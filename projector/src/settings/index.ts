import type { Projection } from '../core/projection';
import { fiscalYearProjection } from './fiscalYear';
import { currencyProjection } from './currency';
import { reductionGoalProjection } from './reductionGoal';
import { offsetProjection } from './offset';
import { nonFossilCertificateProjection } from './nonFossilCertificate';
import { groupFlagProjection } from './groupFlag';
import { intensityProjection } from './intensity';
import { managementIntensityProjection } from './managementIntensity';

/** Every settings read model. */
export const settingsProjections: readonly Projection[] = [
  fiscalYearProjection,
  currencyProjection,
  reductionGoalProjection,
  offsetProjection,
  nonFossilCertificateProjection,
  groupFlagProjection,
  intensityProjection,
  managementIntensityProjection,
];
