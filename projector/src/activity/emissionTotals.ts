import type { Knex } from 'knex';

/**
 * The ledger totalled for the views (table `emission_totals`, migration 0016): per company,
 * section, fiscal year, fiscal month, category and method (formula), the gross sum, both scope-2
 * bases and the line counts. Kept by the ledger's projection, in its transaction, from the
 * ledger's own rows: before a batch writes the ledger, the rows it will replace or remove are
 * subtracted; after, the rows it wrote are added. PostgreSQL sums the numeric columns exactly, so
 * the totals equal the ledger's sums to the last of its six decimals.
 */

const GROUP = 'l.company_id, l.section_id, l.fiscal_year, l.fiscal_month, l.scope_category, l.formula_id';
const KEY = 'company_id, fiscal_year, section_id, fiscal_month, scope_category, formula_id';
const SUMS = ['co2e_kg', 'co2e_location_kg', 'co2e_market_kg', 'lines', 'lines_without_location', 'lines_without_market'] as const;

/** The totals of the ledger lines `from` selects, each sum times `sign`. */
function totalsOf(from: string, sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  return `select ${GROUP},
         (${s}sum(l.co2e_kg))::numeric(30, 6),
         (${s}coalesce(sum(l.co2e_location_kg), 0))::numeric(30, 6),
         (${s}coalesce(sum(l.co2e_market_kg), 0))::numeric(30, 6),
         (${s}count(*))::integer,
         (${s}count(*) filter (where l.scope_category = '2' and l.co2e_location_kg is null))::integer,
         (${s}count(*) filter (where l.scope_category = '2' and l.co2e_market_kg is null))::integer
    from ${from}
   group by ${GROUP}`;
}

const COLUMNS = `company_id, section_id, fiscal_year, fiscal_month, scope_category, formula_id, ${SUMS.join(', ')}`;

/** Adds (sign 1) or subtracts (-1) the ledger rows of `keys` (company id, deal id) to the totals. */
export async function addLinesToTotals(trx: Knex.Transaction, tables: { ledger: string; totals: string }, keys: readonly (readonly [string, string])[], sign: 1 | -1): Promise<void> {
  if (keys.length === 0) return;
  const from = `"${tables.ledger}" l join unnest(?::text[], ?::text[]) as k(company_id, deal_id) on l.company_id = k.company_id and l.deal_id = k.deal_id`;
  await trx.raw(
    `insert into "${tables.totals}" (${COLUMNS}) ${totalsOf(from, sign)}
     on conflict (${KEY}) do update set ${SUMS.map((c) => `${c} = "${tables.totals}".${c} + excluded.${c}`).join(', ')}`,
    [keys.map((k) => k[0]), keys.map((k) => k[1])],
  );
}

/**
 * Removes the totals of `companyIds` left without a line (after a batch's subtractions and
 * additions), so the table holds what totalling the ledger afresh would (a rebuild's `totalAll`).
 */
export async function dropEmptyTotals(trx: Knex.Transaction, totals: string, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length > 0) await trx.raw(`delete from "${totals}" where company_id = any(?::text[]) and lines = 0`, [[...companyIds]]);
}

/** The totals of the whole ledger, into an empty totals table (a rebuild's copy). */
export async function totalAll(trx: Knex.Transaction, tables: { ledger: string; totals: string }): Promise<void> {
  await trx.raw(`insert into "${tables.totals}" (${COLUMNS}) ${totalsOf(`"${tables.ledger}" l`, 1)}`);
}
