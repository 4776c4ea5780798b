import type { Knex } from 'knex';
import * as organization from './0002_organization';
import * as settings from './0003_settings';
import * as audit from './0004_audit';
import * as targets from './0005_targets';
import * as groupFlagsIntensity from './0006_groupFlagsIntensity';
import * as calculation from './0007_calculation';
import * as boundedColumns from './0008_boundedColumns';
import * as projectionFailures from './0009_projectionFailures';
import * as deferredUniques from './0010_deferredUniques';
import { coreMigration } from './0001_core';

/**
 * Read-model schema, as knex migrations listed in order. Each feature adds its own file
 * (named NNNN_feature.ts) and one line here; never edit a migration that has shipped.
 */
export interface ReadModelMigration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: ReadModelMigration[] = [
  coreMigration,
  organization,
  settings,
  audit,
  targets,
  groupFlagsIntensity,
  calculation,
  boundedColumns,
  projectionFailures,
  deferredUniques,
];
