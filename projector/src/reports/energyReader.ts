import type { Knex } from 'knex';
import { buildEnergyReport, kgText, microOfNumber, REPORT_YEARS, type EnergyFactorUse, type EnergyGap, type EnergyLine, type EnergyReportContent, type SectionLink } from '@ghg/domain';
import type { ScopeSettingCategory } from '@ghg/events';
import { contentHash } from './inventoryReader';
import { auditedRecordsAsOf } from '../audit/recordsAsOf';

/**
 * The 省エネ法 energy report read from the temporal ledger (migration 0021): the lines of
 * the fiscal year and the four before it as they stood at `position`, with the company's sections
 * (their report section types, inherited), intensity denominators and their yearly values as they
 * stood then too, each folded from the audit log up to the position (every settings and section
 * event is there at its commit position with its field values). So a filed report re-renders to
 * its hash however the sections and denominators change later (docs/energy-report.md).
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
  const [sectionRecords, intensityRecords, valueRecords] = await Promise.all([
    auditedRecordsAsOf(knex, companyId, 'organization/companySections', position),
    auditedRecordsAsOf(knex, companyId, 'settings/intensity', position),
    auditedRecordsAsOf(knex, companyId, 'settings/managementIntensity', position),
  ]);
  const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const sections = new Map<string, SectionLink>(
    [...sectionRecords].map(([id, r]) => [id, { parentSectionId: textOrNull(r.parentSectionId), energyConservationActReportSectionType: textOrNull(r.energyConservationActReportSectionType) }]),
  );
  const first = fiscalYear - REPORT_YEARS + 1;
  const intensities = [...valueRecords.values()].flatMap((r) => {
    const intensity = typeof r.intensityId === 'string' ? intensityRecords.get(r.intensityId) : undefined;
    const year = Number(r.fiscalYear);
    if (!intensity || !(year >= first && year <= fiscalYear) || typeof r.value !== 'number') return [];
    return [{ intensityId: r.intensityId as string, name: String(intensity.name ?? ''), unit: String(intensity.unit ?? ''), fiscalYear: year, value: kgText(microOfNumber(r.value)) }];
  });
  const { content, gaps } = buildEnergyReport({
    companyId,
    fiscalYear,
    position: position.toString(),
    lines,
    sections,
    intensities,
  });
  return { content, sha256: contentHash(content), gaps };
}
