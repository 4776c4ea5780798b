import type { Projection } from './core/projection';
import { organizationProjection } from './organization/organization';
import { fiscalYearProjection } from './settings/fiscalYear';
import { currencyProjection } from './settings/currency';
import { auditLogProjection } from './audit/auditLog';

/** Every read model the product keeps, by name (also the names `npm run rebuild` accepts). */
export const allProjections: readonly Projection[] = [
  organizationProjection,
  fiscalYearProjection,
  currencyProjection,
  auditLogProjection,
];
