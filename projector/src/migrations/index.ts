import type { Knex } from 'knex';

/**
 * Read-model schema, as knex migrations listed in order. Each feature adds its own file
 * (named NNNN_feature.ts) and one line here; never edit a migration that has shipped.
 */
export interface ReadModelMigration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: ReadModelMigration[] = [];
