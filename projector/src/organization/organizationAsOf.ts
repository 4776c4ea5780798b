import type { Knex } from 'knex';
import {
  consolidationApproaches,
  controlApproaches,
  DEFAULT_CONSOLIDATION_APPROACH,
  DEFAULT_CONTROL_APPROACH,
  DEFAULT_EQUITY_SHARE_PERCENT,
  type ConsolidationApproach,
  type ControlApproach,
} from '@ghg/events';
import { auditedRecordsAt, fieldNumber, fieldText, fieldTextOrNull } from '../audit/recordsAsOf';

/**
 * The organisation as it stood at a log position (issue 16 §1): the group's companies with their
 * names and weights, its consolidation approach, and a company's section tree, folded from the
 * audit log (audit/recordsAsOf.ts). Each answers in the shape of the read model's rows, so a
 * query reads the past and the present the same way.
 */

/** A company of the group as its `companies` row holds it. */
export interface CompanyRowAsOf {
  id: string;
  name: string;
  region: string | null;
  equity_share_percent: number;
  control_approach: ControlApproach;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** The tenant's companies registered by `position`, with their names, regions and weights then, by name. */
export async function companiesAsOf(knex: Knex, tenantId: string, position: bigint): Promise<CompanyRowAsOf[]> {
  const records = await auditedRecordsAt(knex, { tenantId }, 'organization/companies', position);
  return [...records]
    .map(([id, { fields }]) => ({
      id,
      name: fieldText(fields.name),
      region: fieldTextOrNull(fields.region),
      equity_share_percent: fields.equitySharePercent === undefined ? DEFAULT_EQUITY_SHARE_PERCENT : fieldNumber(fields.equitySharePercent),
      control_approach: oneOf(controlApproaches, fields.controlApproach, DEFAULT_CONTROL_APPROACH),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The group's consolidation approach at `position` (the default until it chose one). */
export async function consolidationApproachAsOf(knex: Knex, tenantId: string, position: bigint): Promise<ConsolidationApproach> {
  const tenant = (await auditedRecordsAt(knex, { tenantId }, 'organization/tenant', position)).get(tenantId);
  return oneOf(consolidationApproaches, tenant?.fields.consolidationApproach, DEFAULT_CONSOLIDATION_APPROACH);
}

/** A section as its `company_sections` row holds it. */
export interface SectionRowAsOf {
  id: string;
  name: string;
  display_name: string;
  parent_section_id: string | null;
  energy_conservation_act_report_section_type: string | null;
}

/** The company's sections at `position`: those created by then and not deleted, with their names and parents then. */
export async function sectionRowsAsOf(knex: Knex, companyId: string, position: bigint): Promise<SectionRowAsOf[]> {
  const records = await auditedRecordsAt(knex, { companyId }, 'organization/companySections', position);
  return [...records].map(([id, { fields }]) => ({
    id,
    name: fieldText(fields.name),
    display_name: fieldText(fields.displayName),
    parent_section_id: fieldTextOrNull(fields.parentSectionId),
    energy_conservation_act_report_section_type: fieldTextOrNull(fields.energyConservationActReportSectionType),
  }));
}
