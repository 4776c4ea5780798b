import type { Knex } from 'knex';
import { APPEND_LOCK_KEY, type Database } from '@ghg/eventstore';
import type { EventMetadata, EventStore, RecordedEvent } from '@ghg/events';
import {
  calculationBasisStreamId,
  legacyCalculationBasisStreamId,
  companyFactorSetStreamId,
  LEGACY_COMPANY_FACTOR_SETS_PREFIX,
  CURRENCY_RATE_STREAM_PREFIX,
  GROUP_FLAG_STREAM_PREFIX,
  INTENSITY_STREAM_PREFIX,
  MANAGEMENT_INTENSITY_STREAM_PREFIX,
  OFFSET_STREAM_PREFIX,
  currencyRateStreamId,
  foldRecorded,
  groupFlagStreamId,
  intensityStreamId,
  LEGACY_CURRENCY_RATES_PREFIX,
  LEGACY_GROUP_FLAGS_PREFIX,
  LEGACY_INTENSITIES_PREFIX,
  LEGACY_MANAGEMENT_INTENSITIES_PREFIX,
  LEGACY_NON_FOSSIL_CERTIFICATES_PREFIX,
  LEGACY_OFFSETS_PREFIX,
  legacyReductionGoalsStreamId,
  managementIntensityStreamId,
  nonFossilCertificateStreamId,
  offsetStreamId,
  reductionGoalsStreamId,
} from '@ghg/domain';
import { claim, currencyRateKind, groupFlagKind, intensityKind, managementIntensityKind, offsetKind, type EntityKind } from '@ghg/command-api';
import { allProjections, rebuildProjections, type Logger } from '@ghg/projector';

/**
 * The one-off migration to one stream per entity. Until then a company's currency
 * rates, offsets, certificates, flags, intensities, management intensities, reduction goals,
 * factor sets and calculation bases each lived in one stream per company, so every command read
 * the company's whole history of that kind. This moves each of those events into the stream of its
 * entity (a rate, an offset, a factor set …; the goals or the basis of one year), numbered in log
 * order. Nothing else about an event changes — id, type, data,
 * metadata, global position — so the audit trail and every replay stay as they were; only the
 * grouping into streams does. Then the rules that span entities get their claims, and the read
 * models that keep stream versions are rebuilt. Each step is recorded in `es_stream_migrations`
 * and runs once; processes starting together wait for one another (the append lock).
 *
 * The PostgreSQL/PGlite log only: an EventStoreDB log cannot regroup events (docs/operations.md).
 */
const MIGRATIONS_TABLE = 'es_stream_migrations';
const MOVE = 'entity-streams';
const CLAIMS = 'entity-streams-claims';
const REBUILD = 'entity-streams-rebuild';

/** Projections whose rows carry a stream version of the moved kinds. */
const REBUILT = [
  'settings/currency',
  'settings/offset',
  'settings/nonFossilCertificate',
  'settings/groupFlag',
  'settings/intensity',
  'settings/managementIntensity',
  'settings/reductionGoal',
  'calculation/basis',
];

interface LegacyEvent {
  event_id: string;
  stream_id: string;
  type: string;
  data: { id?: string; companyId?: string; goalYear?: number; setId?: string; fiscalYear?: number };
}

type LegacyData = LegacyEvent['data'];
const byId = (streamOf: (companyId: string, id: string) => string) => (companyId: string, d: LegacyData) => (d.id ? streamOf(companyId, d.id) : null);

/** Each legacy stream (`<prefix><companyId>`) and the stream its event belongs in now; goals are placed apart. */
const ENTITY_STREAMS: [string, (companyId: string, data: LegacyData) => string | null][] = [
  [LEGACY_CURRENCY_RATES_PREFIX, byId(currencyRateStreamId)],
  [LEGACY_OFFSETS_PREFIX, byId(offsetStreamId)],
  [LEGACY_NON_FOSSIL_CERTIFICATES_PREFIX, byId(nonFossilCertificateStreamId)],
  [LEGACY_GROUP_FLAGS_PREFIX, byId(groupFlagStreamId)],
  [LEGACY_INTENSITIES_PREFIX, byId(intensityStreamId)],
  [LEGACY_MANAGEMENT_INTENSITIES_PREFIX, byId(managementIntensityStreamId)],
  [LEGACY_COMPANY_FACTOR_SETS_PREFIX, (companyId, d) => (d.setId ? companyFactorSetStreamId(companyId, d.setId) : null)],
  [legacyCalculationBasisStreamId(''), (companyId, d) => (typeof d.fiscalYear === 'number' ? calculationBasisStreamId(companyId, d.fiscalYear) : null)],
];
const GOALS_PREFIX = legacyReductionGoalsStreamId('');

