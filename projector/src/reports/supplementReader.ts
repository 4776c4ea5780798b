import type { Knex } from 'knex';
import {
  buildInventorySupplement,
  DEFAULT_START_MONTH,
  type GhgInventoryContent,
  type InventorySupplement,
  type SupplementBaseYearRecord,
  type SupplementCertificate,
  type SupplementGoal,
  type SupplementOffset,
} from '@ghg/domain';
import type { ScopeSettingCategory } from '@ghg/events';
import { auditedRecordsAsOf, fieldNumber as num, fieldText as text, fieldTextOrNull as textOrNull } from '../audit/recordsAsOf';
import { baseYearRecords } from './baseYearReader';

/**
 * The supplement of a GHG Protocol inventory (domain/src/reports/inventorySupplement.ts) as of the
 * report's position. The base year's records are its read model's, those recorded by the position;
 * the reduction goals, offsets, non-fossil certificates, scope settings and the fiscal-year start
 * are settings records, each folded from the audit log up to the position: the audit log holds
 * every one of their events at its commit position with each field's value after it, for both
 * APIs and on every event store (the events' own streams are only command-api's to read).
 */

/** The base year's records recorded by `position`: as many as the audit log has base-year events up to it (one row per event, in order). */
async function baseYearRecordsAsOf(knex: Knex, companyId: string, position: bigint): Promise<SupplementBaseYearRecord[]> {
  const counted = (await knex('audit_log')
    .where({ company_id: companyId, topic: 'reports', entity_id: `baseYear:${companyId}` })
    .andWhere('position', '<=', position.toString())
    .count({ n: '*' })
    .first()) as { n: string | number } | undefined;
  const records = (await baseYearRecords(knex, companyId)).slice(0, Number(counted?.n ?? 0));
  return records.map((r) => ({
    kind: r.kind,
    baseYear: r.baseYear,
    thresholdPercent: r.thresholdPercent,
    position: r.position,
    totalKg: r.figures.totalKg,
    reason: r.reason,
    note: r.note,
    recordedAt: r.recordedAt,
  }));
}

/** The supplement of the company's inventory `content`, read at the content's position. */
export async function renderSupplement(knex: Knex, companyId: string, content: GhgInventoryContent): Promise<InventorySupplement> {
  const position = BigInt(content.position);
  const [records, goals, offsets, certificates, settings, fiscalYear] = await Promise.all([
    baseYearRecordsAsOf(knex, companyId, position),
    auditedRecordsAsOf(knex, companyId, 'settings/reductionGoal', position),
    auditedRecordsAsOf(knex, companyId, 'settings/offset', position),
    auditedRecordsAsOf(knex, companyId, 'settings/nonFossilCertificate', position),
    auditedRecordsAsOf(knex, companyId, 'settings/scopeSetting', position),
    auditedRecordsAsOf(knex, companyId, 'settings/fiscalYear', position),
  ]);
  const startMonth = [...fiscalYear.values()].map((r) => num(r.startMonth)).find((m) => m >= 1 && m <= 12) ?? DEFAULT_START_MONTH;
  return buildInventorySupplement({
    content,
    startMonth,
    baseYearRecords: records,
    goals: [...goals].map(
      ([id, r]): SupplementGoal => ({
        id,
        scopeCategory: r.scopeCategory as SupplementGoal['scopeCategory'],
        goalYear: num(r.goalYear),
        goalEmission: num(r.goalEmission),
        targetYear: num(r.targetYear),
        targetEmission: num(r.targetEmission),
        goalEmissionPercentage: num(r.goalEmissionPercentage),
      }),
    ),
    offsets: [...offsets].map(
      ([id, r]): SupplementOffset => ({
        id,
        type: text(r.type),
        particularNumberFrom: text(r.particularNumberFrom),
        particularNumberTo: text(r.particularNumberTo),
        invalidOrRelocationQuantity: num(r.invalidOrRelocationQuantity),
        invalidOrRelocationDate: text(r.invalidOrRelocationDate),
        authType: text(r.authType),
      }),
    ),
    certificates: [...certificates].map(
      ([id, r]): SupplementCertificate => ({
        id,
        certificateType: r.certificateType as SupplementCertificate['certificateType'],
        quantityKwh: num(r.quantityKwh),
        periodFrom: text(r.periodFrom),
        periodTo: text(r.periodTo),
        fiscalYear: num(r.fiscalYear),
        tracking: r.tracking === true,
        powerSource: (textOrNull(r.powerSource) as SupplementCertificate['powerSource']) ?? null,
        generatorName: textOrNull(r.generatorName),
        generatorLocation: textOrNull(r.generatorLocation),
      }),
    ),
    scopeSettingCategories: [...settings.values()].map((r) => r.scopeCategory as ScopeSettingCategory),
  });
}

/** The company sections created after `from` up to `to` (an organisation change between two positions). */
export async function sectionsCreatedBetween(knex: Knex, companyId: string, from: bigint, to: bigint): Promise<Set<string>> {
  const ids: string[] = await knex('audit_log')
    .where({ company_id: companyId, type: 'CompanySectionCreated' })
    .andWhere('position', '>', from.toString())
    .andWhere('position', '<=', to.toString())
    .pluck('entity_id');
  return new Set(ids);
}
