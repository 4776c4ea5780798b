import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { healthRoutes } from '@ghg/api';
import { can } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { authenticateReader, type ReaderSession } from '../core/session';

/** What an administrator sees of a projection marked failed (projector/src/core/failures.ts). */
export interface ProjectionFailureDetail {
  /** Global position of the failing event, `commit/prepare`; null when the event is unknown. */
  position: string | null;
  eventId: string | null;
  eventType: string | null;
  streamId: string | null;
  error: string;
  attempts: number;
  firstFailedAt: string;
  lastFailedAt: string;
}

export interface ProjectionHealth {
  name: string;
  status: 'ok' | 'failed';
  /** Position the projection has applied the log up to, `commit/prepare`; null before its first event. */
  checkpoint: string | null;
  failure?: ProjectionFailureDetail;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  projections: ProjectionHealth[];
}

type Position = string | number | null;

interface CheckpointRow {
  name: string;
  commit_position: Position;
  prepare_position: Position;
}

/** A row of projection_failures (projector migration 0009). */
interface FailureRow extends CheckpointRow {
  event_id: string | null;
  event_type: string | null;
  stream_id: string | null;
  tenant_id: string | null;
  error: string;
  attempts: number;
  first_failed_at: Date | string;
  last_failed_at: Date | string;
}
const positionText = (commit: Position, prepare: Position) => (commit === null || prepare === null ? null : `${commit}/${prepare}`);
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The caller, when they send a valid token; anyone else gets the public answer. Never a 401:
 * a monitor has no token, and the web app must not be logged out by a health poll.
 */
async function optionalReader(knex: Knex, request: FastifyRequest): Promise<ReaderSession | null> {
  if (!request.headers.authorization) return null;
  try {
    await authenticateReader(knex)(request);
  } catch {
    return null;
  }
  return request.reader ?? null;
}

/**
 * GET /api/health (docs/api.md, docs/operations.md): public, for monitors and load balancers.
 * 200 `{status:'ok'}` while every projection applies the log; 503 `{status:'degraded'}` when one
 * is marked failed: its read models are stale until an operator repairs it, though the app still
 * answers. Administrators also get each failure's event and error, for events of their own group.
 */
export function registerHealthQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, healthRoutes.health, async ({ request, reply }) => {
    const reader = await optionalReader(knex, request);
    const admin = reader && can(reader, 'users.manage') ? reader : null;
    const checkpoints: CheckpointRow[] = await knex('projection_checkpoints').select('name', 'commit_position', 'prepare_position');
    const failures: FailureRow[] = await knex('projection_failures').select('*');
    const failed = new Map(failures.map((f) => [f.name, f]));
    const names = [...new Set([...checkpoints.map((c) => c.name), ...failed.keys()])].sort();
    const checkpointOf = new Map(checkpoints.map((c) => [c.name, positionText(c.commit_position, c.prepare_position)]));

    const projections = names.map((name): ProjectionHealth => {
      const f = failed.get(name);
      const health: ProjectionHealth = { name, status: f ? 'failed' : 'ok', checkpoint: checkpointOf.get(name) ?? null };
      // Only the event's own group: stream ids and messages of another tenant are not theirs to see.
      if (f && admin && (f.tenant_id === null || f.tenant_id === admin.tenantId)) {
        health.failure = {
          position: positionText(f.commit_position, f.prepare_position),
          eventId: f.event_id,
          eventType: f.event_type,
          streamId: f.stream_id,
          error: f.error,
          attempts: Number(f.attempts),
          firstFailedAt: iso(f.first_failed_at),
          lastFailedAt: iso(f.last_failed_at),
        };
      }
      return health;
    });
    const report: HealthReport = { status: failed.size > 0 ? 'degraded' : 'ok', projections };
    return reply
      .status(report.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