/** Claims what the entity of one stream holds (its history as read); how many claims were appended. */
type ClaimHeld = (eventStore: EventStore, streamId: string, history: readonly RecordedEvent[], companyId: string, metadata: EventMetadata) => Promise<number>;

/** `ClaimHeld` for one kind: its state folded from the history, then each value it holds claimed. */
const claimHeldBy =
  <C, E extends { type: string; data: unknown }, S, Err extends string>(kindOf: (companyId: string) => EntityKind<C, E, S, Err>): ClaimHeld =>
  async (eventStore, streamId, history, companyId, metadata) => {
    const kind = kindOf(companyId);
    const state = foldRecorded(kind.decider, history);
    let claimed = 0;
    for (const wanted of kind.claimsOf?.(state) ?? []) {
      if (await claim({ eventStore }, kind, streamId, wanted, metadata)) claimed += 1;
    }
    return claimed;
  };

/** The claim-holding kinds by the prefix of their new streams (`currencyRate-<companyId>-<id>`). */
const CLAIMING: [string, ClaimHeld][] = [
  [CURRENCY_RATE_STREAM_PREFIX, claimHeldBy(currencyRateKind)],
  [OFFSET_STREAM_PREFIX, claimHeldBy(offsetKind)],
  [GROUP_FLAG_STREAM_PREFIX, claimHeldBy(groupFlagKind)],
  [INTENSITY_STREAM_PREFIX, claimHeldBy(intensityKind)],
  [MANAGEMENT_INTENSITY_STREAM_PREFIX, claimHeldBy(managementIntensityKind)],
];

/** The company an entity event names in its data (every event of the claim-holding kinds does). */
function companyIdOf(event: RecordedEvent | undefined): string | undefined {
  const data = event?.data;
  return typeof data === 'object' && data !== null && 'companyId' in data && typeof data.companyId === 'string' ? data.companyId : undefined;
}

export interface StreamMigrationResult {
  moved: number;
  claimed: number;
  rebuilt: boolean;
}

export async function migrateToEntityStreams(db: Database, eventStore: EventStore, logger: Logger): Promise<StreamMigrationResult | null> {
  if (eventStore.kind === 'eventstoredb') return null;
  const { knex } = db;
  await ensureTable(knex);
  const moved = await moveLegacyEvents(knex);
  const claimed = await once(knex, CLAIMS, logger, () => claimEntityValues(knex, eventStore));
  // Only a log whose events were moved needs new versions in its read models; fresh installs skip it.
  const movedEver = Number(((await knex(MIGRATIONS_TABLE).where({ name: MOVE }).first())?.detail as { count?: number } | undefined)?.count ?? 0);
  const rebuilt =
    movedEver > 0
      ? await once(knex, REBUILD, logger, async () => {
          await rebuildProjections({ db, eventStore, projections: allProjections, names: REBUILT, logger });
          return REBUILT.length;
        })
      : null;
  if (moved > 0 || (claimed ?? 0) > 0) logger.info({ moved, claimed, rebuilt: rebuilt !== null }, 'event log: regrouped into one stream per entity');
  return { moved, claimed: claimed ?? 0, rebuilt: rebuilt !== null };
}

async function ensureTable(knex: Knex): Promise<void> {
  await knex.raw(`create table if not exists ${MIGRATIONS_TABLE} (name text primary key, done_at timestamptz not null default now(), detail jsonb)`);
}

/**
 * Runs `step` once per database: the process that inserts the step's row runs it, every other one
 * skips it (null). A step interrupted by a crash stays marked 'running' and is reported at start.
 */
