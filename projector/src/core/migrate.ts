import type { Knex } from 'knex';
import type { ReadModelMigration } from '../migrations/index';
import { migrations as defaultMigrations } from '../features';

/**
 * Own bookkeeping tables, so the read-model list never meets the event store's migrations:
 * knex refuses to run when its table names a migration the current list does not contain.
 */
export const READ_MODEL_MIGRATIONS_TABLE = 'read_model_migrations';

/**
 * How long a starter waits for another process's migrations: a real one on a large table may take
 * minutes. Beyond it the lock is probably left by a process that died mid-migration (knex keeps
 * the row locked): the error says how to release it.
 */
const LOCK_WAIT_MS = 5 * 60_000;
const LOCKED_RETRY_MS = 100;

/** Migrations come from the in-code list, not the file system, so this works the same under tsx. */
function sourceOf(list: readonly ReadModelMigration[]): Knex.MigrationSource<ReadModelMigration> {
  return {
    getMigrations: async () => [...list],
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: (knex: Knex) => m.up(knex), down: (knex: Knex) => m.down(knex) }),
  };
}

/**
 * Brings the read-model schema up to date. Several projector processes may start at once:
 * knex's lock table lets one through and fails the rest (as does the race to create knex's own
 * tables), so those wait and try again; by then there is usually nothing left to run.
 */
export async function migrateReadModels(
  knex: Knex,
  list: readonly ReadModelMigration[] = defaultMigrations,
): Promise<string[]> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const [, names] = (await knex.migrate.latest({
        migrationSource: sourceOf(list),
        tableName: READ_MODEL_MIGRATIONS_TABLE,
      })) as [number, string[]];
      return names;
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (Date.now() > deadline) {
        throw new Error(`read-model migrations still locked after ${LOCK_WAIT_MS / 1000} s; if no other process is migrating, release the lock: update ${READ_MODEL_MIGRATIONS_TABLE}_lock set is_locked = 0`, { cause: error });
      }
      await new Promise((r) => setTimeout(r, LOCKED_RETRY_MS));
    }
  }
}

/** Lost a race: the lock, or creating knex's own tables (duplicate relation, type or pg_type row). */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === 'MigrationLocked' || /already locked/i.test(error.message) || code === '42P07' || code === '42710' || code === '23505';
}
