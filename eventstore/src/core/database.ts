import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Where the project's tables live: real PostgreSQL through `pg`, or PGlite (PostgreSQL in WASM)
 * in a data folder or in memory. PGlite is single-connection: every query of a process must go
 * through the one knex instance created here.
 */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

const INT8_OID = 20;

// pg returns int8 as text by default; PGlite returns numbers. Both return text here so that
// positions and counts are parsed the same way (Number or BigInt) whichever database answers.
pg.types.setTypeParser(INT8_OID, (v: string) => v);

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly knex: Knex;
  /** The PGlite instance, when kind is 'pglite' (for dumps and LISTEN). */
  readonly pglite: PGlite | null;
  readonly config: DatabaseConfig;
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const knex = knexFactory({
      client: 'pg',
      connection: config.url,
      pool: { min: 0, max: config.poolMax ?? 10 },
    });
    return { kind: 'postgres', knex, pglite: null, config, close: () => knex.destroy() };
  }
  const pglite = new PGlite({
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
    parsers: { [INT8_OID]: (v: string) => v },
  });
  await pglite.waitReady;
  const knex = knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return {
    kind: 'pglite',
    knex,
    pglite,
    config,
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: `${env.DATA_DIR ?? './data'}/pglite` };
}
