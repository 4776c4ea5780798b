import { commandApiPlugin } from '@ghg/command-api';
import { loadConfig } from './config';
import { createHttpServer } from './httpServer';
import { openInfrastructure } from './infrastructure';
import { pollProjectionCheckpoints } from './readYourWrites';
import { onShutdown } from './shutdown';

/** Where docker-compose.yml publishes the proxy; only a fallback, PUBLIC_URL should be set. */
const COMPOSE_PROXY_URL = 'http://localhost:3000';

/** command-api alone (distributed run): writes only; reads go to query-api. */
const config = loadConfig(process.env, 3001);
if (!config.databaseUrl) throw new Error('start:command-api needs DATABASE_URL (PGlite cannot be shared between processes).');
const infra = await openInfrastructure(config);
// Behind a proxy this process's own address is not where browsers open the app.
if (!config.publicUrl) infra.logger.warn(`PUBLIC_URL is not set: mailed links point at ${COMPOSE_PROXY_URL}`);
const publicUrl = config.publicUrl ?? COMPOSE_PROXY_URL;
const app = await createHttpServer(config, infra.logger);
await app.register(async (scope) =>
  commandApiPlugin(scope, {
    db: infra.db,
    eventStore: infra.eventStore,
    jwtSecret: infra.jwtSecret,
    awaitProjection: pollProjectionCheckpoints(infra.db.knex),
    publicUrl: () => publicUrl,
  }),
);
await app.listen({ port: config.port, host: config.host });
onShutdown(async () => {
  await app.close();
  await infra.close();
});
