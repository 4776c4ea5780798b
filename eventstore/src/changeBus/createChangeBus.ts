import type { ChangeBus } from './changeBus';
import type { Database } from '../core/database';
import { createInMemoryChangeBus } from './inMemoryChangeBus';
import { createPostgresChangeBus } from './postgresChangeBus';

/**
 * PostgreSQL: notices cross processes (projector and query-api may run apart). PGlite: one
 * process by construction, so in-memory.
 */
export async function createChangeBus(db: Database): Promise<ChangeBus> {
  return db.kind === 'postgres' ? createPostgresChangeBus(db) : createInMemoryChangeBus();
}