async function once(knex: Knex, name: string, logger: Logger, step: () => Promise<number>): Promise<number | null> {
  const inserted = await knex(MIGRATIONS_TABLE).insert({ name, detail: JSON.stringify({ state: 'running' }) }).onConflict('name').ignore().returning('name');
  if (inserted.length === 0) {
    const row = await knex(MIGRATIONS_TABLE).where({ name }).first();
    const detail = (typeof row?.detail === 'string' ? JSON.parse(row.detail) : row?.detail) as { state?: string } | undefined;
    if (detail?.state === 'running') logger.warn({ step: name }, 'event log migration step is marked running: if no other process runs it, a start was interrupted (docs/operations.md, "One stream per entity")');
    return null;
  }
  const count = await step();
  await knex(MIGRATIONS_TABLE).where({ name }).update({ detail: JSON.stringify({ state: 'done', count }), done_at: knex.fn.now() });
  return count;
}

/** Step 1, in one transaction that holds the append lock: no append interleaves with the move. */
async function moveLegacyEvents(knex: Knex): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    if (await trx(MIGRATIONS_TABLE).where({ name: MOVE }).first()) return 0;
    const rows: LegacyEvent[] = await trx('es_events')
      .where((q) => {
        for (const [prefix] of ENTITY_STREAMS) q.orWhere('stream_id', 'like', `${prefix}%`);
        q.orWhere('stream_id', 'like', `${GOALS_PREFIX}%`);
      })
      .orderBy('global_position')
      .select('event_id', 'stream_id', 'type', 'data');
    const moves = planMoves(rows.map((r) => ({ ...r, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data })));
    for (let i = 0; i < moves.length; i += 500) {
      const chunk = moves.slice(i, i + 500);
      await trx.raw(
        `update es_events as e set stream_id = v.s, stream_position = v.p
           from (values ${chunk.map(() => '(?::uuid, ?::text, ?::bigint)').join(', ')}) as v(id, s, p)
          where e.event_id = v.id`,
        chunk.flatMap((m) => [m.eventId, m.streamId, m.position]),
      );
    }
    await trx(MIGRATIONS_TABLE).insert({ name: MOVE, detail: JSON.stringify({ count: moves.length }) });
    return moves.length;
  });
}

/** The new stream and position of each event of a legacy per-company stream, in log order. */
export function planMoves(events: readonly LegacyEvent[]): { eventId: string; streamId: string; position: number }[] {
  const next = new Map<string, number>();
  const goalYear = new Map<string, number>();
  const moves: { eventId: string; streamId: string; position: number }[] = [];
  for (const e of events) {
    const { companyId, id } = e.data;
    if (!companyId) continue;
    let target: string | null = null;
    for (const [prefix, streamOf] of ENTITY_STREAMS) if (e.stream_id === `${prefix}${companyId}`) target = streamOf(companyId, e.data);
    if (id && e.stream_id === legacyReductionGoalsStreamId(companyId)) {
      // A removal names the goal only: it goes where the goal's year put it.
      if (typeof e.data.goalYear === 'number') goalYear.set(id, e.data.goalYear);
      const year = goalYear.get(id);
      if (year !== undefined) target = reductionGoalsStreamId(companyId, year);
    }
    if (target === null) continue;
    const position = next.get(target) ?? 0;
    next.set(target, position + 1);
    moves.push({ eventId: e.event_id, streamId: target, position });
  }
  return moves;
}

/** Step 2: every entity of a claim-holding kind claims what it holds (idempotent for those that did). */
async function claimEntityValues(knex: Knex, eventStore: EventStore): Promise<number> {
  const metadata: EventMetadata = { actorUserId: null, companyId: null, tenantId: null, correlationId: 'stream-migration', causationId: null, occurredAt: new Date().toISOString() };
  let claimed = 0;
  for (const [prefix, claimHeld] of CLAIMING) {
    const streams: string[] = await knex('es_events').where('stream_id', 'like', `${prefix}%`).distinct().pluck('stream_id');
    for (const streamId of streams) {
      const history = await eventStore.readStream(streamId);
      const companyId = companyIdOf(history[0]);
      if (!companyId) continue;
      claimed += await claimHeld(eventStore, streamId, history, companyId, metadata);
    }
  }
  return claimed;
}
