import type { Knex } from 'knex';
import type { ScopeCategory } from '@ghg/events';
import { auditedRecordsAt, fieldNumber, fieldText, fieldTextOrNull, type AuditedRecord } from '../audit/recordsAsOf';
import { sectionRowsAsOf } from '../organization/organizationAsOf';

/**
 * The settings lists the views read, as they stood at a log position (issue 16 §1), folded from
 * the audit log (audit/recordsAsOf.ts) into the shapes their list routes answer. Such an answer is
 * for reading: a record's `version` is the number of events that made it, less one.
 */

const versionOf = (record: AuditedRecord) => record.events - 1;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface IntensityAsOf {
  id: string;
  name: string;
  unit: string;
  version: number;
}

/** The company's intensities (denominators) at `position`, by name. */
export async function intensitiesAsOf(knex: Knex, companyId: string, position: bigint): Promise<IntensityAsOf[]> {
  const records = await auditedRecordsAt(knex, { companyId }, 'settings/intensity', position);
  return [...records]
    .map(([id, r]) => ({ id, name: fieldText(r.fields.name), unit: fieldText(r.fields.unit), version: versionOf(r) }))
    .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
}

export interface ManagementIntensityAsOf {
  id: string;
  intensityId: string;
  intensityName: string | null;
  unit: string | null;
  fiscalYear: number;
  value: number;
  version: number;
}

/** The company's intensity values at `position`, newest year first, then by the intensity's name then. */
export async function managementIntensitiesAsOf(knex: Knex, companyId: string, position: bigint): Promise<ManagementIntensityAsOf[]> {
  const [values, intensities] = await Promise.all([
    auditedRecordsAt(knex, { companyId }, 'settings/managementIntensity', position),
    auditedRecordsAt(knex, { companyId }, 'settings/intensity', position),
  ]);
  return [...values]
    .map(([id, r]) => {
      const intensityId = fieldText(r.fields.intensityId);
      const intensity = intensities.get(intensityId)?.fields;
      return {
        id,
        intensityId,
        intensityName: intensity ? fieldText(intensity.name) : null,
        unit: intensity ? fieldText(intensity.unit) : null,
        fiscalYear: fieldNumber(r.fields.fiscalYear),
        value: fieldNumber(r.fields.value),
        version: versionOf(r),
      };
    })
    .sort((a, b) => b.fiscalYear - a.fiscalYear || byText(a.intensityName ?? '', b.intensityName ?? '') || byText(a.id, b.id));
}

/** A reduction goal as its `reduction_goals` row holds it. */
export interface ReductionGoalRowAsOf {
  id: string;
  scope_category: ScopeCategory;
  goal_year: number;
  goal_emission: number;
  target_year: number;
  target_emission: number;
  goal_emission_percentage: number;
  version: number;
}

/** The company's reduction goals at `position`. */
export async function reductionGoalRowsAsOf(knex: Knex, companyId: string, position: bigint): Promise<ReductionGoalRowAsOf[]> {
  const records = await auditedRecordsAt(knex, { companyId }, 'settings/reductionGoal', position);
  return [...records].map(([id, r]) => ({
    id,
    scope_category: fieldText(r.fields.scopeCategory) as ScopeCategory,
    goal_year: fieldNumber(r.fields.goalYear),
    goal_emission: fieldNumber(r.fields.goalEmission),
    target_year: fieldNumber(r.fields.targetYear),
    target_emission: fieldNumber(r.fields.targetEmission),
    goal_emission_percentage: fieldNumber(r.fields.goalEmissionPercentage),
    version: versionOf(r),
  }));
}

export interface GroupFlagAsOf {
  id: string;
  name: string;
  sectionIds: string[];
  sections: { id: string; name: string | null; displayName: string | null }[];
  version: number;
}

/** The company's group flags at `position`, by name, each with its registered sections named as they were then. */
export async function groupFlagsAsOf(knex: Knex, companyId: string, position: bigint): Promise<GroupFlagAsOf[]> {
  const [flags, sections] = await Promise.all([auditedRecordsAt(knex, { companyId }, 'settings/groupFlag', position), sectionRowsAsOf(knex, companyId, position)]);
  const sectionOf = new Map(sections.map((s) => [s.id, s]));
  return [...flags]
    .map(([id, r]) => {
      const ids = Array.isArray(r.fields.sectionIds) ? r.fields.sectionIds.filter((s): s is string => typeof s === 'string') : [];
      const registered = ids
        .map((sectionId) => {
          const section = sectionOf.get(sectionId);
          return { id: sectionId, name: section?.name ?? null, displayName: section ? fieldTextOrNull(section.display_name) : null };
        })
        .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : byText(a.name, b.name)) || byText(a.id, b.id));
      return { id, name: fieldText(r.fields.name), sectionIds: registered.map((s) => s.id), sections: registered, version: versionOf(r) };
    })
    .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
}
