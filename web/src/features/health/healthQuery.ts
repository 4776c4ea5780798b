import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../core/api/client';

/** GET /api/health (query-api/src/health/health.ts); `failure` only for administrators. */
export interface ProjectionFailure {
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
  checkpoint: string | null;
  failure?: ProjectionFailure;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  projections: ProjectionHealth[];
}

/** How often administrators' screens look again: a failure is rare, and an operator's job to fix. */
export const HEALTH_REFRESH_MS = 30_000;

const isHealthReport = (value: unknown): value is HealthReport =>
  typeof value === 'object' && value !== null && 'status' in value && 'projections' in value && Array.isArray(value.projections);

/** A degraded app answers 503 with the same report: that answer is the news, not an error. */
async function fetchHealth(): Promise<HealthReport> {
  try {
    return await api.get<HealthReport>('/api/health');
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && isHealthReport(error.body)) return error.body;
    throw error;
  }
}

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: fetchHealth,
  refetchInterval: HEALTH_REFRESH_MS,
  staleTime: HEALTH_REFRESH_MS,
  retry: false,
});

export const failedProjections = (report: HealthReport) => report.projections.filter((p) => p.status === 'failed');
