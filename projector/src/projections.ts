import type { Projection } from './core/projection';
import { organizationProjection } from './organization/organization';
import { settingsProjections } from './settings/index';
import { auditLogProjection } from './audit/auditLog';
import { calculationProjections } from './calculation/index';

/** Every read model the product keeps, by name (also the names `npm run rebuild` accepts). */
export const allProjections: readonly Projection[] = [
  organizationProjection,
  ...settingsProjections,
  ...calculationProjections,
  auditLogProjection,
];
