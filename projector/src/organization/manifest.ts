import type { ProjectorFeature } from '../core/feature';
import * as organizationTables from '../migrations/0002_organization';
import * as groupConsolidationApproach from '../migrations/0018_groupConsolidationApproach';
import { organizationProjection } from './organization';

/** The group, its companies and their sections, the users. */
export const organizationFeature: ProjectorFeature = {
  name: 'organization',
  projections: [organizationProjection],
  migrations: [organizationTables, groupConsolidationApproach],
};
