import type { Knex } from 'knex';

/**
 * One read-model schema change, a knex migration. Each lives in this folder as `NNNN_name.ts`
 * (the number orders them: a new one takes the next number) and is registered by the feature
 * whose tables it changes (its manifest's `migrations`); they run in the order of their names.
 * Never edit or rename a migration that has shipped: databases record them by name.
 */
export interface ReadModelMigration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}
