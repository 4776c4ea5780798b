import { commandApiPlugin } from '@ghg/command-api';
import { queryApiPlugin } from '@ghg/query-api';
import { allProjections, ProjectorRunner } from '@ghg/projector';
import { COALESCE_MS, listeningUrl, loadConfig } from './config';
import { createHttpServer } from './httpServer';
import { acquireDataDirLock } from './lockFile';
import { openInfrastructure } from './infrastructure';
import { hasDemoTenant, seedDemoTenantIfEmpty, DEMO_USERS } from './seedDemoTenant';
import { serveWebApp } from './webStatic';
import { onShutdown } from './shutdown';

/**
 * Embedded run: one process hosts command-api, projector, query-api and the built web app, on
 * PGlite in DATA_DIR (or PostgreSQL when DATABASE_URL is set). Seeds a demo tenant on an empty store.
 */
export async function startEmbedded(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const infra = await openInfrastructure(config);
  const { db, eventStore, changeBus, logger } = infra;

  // PGlite runs each batch on this process's thread: smaller catch-up batches keep requests answered between them.
  const catchUpBatchSize = db.kind === 'pglite' ? 2500 : 5000;
  const runner = new ProjectorRunner({ db, eventStore, projections: allProjections, changeBus, logger, coalesceMs: COALESCE_MS, catchUpBatchSize });
  await runner.start();
  const seeded = await seedDemoTenantIfEmpty(eventStore, config.demoPassword);
  const demo = seeded || (await hasDemoTenant(eventStore));
  const head = await eventStore.headPosition();
  if (head) await runner.waitForPosition(head, { timeoutMs: 60_000 });

  const app = await createHttpServer(config, logger);
  // Every route, so the permission test can prove that none is left out of the matrix.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const awaitProjection = (position: Parameters<typeof runner.waitForPosition>[0]) =>
    runner.waitForPosition(position, { timeoutMs: 2000 }).catch(() => undefined);
  // PORT=0 picks a free port (tests), so the default public URL is known only after listening.
  let publicUrlOrDefault = config.publicUrl ?? '';
  const publicUrl = () => publicUrlOrDefault;
  await app.register(async (scope) => commandApiPlugin(scope, { db, eventStore, jwtSecret: infra.jwtSecret, awaitProjection, publicUrl }));
  await app.register(async (scope) =>
    queryApiPlugin(scope, { db, changeBus, jwtSecret: infra.jwtSecret, individualType: config.individualType, publicUrl: config.publicUrl ?? undefined }),
  );
  await app.register(async (scope) => serveWebApp(scope, config.webDist));
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = listeningUrl(config.host, port);
  publicUrlOrDefault = config.publicUrl ?? url;
  console.log(
    [
      '',
      `GHG Ledger is running at ${url}${config.publicUrl ? `, public URL ${config.publicUrl}` : ''} (${db.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}, event log: ${eventStore.kind})`,
      seeded ? 'A demo tenant was created.' : 'Using the existing data.',
      demo
        ? `Log in as ${DEMO_USERS.join(', ')} with the password ${env.GHG_DEMO_PASSWORD ? 'from GHG_DEMO_PASSWORD' : `"${config.demoPassword}"`}.`
        : 'Log in with an account of this installation (the first one: npm run tenant:create, docs/operations.md).',
      '',
    ].join('\n'),
  );

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await runner.stop();
      await infra.close();
      releaseLock();
    })());
  return { app, url, config, close, runner, infra, routes };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  startEmbedded()
    .then(({ close }) => onShutdown(close))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
