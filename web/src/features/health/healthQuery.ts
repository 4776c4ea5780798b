import { queryOptions } from '@tanstack/react-query';
import { healthRoutes } from '@ghg/api';
import { ApiError } from '../../core/api/client';
import { call, type Answer } from '../../core/api/call';

/** GET /api/health; `failure` only for administrators. */
export type HealthReport = Answer<typeof healthRoutes.health>;
export type ProjectionHealth = HealthReport['projections'][number];
export type ProjectionFailure = NonNullable<ProjectionHealth['failure']>;

/** How often administrators' screens look again: a failure is rare, and an operator's job to fix. */
export const HEALTH_REFRESH_MS = 30_000;

/** A degraded app answers 503 with the same report: that answer is the news, not an error. */
async function fetchHealth(): Promise<HealthReport> {
  try {
    return await call(healthRoutes.health);
  } catch (error) {
    const degraded = error instanceof ApiError && error.status === 503 ? healthRoutes.health.otherResponses[503].safeParse(error.body) : undefined;
    if (degraded?.success) return degraded.data;
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
