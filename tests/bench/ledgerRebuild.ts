import { allProjections, migrateReadModels, rebuildProjections } from '@ghg/projector';
import { appendLines, benchCompanies, BENCH_YEARS, onFreshStores } from './lineLoad';
import { rawRead, timed } from './rebuild';
import { printResults, type BenchResult } from './stats';

/**
 * (g) Rebuilding the emissions ledger from zero: `events` activity-line events (50 companies, 5
 * fiscal years, appended on the seed's path) replayed into the ledger by the rebuild, beside a raw
 * ordered read of the same events in the same batch size with the JSON parsed, on the same
 * database in the same run (raw reads before and after, averaged). Target: rebuild ≥ 40 % of raw.
 * Then the temporal ledger (issue 16) rebuilt alone from the same events, against the same raw read.
 */
const ledger = allProjections.filter((p) => p.name === 'activity/emissionLedger');
/** The temporal ledger behind `asOf` and the reports (issue 16): replayed alone, from the same events. */
const history = allProjections.filter((p) => p.name === 'activity/emissionLedgerHistory');

export async function benchLedgerRebuild(opts: { events?: { postgres: number; embedded: number }; batchSize?: number } = {}): Promise<BenchResult[]> {
  const sizes = opts.events ?? { postgres: 200_000, embedded: 50_000 };
  const batchSize = opts.batchSize ?? 5000;
  return onFreshStores(
    sizes,
    async (db, store, label, events): Promise<BenchResult> => {
      const companies = benchCompanies({ companyId: 'bench-company-00', tenantId: 'tenant-bench', sectionIds: ['bench-section-0-a', 'bench-section-0-b'] }, 50);
      const seeded = await appendLines(store, companies, BENCH_YEARS, events);
      await migrateReadModels(db.knex);
      await db.knex.raw('analyze es_events');
      await rawRead(db.knex, batchSize); // warm the cache, so both sides read from memory
      const rawBefore = await timed(() => rawRead(db.knex, batchSize));
      const rebuilt = await timed(() => rebuildProjections({ db, eventStore: store, projections: ledger, names: 'all', batchSize }));
      const historyRebuilt = await timed(() => rebuildProjections({ db, eventStore: store, projections: history, names: 'all', batchSize }));
      const rawAfter = await timed(() => rawRead(db.knex, batchSize));
      const rows = Number((await db.knex('emission_ledger').count<{ count: string }[]>('* as count'))[0]!.count);
      const historyRows = Number((await db.knex('emission_ledger_history').count<{ count: string }[]>('* as count'))[0]!.count);
      const rawRate = (rawBefore.value + rawAfter.value) / (rawBefore.seconds + rawAfter.seconds);
      const rebuildRate = rebuilt.value.events / rebuilt.seconds;
      const historyRate = historyRebuilt.value.events / historyRebuilt.seconds;
      return {
        name: `(g) rebuild of the emissions ledger from ${events.toLocaleString('en-US')} line events, ${label}`,
        figures: {
          events: rebuilt.value.events,
          batch_size: batchSize,
          ledger_rows: rows,
          seed_s: round(seeded.seconds),
          raw_read_ev_per_s: Math.round(rawRate),
          rebuild_ev_per_s: Math.round(rebuildRate),
          rebuild_s: round(rebuilt.seconds),
          rebuild_vs_raw_pct: round((rebuildRate / rawRate) * 100),
          target_pct: '≥ 40',
          temporal_ledger_rows: historyRows,
          temporal_ledger_rebuild_s: round(historyRebuilt.seconds),
          temporal_ledger_ev_per_s: Math.round(historyRate),
          temporal_ledger_vs_raw_pct: round((historyRate / rawRate) * 100),
        },
      };
    },
    'postgres first',
  );
}

const round = (n: number) => Math.round(n * 10) / 10;

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchLedgerRebuild());
  process.exit(0);
}
