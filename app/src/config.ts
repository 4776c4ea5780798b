import { resolve } from 'node:path';

/** Everything the processes read from the environment, in one place (documented in docs/operations.md). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  eventStoreUrl: string | null;
  jwtSecret: string | null;
  demoPassword: string;
  individualType: 't1' | 't2';
  logLevel: string;
  webDist: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultPort = 3000): AppConfig {
  return {
    port: Number(env.PORT ?? defaultPort),
    host: env.HOST ?? 'localhost',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    demoPassword: env.GHG_DEMO_PASSWORD || 'demo-ledger',
    individualType: env.GHG_INDIVIDUAL_TYPE === 't2' ? 't2' : 't1',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
