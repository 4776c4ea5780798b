import type { ReadModelMigration } from '../migrations/index';
import type { Projection } from './projection';

/**
 * What one feature brings to the projector: its read models and the schema changes their tables
 * need. Each feature folder exports one (`manifest.ts`); `projector/src/features.ts` lists them,
 * and the runner's projections and the migrations are built from that list alone.
 */
export interface ProjectorFeature {
  name: string;
  /** Its projections (each names the tables it owns and the event contracts it handles). */
  projections: readonly Projection[];
  /** The migrations that create or change its tables, in any order (they run by name). */
  migrations: readonly ReadModelMigration[];
}

/** The features' projections, in the order the features are listed. */
export function projectionsOf(features: readonly ProjectorFeature[]): Projection[] {
  return features.flatMap((f) => f.projections);
}

/**
 * The features' migrations in the order of their names (NNNN_…); a name registered twice is a
 * mistake and throws, so a feature cannot run another's migration a second time.
 */
export function migrationsOf(features: readonly ProjectorFeature[]): ReadModelMigration[] {
  const owner = new Map<string, string>();
  for (const feature of features) {
    for (const migration of feature.migrations) {
      const first = owner.get(migration.name);
      if (first !== undefined) throw new Error(`migration ${migration.name} is registered twice (by ${first} and ${feature.name})`);
      owner.set(migration.name, feature.name);
    }
  }
  return features.flatMap((f) => f.migrations).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
