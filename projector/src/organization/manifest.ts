import type { ProjectorFeature } from '../core/feature';
import * as organizationTables from '../migrations/0002_organization';
import * as groupConsolidationApproach from '../migrations/0018_groupConsolidationApproach';
import * as apiTokensTable from '../migrations/0024_apiTokens';
import { organizationProjection } from './organization';
import { apiTokensProjection } from './apiTokens';

/** The group, its companies and their sections, the users and their API tokens. */
export const organizationFeature: ProjectorFeature = {
  name: 'organization',
  projections: [organizationProjection, apiTokensProjection],
  migrations: [organizationTables, groupConsolidationApproach, apiTokensTable],
};
