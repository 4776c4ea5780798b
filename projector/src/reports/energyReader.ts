import type { Knex } from 'knex';
import { buildEnergyReport, REPORT_YEARS, type EnergyFactorUse, type EnergyGap, type EnergyLine, type EnergyReportContent, type SectionLink } from '@ghg/domain';
import type { ScopeSettingCategory } from '@ghg/events';
import { contentHash } from './inventoryReader';

/**
 * The 省エネ法 energy report read from the temporal ledger (migration 0021): the lines of
 * the fiscal year and the four before it as they stood at `position`, with the company's sections
 * (their report section types, inherited) and intensity denominators as they are now.
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
}

export async function energyLinesAsOf(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<EnergyLine[]> {
  const rows: Row[] = await knex('emission_ledger_history')
    .where({ company_id: companyId, removed: false })
    .andWhereBetween('fiscal_year', [fiscalYear - REPORT_YEARS + 1, fiscalYear])
    .andWhere('valid_from', '<=', position.toString())
    .andWhere((q) => q.whereNull('valid_to').orWhere('valid_to', '>', position.toString()))
    .orderBy('deal_id')
    .select('deal_id', 'fiscal_year', 'fiscal_month', 'section_id', 'scope_category', 'formula_id', knex.raw('quantity::text as quantity'), 'unit', 'factor_uses');
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
  }));
}

export interface RenderedEnergyReport {
  content: EnergyReportContent;
  sha256: string;
  gaps: EnergyGap[];
}

export async function renderEnergyReport(knex: Knex, companyId: string, fiscalYear: number, position: bigint): Promise<RenderedEnergyReport> {
  const lines = await energyLinesAsOf(knex, companyId, fiscalYear, position);
  const sectionRows: { id: string; parent_section_id: string | null; energy_conservation_act_report_section_type: string | null }[] = await knex('company_sections')
    .where({ company_id: companyId })
    .select('id', 'parent_section_id', 'energy_conservation_act_report_section_type');
  const sections = new Map<string, SectionLink>(sectionRows.map((s) => [s.id, { parentSectionId: s.parent_section_id, energyConservationActReportSectionType: s.energy_conservation_act_report_section_type }]));
  const intensityRows: { intensity_id: string; name: string; unit: string; fiscal_year: number; value: string }[] = await knex('management_intensities as m')
    .join('intensities as i', 'i.id', 'm.intensity_id')
    .where('m.company_id', companyId)
    .andWhereBetween('m.fiscal_year', [fiscalYear - REPORT_YEARS + 1, fiscalYear])
    .select('m.intensity_id', 'i.name', 'i.unit', 'm.fiscal_year', knex.raw('m.value::text as value'));
  const { content, gaps } = buildEnergyReport({
    companyId,
    fiscalYear,
    position: position.toString(),
    lines,
    sections,
    intensities: intensityRows.map((r) => ({ intensityId: r.intensity_id, name: r.name, unit: r.unit, fiscalYear: r.fiscal_year, value: r.value })),
  });
  return { content, sha256: contentHash(content), gaps };
}
