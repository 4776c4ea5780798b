import type { Knex } from 'knex';
import { asOfRecordTopics, topicsInSql } from '../audit/recordsAsOf';
import { reflectedPosition } from '../reports/inventoryReader';

/**
 * The moments a company's figures changed (issue 16 §1, the as-of time slider): the commit
 * positions of its ledger changes (`emission_ledger_history.valid_from`, migration 0021), of the
 * changes of its organisation and settings records the views read as of a moment (the audit log,
 * audit/recordsAsOf.ts) and of its filed reports and base-year records (the positions they were
 * made from), each with its time.
 * Any `asOf` between two moments shows what the earlier one shows, so a slider that snaps to
 * these positions reaches every state the views and reports have had.
 *
 * A long history is thinned to `limit` moments evenly by rank ({@link thinnedIndexes}), always
 * keeping the first, the newest and the one before the newest (one step back from now undoes
 * exactly the newest change), and the answer says how many there were.
 */

export interface AsOfMoment {
  /** The commit position (decimal text of a bigint). */
  position: string;
  /** When it happened (ISO 8601, UTC): the ledger event's time, or the filing's when nothing else changed there. */
  at: string;
  /** Ledger lines that changed at this position (recorded, changed, recalculated or removed). */
  lines: number;
  /** Reports filed and base-year records made from this position. */
  reports: number;
  /** Organisation and settings records changed at this position (audit/recordsAsOf.ts). */
  records: number;
}

export interface AsOfMoments {
  moments: AsOfMoment[];
  /** How many moments the range holds before thinning. */
  count: number;
  /** Whether `moments` is a thinned selection of them. */
  thinned: boolean;
  /** The newest commit position the temporal ledger reflects ("now"). */
  reflected: string;
}

/** A bound of the range: a commit position (digits) or an ISO date-time, as `asOf` takes them. */
export interface AsOfMomentsRange {
  from?: string;
  to?: string;
  /** At most this many moments (at least 3: the first, the one before the newest, the newest). */
  limit: number;
}

/**
 * Which of `count` moments (ranked 0 … count − 1 by position) a thinned answer of at most `limit`
 * keeps: all when they fit; else `limit − 1` ranks spread evenly over 0 … count − 2
 * (round(k × (count − 2) / (limit − 2)) for k = 0 … limit − 2, halves rounded up) and the newest,
 * count − 1. Consecutive kept ranks then differ by ⌊s⌋ or ⌈s⌉, s = (count − 2) / (limit − 2).
 */
export function thinnedIndexes(count: number, limit: number): number[] {
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(limit) || limit < 3) throw new RangeError(`thinnedIndexes(${count}, ${limit})`);
  if (count <= limit) return Array.from({ length: count }, (_, i) => i);
  const span = count - 2;
  const steps = limit - 2;
  const kept: number[] = [];
  for (let k = 0; k <= steps; k++) kept.push(Math.floor((2 * k * span + steps) / (2 * steps)));
  kept.push(count - 1);
  return kept;
}

/**
 * Whether rank `i` is one {@link thinnedIndexes} keeps, decided from `i` alone (the SQL below
 * does the same sum per row): the only k whose round(k × s) can be i is round(i ÷ s), since s ≥ 1.
 */
export function isThinnedIndex(i: number, count: number, limit: number): boolean {
  if (count <= limit || i === count - 1) return i >= 0 && i < count;
  const span = count - 2;
  const steps = limit - 2;
  const k = Math.floor((2 * i * steps + span) / (2 * span));
  return Math.floor((2 * k * span + steps) / (2 * steps)) === i;
}

const isPosition = (value: string) => /^\d+$/.test(value);

/** The company's moments in the range, in position order, thinned to `limit` (one statement: the count and the selection agree). */
export async function asOfMoments(knex: Knex, companyId: string, range: AsOfMomentsRange): Promise<AsOfMoments> {
  if (!Number.isInteger(range.limit) || range.limit < 3) throw new RangeError(`limit ${range.limit}`);
  const reflected = await reflectedPosition(knex);
  // Only what the temporal ledger reflects: a filed report or base-year record is never ahead of it, a line change may be for a moment.
  const filters = ['position <= ?::bigint'];
  const bindings: (string | number)[] = [companyId, companyId, companyId, companyId, reflected.toString()];
  for (const [bound, op] of [
    [range.from, '>='],
    [range.to, '<='],
  ] as const) {
    if (bound === undefined) continue;
    if (isPosition(bound)) {
      filters.push(`position ${op} ?::bigint`);
      bindings.push(bound);
    } else {
      const at = new Date(bound);
      if (Number.isNaN(at.getTime())) throw new RangeError(`not a date-time: ${bound}`);
      filters.push(`at ${op} ?::timestamptz`);
      bindings.push(at.toISOString());
    }
  }
  const limit = range.limit;
  // Rank i of n is kept when n ≤ limit, when it is the newest, or when round(round(i ÷ s) × s) = i with
  // s = (n − 2) ÷ (limit − 2), in integers as isThinnedIndex does (CASE: no division unless thinned).
  const rows: { position: string; at: Date | string; lines: number | string; reports: number | string; records: number | string; n: number | string }[] = (
    await knex.raw(
      `with moments as (
         select position, min(at) as at, sum(lines) as lines, sum(reports) as reports, sum(records) as records
           from (select valid_from as position, occurred_at as at, 1 as lines, 0 as reports, 0 as records from emission_ledger_history where company_id = ?
                 union all
                 select position, occurred_at, 0, 0, 1 from audit_log where company_id = ? and ${topicsInSql(asOfRecordTopics)}
                 union all
                 select position, filed_at, 0, 1, 0 from filed_reports where company_id = ?
                 union all
                 select position, recorded_at, 0, 1, 0 from base_year_records where company_id = ?) m
          group by position
       ),
       ranked as (
         select position, at, lines, reports, records, row_number() over (order by position) - 1 as i, count(*) over () as n
           from moments
          where ${filters.join(' and ')}
       )
       select position::text as position, at, lines::int as lines, reports::int as reports, records::int as records, n::int as n
         from ranked
        where case
                when n <= ${limit} or i = n - 1 then true
                else (2 * ((2 * i * ${limit - 2} + (n - 2)) / (2 * (n - 2))) * (n - 2) + ${limit - 2}) / ${2 * (limit - 2)} = i
              end
        order by i`,
      bindings,
    )
  ).rows;
  const count = rows.length === 0 ? 0 : Number(rows[0]!.n);
  return {
    moments: rows.map((r) => ({ position: String(r.position), at: new Date(r.at).toISOString(), lines: Number(r.lines), reports: Number(r.reports), records: Number(r.records) })),
    count,
    thinned: count > rows.length,
    reflected: reflected.toString(),
  };
}
