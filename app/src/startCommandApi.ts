import Fastify from 'fastify';
import { commandApiPlugin } from '@ghg/command-api';
import { loadConfig } from './config';
import { openInfrastructure } from './infrastructure';
import { pollProjectionCheckpoints } from './readYourWrites';
import { onShutdown } from './shutdown';

/** command-api alone (distributed run): writes only; reads go to query-api. */
const config = loadConfig(process.env, 3001);
if (!config.databaseUrl) throw new Error('start:command-api needs DATABASE_URL (PGlite cannot be shared between processes).');
const infra = await openInfrastructure(config);
const app = Fastify({ loggerInstance: infra.logger });
await app.register(async (scope) =>
  commandApiPlugin(scope, {
    db: infra.db,
    eventStore: infra.eventStore,
    jwtSecret: infra.jwtSecret,
    awaitProjection: pollProjectionCheckpoints(infra.db.knex),
  }),
);
await app.listen({ port: config.port, host: config.host });
onShutdown(async () => {
  await app.close();
  await infra.close();
});
