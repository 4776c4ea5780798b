import { Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { failedProjections, healthQuery, type HealthReport, type ProjectionFailure } from './healthQuery';

/**
 * Administrators' warning that a projection is marked failed: its screens
 * show stale data until an operator repairs it. Polls GET /api/health; others see nothing and
 * never ask.
 */
export function FailedProjectionsBanner() {
  const admin = useCan('users.manage');
  const { data } = useQuery({ ...healthQuery, enabled: admin });
  return admin && data ? <FailedProjectionsCallout report={data} /> : null;
}

/** The red callout itself: one line per failed projection, with its event and error when shown. */
export function FailedProjectionsCallout({ report }: { report: HealthReport }) {
  const t = useT();
  const failed = failedProjections(report);
  if (failed.length === 0) return null;
  const describe = (failure: ProjectionFailure | undefined) => {
    if (!failure) return t('health.failed.noDetail');
    const { eventType, position, error } = failure;
    return eventType && position ? t('health.failed.event', { eventType, position, error }) : t('health.failed.unknownEvent', { error });
  };
  return (
    <Callout intent={Intent.DANGER} icon="error" title={t('health.failed.title', { count: failed.length })} className="ghg-health-banner" role="alert" data-testid="failed-projections">
      <ul>
        {failed.map((p) => (
          <li key={p.name}>
            <code>{p.name}</code>: {describe(p.failure)}
          </li>
        ))}
      </ul>
      <p>{t('health.failed.hint')}</p>
    </Callout>
  );
}
