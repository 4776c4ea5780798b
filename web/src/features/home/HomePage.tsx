import { useMemo } from 'react';
import { Link } from '../../core/ui/AsOfLink';
import { useIntl } from 'react-intl';
import { Card, Icon, Intent, Spinner, Tag, type IconName } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useUser } from '../../core/auth/SessionProvider';
import { useT } from '../../core/i18n/I18nProvider';
import { fiscalYearRange } from '../../core/fiscalYear/fiscalYear';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { BarChart } from '../../core/ui/BarChart';
import { PageHeader } from '../../core/ui/PageHeader';
import { regionMessage } from '../../core/ui/regions';
import { useCurrencies } from '../settings/currency/api';
import { useAuditLog } from '../audit/api';
import { changesPerDay, eventKind, eventMessage } from '../audit/describe';
import { EmissionsSummary } from './EmissionsSummary';
import { useHomeTotals } from './homeTotals';

const CHART_DAYS = 14;

/** The dashboard: what the user works on, the year's emissions, what is set up, what changed lately. */
export default function HomePage() {
  const t = useT();
  const intl = useIntl();
  const user = useUser();
  const { company, companyId, fiscalYear, fiscalYearSetting, startMonth, sections } = useWorkspace();
  const rates = useCurrencies(companyId, fiscalYear);
  const audit = useAuditLog(companyId, null, 200);
  const yearTotals = useHomeTotals().year;
  const entries = useMemo(() => audit.data?.pages.flatMap((p) => p.entries) ?? [], [audit.data]);
  const range = fiscalYearRange(fiscalYear, startMonth);
  const formatDay = (iso: string) => intl.formatDate(new Date(`${iso}T00:00:00`), { year: 'numeric', month: 'numeric', day: 'numeric' });
  const perDay = useMemo(
    () =>
      changesPerDay(
        entries.map((e) => e.occurredAt),
        CHART_DAYS,
        new Date(),
      ).map((d) => ({ key: d.day, value: d.count, label: intl.formatDate(new Date(`${d.day}T00:00:00`), { month: 'numeric', day: 'numeric' }) })),
    [entries, intl],
  );

  const steps: { done: boolean; label: MessageId; to: string; icon: IconName }[] = [
    { done: (fiscalYearSetting?.version ?? -1) >= 0, label: 'home.setup.fiscalYear', to: '/emission/setting/fiscal-year', icon: 'calendar' },
    { done: (rates.data?.length ?? 0) > 0, label: 'home.setup.currency', to: '/emission/setting/currency', icon: 'exchange' },
    { done: sections.length > 0, label: 'home.setup.sections', to: '/emission/setting/company-section', icon: 'diagram-tree' },
    // Done once the year has a line (of the section chosen, if one is).
    { done: (yearTotals.data?.total.lines ?? 0) > 0, label: 'home.setup.input', to: '/emission/input', icon: 'edit' },
  ];

  return (
    <>
      <PageHeader subtitle={t('home.welcome', { name: user.name })} />
      <div className="ghg-stat-grid">
        <Card className="ghg-stat" data-testid="home-company">
          <div className="ghg-stat-label">
            <Icon icon="office" size={14} /> {t('home.company')}
          </div>
          <div className="ghg-stat-value ghg-ellipsis">{company?.name ?? '—'}</div>
          <div className="bp6-text-muted">{company ? (regionMessage(company.region) ? t(regionMessage(company.region)!) : company.region) : ''}</div>
        </Card>
        <Card className="ghg-stat" data-testid="home-fiscal-year">
          <div className="ghg-stat-label">
            <Icon icon="calendar" size={14} /> {t('home.fiscalYear')}
          </div>
          <div className="ghg-stat-value">{t('fiscalYear.name', { year: String(fiscalYear) })}</div>
          <div className="bp6-text-muted">{t('common.dateRange', { start: formatDay(range.start), end: formatDay(range.end) })}</div>
        </Card>
        <Card className="ghg-stat" data-testid="home-currency">
          <div className="ghg-stat-label">
            <Icon icon="exchange" size={14} /> {t('home.currencyRates')}
          </div>
          <div className="ghg-stat-value">{rates.isPending ? <Spinner size={16} /> : intl.formatNumber(rates.data?.length ?? 0)}</div>
          <Link to="/emission/setting/currency">{t('home.manage')}</Link>
        </Card>
        <Card className="ghg-stat">
          <div className="ghg-stat-label">
            <Icon icon="history" size={14} /> {t('home.changes', { days: CHART_DAYS })}
          </div>
          <div className="ghg-stat-value">{intl.formatNumber(perDay.reduce((s, d) => s + d.value, 0))}</div>
          <Link to="/emission/setting/audit-log">{t('home.viewAudit')}</Link>
        </Card>
      </div>

      <EmissionsSummary />

      <div className="ghg-dashboard-grid">
        <Card className="ghg-panel">
          <h2 className="bp6-heading ghg-section-title">{t('home.activity', { days: CHART_DAYS })}</h2>
          <BarChart
            data={perDay}
            ariaLabel={t('home.activity', { days: CHART_DAYS })}
            labelEvery={2}
            valueLabel={(b) => t('home.activity.bar', { day: b.label, count: b.value })}
          />
        </Card>
        <Card className="ghg-panel" data-testid="home-setup">
          <h2 className="bp6-heading ghg-section-title">{t('home.setup')}</h2>
          <ul className="ghg-checklist">
            {steps.map((s) => (
              <li key={s.label}>
                <Icon icon={s.done ? 'tick-circle' : 'circle'} intent={s.done ? Intent.SUCCESS : Intent.NONE} className={s.done ? undefined : 'ghg-muted'} />
                <Link to={s.to}>{t(s.label)}</Link>
                {s.done && (
                  <Tag minimal intent={Intent.SUCCESS} round>
                    {t('home.setup.done')}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <Card className="ghg-panel" data-testid="home-recent">
        <div className="ghg-table-toolbar">
          <h2 className="bp6-heading ghg-section-title">{t('home.recent')}</h2>
          <Link to="/emission/setting/audit-log">{t('home.viewAudit')}</Link>
        </div>
        {audit.isPending ? (
          <Spinner size={20} />
        ) : entries.length === 0 ? (
          <p className="bp6-text-muted">{t('audit.empty')}</p>
        ) : (
          <ul className="ghg-recent">
            {entries.slice(0, 6).map((e) => {
              const name = eventMessage(e.type);
              const kind = eventKind(e.type);
              return (
                <li key={e.id}>
                  <Icon icon={kind === 'added' ? 'add' : kind === 'removed' ? 'trash' : 'edit'} size={14} className="ghg-muted" />
                  <span className="ghg-recent-what">{name ? t(name) : e.type}</span>
                  <span className="bp6-text-muted">{e.actor ? (e.actor.name ?? e.actor.email) : t('audit.system')}</span>
                  <span className="bp6-text-muted ghg-recent-when">{intl.formatDate(e.occurredAt, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </>
  );
}
