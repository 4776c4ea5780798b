import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOCALES, catalogues, intlLocale, type Locale } from '@ghg/locales';
import { FailedProjectionsBanner, FailedProjectionsCallout } from './FailedProjectionsBanner';
import { healthQuery, type HealthReport } from './healthQuery';

/** Who is logged in, for the banner's permission check (the real hook needs the session provider). */
const session = vi.hoisted(() => ({ admin: true }));
vi.mock('../../core/auth/permissions', () => ({ useCan: () => session.admin }));

const degraded: HealthReport = {
  status: 'degraded',
  projections: [
    { name: 'settings/fiscalYear', status: 'ok', checkpoint: '40/40' },
    {
      name: 'settings/currency',
      status: 'failed',
      checkpoint: '33/33',
      failure: {
        position: '34/34',
        eventId: 'c4ac0fb7-bd34-41ee-882d-1565c0a9aea6',
        eventType: 'CurrencyRateAdded',
        streamId: 'currencyRates-1',
        error: 'numeric field overflow',
        attempts: 3,
        firstFailedAt: '2026-05-01T10:00:00.000Z',
        lastFailedAt: '2026-05-01T10:00:01.000Z',
      },
    },
    { name: 'audit/auditLog', status: 'failed', checkpoint: null },
  ],
};
const healthy: HealthReport = { status: 'ok', projections: [{ name: 'settings/currency', status: 'ok', checkpoint: '40/40' }] };

function render(node: ReactNode, locale: Locale = 'en') {
  const errors: string[] = [];
  const html = renderToStaticMarkup(
    <IntlProvider locale={intlLocale[locale]} messages={catalogues[locale]} onError={(e) => errors.push(e.message)}>
      {node}
    </IntlProvider>,
  );
  return { html, errors };
}

/** The banner with GET /api/health already answered (so nothing is fetched) for this user. */
function renderBanner(report: HealthReport, admin: boolean) {
  session.admin = admin;
  const client = new QueryClient();
  client.setQueryData(healthQuery.queryKey, report);
  return render(
    <QueryClientProvider client={client}>
      <FailedProjectionsBanner />
    </QueryClientProvider>,
  ).html;
}

describe('failed projections banner', () => {
  it('names each failed projection, its event, position and error, and how to repair it', () => {
    const { html, errors } = render(<FailedProjectionsCallout report={degraded} />);
    expect(errors).toEqual([]);
    expect(html).toContain('role="alert"');
    expect(html).toContain('2 read models have stopped updating');
    expect(html).toContain('<code>settings/currency</code>: stopped at event CurrencyRateAdded (log position 34/34). Error: numeric field overflow');
    // A failure this administrator may not see the details of (another group's event).
    expect(html).toContain('<code>audit/auditLog</code>: details are shown to the administrators');
    expect(html).toContain('docs/operations.md');
    expect(html).not.toContain('settings/fiscalYear');
  });

  it.each(LOCALES)('is translated in %s', (locale) => {
    const { html, errors } = render(<FailedProjectionsCallout report={degraded} />, locale);
    expect(errors).toEqual([]);
    expect(html).toContain('CurrencyRateAdded');
    expect(html).toContain(catalogues[locale]['health.failed.hint']);
  });

  it('shows nothing while every projection is ok', () => {
    expect(render(<FailedProjectionsCallout report={healthy} />).html).toBe('');
  });

  it('is shown to administrators only', () => {
    expect(renderBanner(degraded, true)).toContain('data-testid="failed-projections"');
    expect(renderBanner(degraded, false)).toBe('');
  });
});
