import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryInt, queryPosition } from '../core/queryArgs';

const AuditQuery = z.object({
  limit: queryInt(1, 500).default(50),
  before: queryPosition().optional(),
});

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
  /** jsonb: parsed by pg, text on some drivers. */
  changes: unknown;
}

/** The events behind the current company's data, newest first, with who, when and what changed. */
export function registerAuditLogQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/auditlog', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'auditlog.read');
    const query = AuditQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const { limit, before } = query.data;
    const rows: AuditRow[] = await knex('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_user_id')
      .where('a.company_id', selectedCompanyId)
      .modify((q) => (before === undefined ? q : q.where('a.position', '<', before)))
      .orderBy('a.position', 'desc')
      .limit(limit + 1)
      .select('a.*', 'u.name as actor_name', 'u.email as actor_email');
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
        changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as unknown) : r.changes,
      })),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.position) : null,
    };
  });
}
