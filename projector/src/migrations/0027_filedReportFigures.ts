import type { Knex } from 'knex';

export const name = '0027_filedReportFigures';

/**
 * Filed reports of every regime (GHG Protocol, SHK, 省エネ法): each row keeps its headline figures
 * by name (`figures`, decimal text with six decimals, the regime's own), and the GHG Protocol's
 * scope columns hold figures of GHG Protocol filings only (null for the other regimes). Rows
 * projected before are given their figures from the scope columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('filed_reports', (t) => {
    t.jsonb('figures').notNullable().defaultTo('{}');
    for (const column of ['scope1_kg', 'scope2_location_kg', 'scope2_market_kg', 'scope3_kg']) t.decimal(column, 30, 6).nullable().alter();
  });
  await knex.raw(
    `update filed_reports
        set figures = jsonb_build_object('scope1Kg', scope1_kg::text, 'scope2LocationKg', scope2_location_kg::text, 'scope2MarketKg', scope2_market_kg::text, 'scope3Kg', scope3_kg::text)
      where regime = 'ghgProtocol'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('filed_reports').whereNot({ regime: 'ghgProtocol' }).delete();
  await knex.schema.alterTable('filed_reports', (t) => {
    for (const column of ['scope1_kg', 'scope2_location_kg', 'scope2_market_kg', 'scope3_kg']) t.decimal(column, 30, 6).notNullable().alter();
    t.dropColumn('figures');
  });
}
