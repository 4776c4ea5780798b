import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { asOfRecordTopics, topicsInSql } from '../audit/recordsAsOf';
import { buildGhgInventory, canonicalJson, type GhgInventoryContent, type InventoryLine, type LineEventType, type ReportedLineState } from '@ghg/domain';
import type { ScopeSettingCategory } from '@ghg/events';
import { emissionLedgerHistoryProjection } from '../activity/ledgerHistory';

/**
 * Reading the temporal ledger (migration 0021) for reports: the lines of a fiscal year as of a
 * commit position, the report rendered from them with its SHA-256, and the events that changed a
 * line between two positions. The projector owns the table, so its readers live here and both
 * APIs import them (query-api renders, command-api files).
 */

/** The moment asked for is later than what the temporal ledger reflects yet. */
export class AsOfAheadError extends Error {
  constructor(readonly position: bigint, readonly reflected: bigint) {
    super(`position ${position} is ahead of the temporal ledger (${reflected})`);
    this.name = 'AsOfAheadError';
  }
}

/** The newest commit position the temporal ledger reflects (0 before its first batch). */
export async function reflectedPosition(knex: Knex): Promise<bigint> {
  const row: { commit_position: string | number | null } | undefined = await knex('projection_checkpoints').where({ name: emissionLedgerHistoryProjection.name }).first('commit_position');
  return row?.commit_position === null || row?.commit_position === undefined ? 0n : BigInt(row.commit_position);
}

/**
 * `asOf` → a commit position: absent, the newest reflected; digits, that position (refused when
 * not reflected yet); an ISO date-time, the last change at or before it of what the views and
 * reports read as of a moment: a ledger line, or an organisation or settings record
 * (audit/recordsAsOf.ts). Of the company, or of any company when null: positions are global, so
 * the answer is the same for what the company's records were then.
 */
