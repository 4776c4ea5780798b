import type { Knex } from 'knex';
import type { BaseYearFigures } from '@ghg/domain';
import type { EventOf } from '@ghg/events';

/** One record of a company's base year (read model `base_year_records`, migration 0023), as both APIs answer it. */
export interface BaseYearRecord {
  kind: 'set' | 'restated';
  baseYear: number;
  thresholdPercent: number;
  position: string;
  sha256: string;
  figures: BaseYearFigures;
  previousPosition: string | null;
  reason: EventOf<'BaseYearRestated'>['data']['reason'] | null;
  note: string | null;
  recordedAt: string;
  recordedBy: string | null;
  recordedByName: string | null;
}

interface Row {
  kind: 'set' | 'restated';
  base_year: number;
  threshold_percent: string;
  position: string | number;
  sha256: string;
  scope1_kg: string;
  scope2_location_kg: string;
  scope2_market_kg: string;
  scope3_kg: string;
  total_kg: string;
  lines: number;
  previous_position: string | number | null;
  reason: BaseYearRecord['reason'];
  note: string | null;
  recorded_at: Date | string;
  recorded_by: string | null;
  recorded_by_name: string | null;
}

/** The company's base-year records, oldest first (the base year as set, then each restatement). */
export async function baseYearRecords(knex: Knex, companyId: string): Promise<BaseYearRecord[]> {
  const rows = (await knex('base_year_records as b')
    .leftJoin('users as u', 'u.id', 'b.recorded_by')
    .where('b.company_id', companyId)
    .orderBy('b.seq')
    .select(
      'b.kind',
      'b.base_year',
      knex.raw('b.threshold_percent::text as threshold_percent'),
      'b.position',
      'b.sha256',
      ...['scope1_kg', 'scope2_location_kg', 'scope2_market_kg', 'scope3_kg', 'total_kg'].map((c) => knex.raw(`b.${c}::text as ${c}`)),
      'b.lines',
      'b.previous_position',
      'b.reason',
      'b.note',
      'b.recorded_at',
      'b.recorded_by',
      'u.name as recorded_by_name',
    )) as Row[];
  return rows.map((r) => ({
    kind: r.kind,
    baseYear: r.base_year,
    thresholdPercent: Number(r.threshold_percent),
    position: String(r.position),
    sha256: r.sha256,
    figures: { scope1Kg: r.scope1_kg, scope2LocationKg: r.scope2_location_kg, scope2MarketKg: r.scope2_market_kg, scope3Kg: r.scope3_kg, totalKg: r.total_kg, lines: r.lines },
    previousPosition: r.previous_position === null ? null : String(r.previous_position),
    reason: r.reason,
    note: r.note,
    recordedAt: new Date(r.recorded_at).toISOString(),
    recordedBy: r.recorded_by,
    recordedByName: r.recorded_by_name,
  }));
}
