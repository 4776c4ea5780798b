import type { Projection } from '../core/projection';
import { fiscalYearProjection } from './fiscalYear';
import { currencyProjection } from './currency';

/** Every settings read model. */
export const settingsProjections: readonly Projection[] = [fiscalYearProjection, currencyProjection];
