import type { ProjectorFeature } from './feature';
import { coreMigration } from '../migrations/0001_core';
import * as projectionFailures from '../migrations/0009_projectionFailures';

/** The runner's own tables: checkpoints and the marks of failing projections. */
export const runnerFeature: ProjectorFeature = {
  name: 'runner',
  projections: [],
  migrations: [coreMigration, projectionFailures],
};
