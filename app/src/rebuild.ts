import { allProjections, runRebuildCli } from '@ghg/projector';
import { loadConfig } from './config';
import { acquireDataDirLock } from './lockFile';
import { openInfrastructure } from './infrastructure';

/**
 * `npm run rebuild -- <projection>… | --all`: replays the log into fresh tables and swaps them in.
 * On PGlite the app must be stopped first (the data folder lock says so); on PostgreSQL it may run
 * beside live projectors, and after the swap it tells the running query-api processes (LISTEN/NOTIFY
 * through the change bus) which topics changed, so open browsers refetch instead of showing what
 * the old tables held. On PGlite nobody else is listening (the app is stopped): no notices.
 */
const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const infra = await openInfrastructure(config);
try {
  process.exitCode = await runRebuildCli(process.argv.slice(2), {
    db: infra.db,
    eventStore: infra.eventStore,
    projections: allProjections,
    changeBus: infra.db.kind === 'postgres' ? infra.changeBus : null,
  });
} finally {
  await infra.close();
  release();
}
