import type { FastifyInstance } from 'fastify';
import { auditLogRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** One changed field, as the audit projection stores it. */
interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One audit_log row joined with its actor's name and address. */
interface AuditRow {
  event_id: string;
  /** bigint: text from pg, a number from PGlite. */
  position: string | number;
  occurred_at: string | Date;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  type: string;
  topic: string;
  entity_id: string | null;
  correlation_id: string | null;
  api_token_id: string | null;
  api_token_name: string | null;
  /** jsonb: parsed by pg, text on some drivers. */
  changes: AuditChange[] | string;
}

/** The events behind the current company's data, newest first, with who, when and what changed. */
export function registerAuditLogQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, auditLogRoutes.list, async ({ reader: { selectedCompanyId }, query: { limit, before, topic, entityId, correlationId } }) => {
    const rows: AuditRow[] = await knex('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_user_id')
      .leftJoin('api_tokens as t', 't.id', 'a.api_token_id')
      .where('a.company_id', selectedCompanyId)
      .modify((q) => (before === undefined ? q : q.where('a.position', '<', before)))
      .modify((q) => (topic === undefined ? q : q.where('a.topic', topic)))
      .modify((q) => (entityId === undefined ? q : q.where('a.entity_id', entityId)))
      .modify((q) => (correlationId === undefined ? q : q.where('a.correlation_id', correlationId)))
      .orderBy('a.position', 'desc')
      .limit(limit + 1)
      .select('a.*', 'u.name as actor_name', 'u.email as actor_email', 't.name as api_token_name');
    const page = rows.slice(0, limit);
    return {
      entries: page.map((r) => ({
        id: r.event_id,
        position: String(r.position),
        occurredAt: new Date(r.occurred_at).toISOString(),
        actor: r.actor_user_id ? { id: r.actor_user_id, name: r.actor_name ?? null, email: r.actor_email ?? null } : null,
        type: r.type,
        topic: r.topic,
        entityId: r.entity_id,
        correlationId: r.correlation_id,
        apiToken: r.api_token_id ? { id: r.api_token_id, name: r.api_token_name ?? null } : null,
        changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as AuditChange[]) : r.changes,
      })),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.position) : null,
    };
  });
}
