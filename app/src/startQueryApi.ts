import { queryApiPlugin } from '@ghg/query-api';
import { loadConfig } from './config';
import { createHttpServer } from './httpServer';
import { openInfrastructure } from './infrastructure';
import { onShutdown } from './shutdown';
import { serveWebApp } from './webStatic';

/** query-api alone (distributed run): reads, /api/live, and the built web app. */
const config = loadConfig(process.env, 3002);
if (!config.databaseUrl) throw new Error('start:query-api needs DATABASE_URL (PGlite cannot be shared between processes).');
const infra = await openInfrastructure(config);
const app = await createHttpServer(config, infra.logger);
await app.register(async (scope) =>
  queryApiPlugin(scope, {
    db: infra.db,
    changeBus: infra.changeBus,
    jwtSecret: infra.jwtSecret,
    individualType: config.individualType,
    publicUrl: config.publicUrl ?? undefined,
  }),
);
await app.register(async (scope) => serveWebApp(scope, config.webDist));
await app.listen({ port: config.port, host: config.host });
onShutdown(async () => {
  await app.close();
  await infra.close();
});