export async function resolveAsOf(knex: Knex, companyId: string | null, asOf: string | undefined): Promise<bigint> {
  const reflected = await reflectedPosition(knex);
  if (asOf === undefined) return reflected;
  if (/^\d+$/.test(asOf)) {
    const position = BigInt(asOf);
    if (position > reflected) throw new AsOfAheadError(position, reflected);
    return position;
  }
  const at = new Date(asOf);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not a date-time: ${asOf}`);
  const [ledger, records] = (await Promise.all([
    knex('emission_ledger_history')
      .modify((q) => (companyId === null ? q : q.where({ company_id: companyId })))
      .andWhere('occurred_at', '<=', at.toISOString())
      .max({ p: 'valid_from' })
      .first(),
    // Migration 0028 indexes these by topic and company, with their times.
    knex('audit_log')
      .whereRaw(topicsInSql(asOfRecordTopics))
      .modify((q) => (companyId === null ? q : q.where({ company_id: companyId })))
      .andWhere('occurred_at', '<=', at.toISOString())
      .max({ p: 'position' })
      .first(),
  ])) as ({ p: string | number | null } | undefined)[];
  const positionOf = (row: { p: string | number | null } | undefined) => (row?.p === null || row?.p === undefined ? 0n : BigInt(row.p));
  const last = [positionOf(ledger), positionOf(records)].reduce((a, b) => (a > b ? a : b));
  return last > reflected ? reflected : last;
}

interface HistoryRow {
  deal_id: string;
  section_id: string;
  scope_category: ScopeSettingCategory;
  formula_id: string;
  co2e_kg: string;
  co2e_location_kg: string | null;
  co2e_market_kg: string | null;
  gases: Record<string, number>;
  factor_uses: { setId: string; version: string }[] | null;
  gwp_set: { id: string; version: string };
}

/** The company's lines of the fiscal year as they stood at `position`, in deal order. */
export async function linesAsOf(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<InventoryLine[]> {
  const rows: HistoryRow[] = await knex('emission_ledger_history')
    .where({ company_id: companyId, fiscal_year: fiscalYear, removed: false })
    .andWhere('valid_from', '<=', position.toString())
    .andWhere((q) => q.whereNull('valid_to').orWhere('valid_to', '>', position.toString()))
    .orderBy('deal_id')
    .select(
      'deal_id',
      'section_id',
      'scope_category',
      'formula_id',
      knex.raw('co2e_kg::text as co2e_kg'),
      knex.raw('co2e_location_kg::text as co2e_location_kg'),
      knex.raw('co2e_market_kg::text as co2e_market_kg'),
      'gases',
      'factor_uses',
      'gwp_set',
    );
  return rows.map((r) => ({
    dealId: r.deal_id,
    sectionId: r.section_id,
    scopeCategory: r.scope_category,
    formulaId: r.formula_id,
    co2eKg: r.co2e_kg,
    locationKg: r.co2e_location_kg,
    marketKg: r.co2e_market_kg,
    gasesKg: r.gases,
    factors: (r.factor_uses ?? []).map((f) => ({ setId: f.setId, version: f.version })),
    gwpSet: r.gwp_set,
  }));
}

/** SHA-256 of the content's canonical JSON (UTF-8), lowercase hex. */
export const contentHash = (content: unknown): string => createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');

export interface RenderedInventory {
  content: GhgInventoryContent;
  sha256: string;
  lines: InventoryLine[];
}

/** The GHG Protocol inventory of the company's fiscal year as of `position`, with its hash. */
export async function renderInventory(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<RenderedInventory> {
  const lines = await linesAsOf(knex, companyId, fiscalYear, position);
  const content = buildGhgInventory({ companyId, fiscalYear, position: position.toString(), lines });
  return { content, sha256: contentHash(content), lines };
}

export interface LineChange {
  dealId: string;
  type: LineEventType;
  position: string;
  occurredAt: string;
  actorUserId: string | null;
  actorName: string | null;
  correlationId: string;
  /** The line as the event left it, with its fiscal year; null when the event removed it. */
  line: (ReportedLineState & { fiscalYear: number }) | null;
}

/** How many lines one query of their events names (a restated year can make every line differ). */
const DEAL_IDS_PER_QUERY = 5_000;

/** The events that made a new version of each of these lines after `from` up to `to`, in log order. */
export async function lineChangesBetween(knex: Knex, companyId: string, dealIds: readonly string[], from: bigint, to: bigint): Promise<LineChange[]> {
  const out: LineChange[] = [];
  for (let i = 0; i < dealIds.length; i += DEAL_IDS_PER_QUERY) {
    const rows: {
      deal_id: string;
      event_type: LineEventType;
      valid_from: string | number;
      occurred_at: Date | string;
      actor_user_id: string | null;
      actor_name: string | null;
      correlation_id: string;
      removed: boolean;
      fiscal_year: number | null;
      section_id: string | null;
      scope_category: ScopeSettingCategory | null;
      formula_id: string | null;
      co2e_kg: string | null;
      co2e_location_kg: string | null;
      co2e_market_kg: string | null;
    }[] = await knex('emission_ledger_history as h')
      .leftJoin('users as u', 'u.id', 'h.actor_user_id')
      .where('h.company_id', companyId)
      .whereIn('h.deal_id', dealIds.slice(i, i + DEAL_IDS_PER_QUERY))
      .andWhere('h.valid_from', '>', from.toString())
      .andWhere('h.valid_from', '<=', to.toString())
      .orderBy(['h.valid_from', 'h.deal_id'])
      .select(
        'h.deal_id',
        'h.event_type',
        'h.valid_from',
        'h.occurred_at',
        'h.actor_user_id',
        'u.name as actor_name',
        'h.correlation_id',
        'h.removed',
        'h.fiscal_year',
        'h.section_id',
        'h.scope_category',
        'h.formula_id',
        knex.raw('h.co2e_kg::text as co2e_kg'),
        knex.raw('h.co2e_location_kg::text as co2e_location_kg'),
        knex.raw('h.co2e_market_kg::text as co2e_market_kg'),
      );
    for (const r of rows) {
      out.push({
        dealId: r.deal_id,
        type: r.event_type,
        position: String(r.valid_from),
        occurredAt: new Date(r.occurred_at).toISOString(),
        actorUserId: r.actor_user_id,
        actorName: r.actor_name,
        correlationId: r.correlation_id,
        line:
          r.removed || r.fiscal_year === null
            ? null
            : {
                fiscalYear: r.fiscal_year,
                sectionId: r.section_id!,
                scopeCategory: r.scope_category!,
                formulaId: r.formula_id!,
                co2eKg: r.co2e_kg!,
                locationKg: r.co2e_location_kg,
                marketKg: r.co2e_market_kg,
              },
      });
    }
  }
  // Chunks are each in log order: merge them into one.
  return dealIds.length > DEAL_IDS_PER_QUERY ? out.sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : BigInt(a.position) > BigInt(b.position) ? 1 : a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0)) : out;
}

/**
 * The temporal ledger as of `position` in the shape of the views' totals (migration 0016's
 * `emission_totals`: one row per line here), to stand in for that table in a totals query.
 * Its two placeholders are the position; `alias` names the derived table.
 */
export function totalsAsOfSql(alias: string): { sql: string; bindings: (position: bigint) => string[] } {
  return {
    sql: `(select h.company_id, h.section_id, h.fiscal_year, h.fiscal_month, h.scope_category, h.formula_id, h.co2e_kg,
                  coalesce(h.co2e_location_kg, 0) as co2e_location_kg, coalesce(h.co2e_market_kg, 0) as co2e_market_kg, 1 as lines,
                  (h.scope_category = '2' and h.co2e_location_kg is null)::int as lines_without_location,
                  (h.scope_category = '2' and h.co2e_market_kg is null)::int as lines_without_market
             from emission_ledger_history h
            where not h.removed and h.valid_from <= ?::bigint and (h.valid_to is null or h.valid_to > ?::bigint)) ${alias}`,
    bindings: (position) => [position.toString(), position.toString()],
  };
}
