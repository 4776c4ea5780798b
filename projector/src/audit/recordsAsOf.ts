import type { Knex } from 'knex';
import type { AuditTopic } from '@ghg/events';

/**
 * The records the views and reports read as of a past moment besides the ledger's lines (issue 16
 * §1): the organisation and the settings. The audit log holds every one of their events at its
 * commit position with each field's value after it (for both APIs and on every event store), so
 * folding it up to a position gives the records as they stood then. One list: a date-time `asOf`
 * resolves to the last change of the ledger or of one of these (resolveAsOf), and the as-of time
 * slider snaps to their changes too (asOfMoments).
 */
export const asOfRecordTopics = [
  'organization/tenant',
  'organization/companies',
  'organization/companySections',
  'settings/fiscalYear',
  'settings/reductionGoal',
  'settings/offset',
  'settings/nonFossilCertificate',
  'settings/groupFlag',
  'settings/intensity',
  'settings/managementIntensity',
  'settings/scopeSetting',
] as const satisfies readonly AuditTopic[];
export type AsOfRecordTopic = (typeof asOfRecordTopics)[number];

/** The audit log's one high-volume topic, left out of migration 0028's partial index. */
export const LEDGER_TOPIC = 'activity/lines' satisfies AuditTopic;

/**
 * `topic in (…)` with the topics written out: they are the code's constants, never request input
 * (each checked to be letters and one slash), so PostgreSQL can see on every plan that none is the
 * ledger's topic and use migration 0028's partial index, which a bound parameter would not show it.
 */
export function topicsInSql(topics: readonly Exclude<AuditTopic, typeof LEDGER_TOPIC>[]): string {
  if (topics.length === 0) throw new RangeError('no topics');
  for (const topic of topics) if (!/^[a-z]+\/[a-zA-Z]+$|^reports$/.test(topic) || (topic as string) === LEDGER_TOPIC) throw new RangeError(`topic ${topic}`);
  return `topic in (${topics.map((t) => `'${t}'`).join(', ')})`;
}

export type AuditedFields = Record<string, unknown>;

/** A record as of a position: its fields after its last event up to there, and how many events made it. */
export interface AuditedRecord {
  fields: AuditedFields;
  /** Events folded into it (its aggregate's version + 1 when the record is one aggregate). */
  events: number;
}

/** Whose records: one company's, or a whole tenant's (the group's companies, its consolidation approach). */
export type RecordsScope = { companyId: string } | { tenantId: string };

/**
 * The records of one audited area as they stood at `position`, by entity id: each event's field
 * values folded in log order, a record removed by its last event left out.
 */
export async function auditedRecordsAt(knex: Knex, scope: RecordsScope, topic: AsOfRecordTopic | 'reports', position: bigint): Promise<Map<string, AuditedRecord>> {
  const rows: { entity_id: string; type: string; changes: string | { field: string; after: unknown }[] }[] = await knex('audit_log')
    .whereRaw(topicsInSql([topic]))
    .andWhere('companyId' in scope ? { company_id: scope.companyId } : { tenant_id: scope.tenantId })
    .andWhere('position', '<=', position.toString())
    .orderBy('position')
    .select('entity_id', 'type', 'changes');
  const records = new Map<string, AuditedRecord>();
  for (const row of rows) {
    if (/(Removed|Deleted)$/.test(row.type)) {
      records.delete(row.entity_id);
      continue;
    }
    const changes = typeof row.changes === 'string' ? (JSON.parse(row.changes) as { field: string; after: unknown }[]) : row.changes;
    const before = records.get(row.entity_id);
    const fields = { ...before?.fields };
    for (const change of changes) fields[change.field] = change.after;
    records.set(row.entity_id, { fields, events: (before?.events ?? 0) + 1 });
  }
  return records;
}

/** The company's records of one area at `position`, by id: their fields only. */
export async function auditedRecordsAsOf(knex: Knex, companyId: string, topic: AsOfRecordTopic, position: bigint): Promise<Map<string, AuditedFields>> {
  const records = await auditedRecordsAt(knex, { companyId }, topic, position);
  return new Map([...records].map(([id, r]) => [id, r.fields]));
}

/** The field readers an as-of record needs: the audit log keeps the events' JSON values as they were. */
export const fieldText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
export const fieldTextOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const fieldNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
