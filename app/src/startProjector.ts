import { allProjections, ProjectorRunner } from '@ghg/projector';
import { COALESCE_MS, loadConfig } from './config';
import { openInfrastructure } from './infrastructure';
import { onShutdown } from './shutdown';
import { seedDemoTenantIfEmpty } from './seedDemoTenant';

/**
 * A projector alone (distributed run). Several may run at once: each batch re-checks the
 * checkpoint under a row lock, so no event is applied twice.
 */
const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('start:projector needs DATABASE_URL (PGlite cannot be shared between processes).');
const infra = await openInfrastructure(config);
const runner = new ProjectorRunner({ db: infra.db, eventStore: infra.eventStore, projections: allProjections, changeBus: infra.changeBus, logger: infra.logger, coalesceMs: COALESCE_MS });
await runner.start();
// A shared deployment must not get users whose password is printed in the README.
if (process.env.GHG_SEED_DEMO === '1' && !process.env.GHG_DEMO_PASSWORD) {
  infra.logger.warn('GHG_SEED_DEMO=1 ignored: set GHG_DEMO_PASSWORD too (the default demo password is public)');
} else if (process.env.GHG_SEED_DEMO === '1' && (await seedDemoTenantIfEmpty(infra.eventStore, config.demoPassword))) {
  infra.logger.info('demo tenant created');
}
onShutdown(async () => {
  await runner.stop();
  await infra.close();
});
