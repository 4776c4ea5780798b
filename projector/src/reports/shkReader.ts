import type { Knex } from 'knex';
import { buildShkReport, DEFAULT_START_MONTH, type EnergyFactorUse, type ShkGap, type ShkLine, type ShkReportContent } from '@ghg/domain';
import type { ScopeSettingCategory } from '@ghg/events';
import { contentHash } from './inventoryReader';
import { auditedRecordsAsOf } from '../audit/recordsAsOf';

/**
 * The 温対法 SHK report read at a log position: the fiscal year's lines from the temporal ledger
 * (migration 0021) as they stood then, and the company's non-fossil certificates, offsets and
 * fiscal-year start as they stood then, each folded from the audit log up to the position (every
 * settings event is there at its commit position with its field values). docs/shk-report.md.
 */

interface Row {
  deal_id: string;
  fiscal_year: number;
  fiscal_month: number;
  section_id: string;
  scope_category: ScopeSettingCategory;
  formula_id: string;
  quantity: string | null;
  unit: string | null;
  factor_uses: EnergyFactorUse[] | null;
  co2e_kg: string;
  co2e_location_kg: string | null;
  co2e_market_kg: string | null;
  gases: Record<string, number> | null;
  gwp_set: { id: string; version: string };
}

export async function shkLinesAsOf(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<ShkLine[]> {
  const rows: Row[] = await knex('emission_ledger_history')
    .where({ company_id: companyId, fiscal_year: fiscalYear, removed: false })
    .andWhere('valid_from', '<=', position.toString())
    .andWhere((q) => q.whereNull('valid_to').orWhere('valid_to', '>', position.toString()))
    .orderBy('deal_id')
    .select(
      'deal_id',
      'fiscal_year',
      'fiscal_month',
      'section_id',
      'scope_category',
      'formula_id',
      knex.raw('quantity::text as quantity'),
      'unit',
      'factor_uses',
      knex.raw('co2e_kg::text as co2e_kg'),
      knex.raw('co2e_location_kg::text as co2e_location_kg'),
      knex.raw('co2e_market_kg::text as co2e_market_kg'),
      'gases',
      'gwp_set',
    );
  return rows.map((r) => ({
    dealId: r.deal_id,
    fiscalYear: r.fiscal_year,
    fiscalMonth: r.fiscal_month,
    sectionId: r.section_id,
    scopeCategory: r.scope_category,
    formulaId: r.formula_id,
    quantity: r.quantity,
    unit: r.unit,
    factors: r.factor_uses ?? [],
    co2eKg: r.co2e_kg,
    locationKg: r.co2e_location_kg,
    marketKg: r.co2e_market_kg,
    gasesKg: r.gases ?? {},
    gwpSet: r.gwp_set,
  }));
}

export interface RenderedShkReport {
  content: ShkReportContent;
  sha256: string;
  gaps: ShkGap[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

export async function renderShkReport(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<RenderedShkReport> {
  const [lines, certificates, offsets, fiscalYearSetting] = await Promise.all([
    shkLinesAsOf(knex, companyId, fiscalYear, position),
    auditedRecordsAsOf(knex, companyId, 'settings/nonFossilCertificate', position),
    auditedRecordsAsOf(knex, companyId, 'settings/offset', position),
    auditedRecordsAsOf(knex, companyId, 'settings/fiscalYear', position),
  ]);
  const startMonth = [...fiscalYearSetting.values()].map((r) => num(r.startMonth)).find((m) => m >= 1 && m <= 12) ?? DEFAULT_START_MONTH;
  const { content, gaps } = buildShkReport({
    companyId,
    fiscalYear,
    position: position.toString(),
    lines,
    startMonth,
    certificates: [...certificates].map(([id, r]) => ({ id, certificateType: text(r.certificateType), quantityKwh: num(r.quantityKwh), fiscalYear: num(r.fiscalYear) })),
    offsets: [...offsets].map(([id, r]) => ({ id, type: text(r.type), quantityT: num(r.invalidOrRelocationQuantity), date: text(r.invalidOrRelocationDate), authType: text(r.authType) })),
  });
  return { content, sha256: contentHash(content), gaps };
}
