import { useMemo } from 'react';
import { Link } from '../../core/ui/AsOfLink';
import { useIntl } from 'react-intl';
import { Card, Classes, Icon, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName, type CategoryKey } from '../../core/router/categories';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { GoalProgress } from '../views/company/GoalProgress';
import { inUnit, trendYears, unitDigits, unitSymbol } from '../views/core/filters';
import { HOME_SCOPES, scopeSplit, yearTrend, type HomeScope, type ScopeShare } from './figures';
import { ScopeDonut } from './ScopeDonut';
import { TrendChart } from './TrendChart';
import { useHomeTotals } from './homeTotals';
import './home.css';

/** The home page shows tonnes; the views switch units. */
const UNIT = 't';
/** Scope 1, 2, 3 and water take the views' series colours, in that order. */
const scopeClass = (scope: HomeScope) => `ghg-chart-series-${HOME_SCOPES.indexOf(scope)}`;
const toTonnes = (kg: number) => inUnit(kg, UNIT);

/**
 * The selected company's emissions for the selected fiscal year (of the header's section when one
 * is chosen): the gross total with the offsets and the net figure beside it, the split by scope,
 * the last five fiscal years, and progress against the reduction goals; each card links to the
 * view that details it. Live: see useHomeTotals.
 */
export function EmissionsSummary() {
  const t = useT();
  const intl = useIntl();
  const { fiscalYear, companySectionId, companySection } = useWorkspace();
  const { year, trend } = useHomeTotals();

  const data = year.data;
  const totalKg = data?.total.co2eKg ?? 0;
  const split = useMemo(() => scopeSplit(data?.rows ?? [], totalKg), [data, totalKg]);
  // The years of the answer shown: while another year's figures load, the last ones stay, with their own years.
  const years = useMemo(() => yearTrend(trend.data?.rows ?? [], trendYears(trend.data?.toYear ?? fiscalYear)), [trend.data, fiscalYear]);
  const offsets = data?.offsets.find((o) => o.fiscalYear === data.fromYear) ?? { co2eKg: 0, records: 0 };

  const symbol = unitSymbol[UNIT];
  const amount = (kg: number) => intl.formatNumber(inUnit(kg, UNIT), { maximumFractionDigits: unitDigits[UNIT] });
  const withUnit = (kg: number) => `${amount(kg)} ${symbol}`;
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
  const scopeName = (scope: HomeScope) => t(categoryName[scope]);
  const yearName = (y: number) => t('fiscalYear.name', { year: String(y) });
  const partLabel = (part: ScopeShare) => t('home.emissions.part', { name: scopeName(part.scope), value: withUnit(part.kg), share: percent(part.share) });
  // A goal of a scope compares with the scope's sum, a goal of a category with the category's.
  const goalKg = (key: CategoryKey) =>
    key === '1' || key === '2' || key === '3' ? (split.find((s) => s.scope === key)?.kg ?? 0) : (data?.rows ?? []).filter((r) => r.scopeCategory === key).reduce((kg, r) => kg + r.co2eKg, 0);

  const loading = year.isPending;
  const empty = data !== undefined && data.total.lines === 0;
  /** A grey bar where a figure will be: the card keeps its height while the figures load. */
  const skeleton = (width: string, height = 16) => <span className={Classes.SKELETON} style={{ display: 'inline-block', width, height }} />;

  return (
    <section className="ghg-home-emissions" data-testid="home-emissions" aria-busy={loading}>
      <h2 className="bp6-heading ghg-section-title">
        {t('home.emissions.title', { year: String(fiscalYear), section: companySection?.name ?? t('header.section.all') })}
      </h2>
      {(year.isError || trend.isError) && <ErrorCallout error={year.error ?? trend.error} />}
      <div className="ghg-home-grid">
        {empty ? (
          <Card className="ghg-home-card ghg-home-wide" data-testid="home-empty">
            <NonIdealState
              icon="th-add"
              title={t('home.emissions.empty', { year: String(fiscalYear) })}
              description={t('home.emissions.emptyHint')}
              action={
                <Link to="/emission/input" data-testid="home-empty-input">
                  {t('home.setup.input')}
                </Link>
              }
            />
          </Card>
        ) : (
          <>
            <Card className="ghg-home-card" data-testid="home-total-card">
              <div className="ghg-stat-label">
                <Icon icon="cloud" size={14} /> {t('views.total')}
              </div>
              {loading || !data ? (
                <>
                  {skeleton('70%', 28)}
                  {skeleton('40%')}
                  {skeleton('90%')}
                  {skeleton('80%')}
                </>
              ) : (
                <>
                  <div className="ghg-home-total" data-testid="home-total" data-kg={totalKg}>
                    {withUnit(totalKg)}
                  </div>
                  <div className="bp6-text-muted">{t('views.lineCount', { count: data.total.lines })}</div>
                  <div data-testid="home-offsets" data-kg={offsets.co2eKg}>
                    <Icon icon="exchange" size={12} className="ghg-muted" /> {t('home.emissions.offsets', { value: withUnit(offsets.co2eKg), count: offsets.records })}
                  </div>
                  <div className="bp6-text-muted" data-testid="home-net" data-kg={totalKg - offsets.co2eKg}>
                    {t('views.netBeside', { value: withUnit(totalKg - offsets.co2eKg) })}
                  </div>
                  <div className="bp6-text-muted">{t('home.emissions.basis', { basis: t('views.basis.location') })}</div>
                </>
              )}
              <Link to="/emission/view/company" className="ghg-home-more" data-testid="home-total-link">
                {t('home.emissions.toCompany')}
              </Link>
            </Card>
            <Card className="ghg-home-card" data-testid="home-scopes">
              <div className="ghg-stat-label">
                <Icon icon="pie-chart" size={14} /> {t('home.emissions.byScope')}
              </div>
              <div className="ghg-home-split">
                <ScopeDonut parts={split} ariaLabel={t('home.emissions.byScope')} partLabel={partLabel} partClass={(p) => scopeClass(p.scope)} />
                <ul className="ghg-home-legend">
                  {(loading ? HOME_SCOPES.slice(0, 3).map((scope) => ({ scope, kg: 0, share: 0 })) : split).map((part) => (
                    <li key={part.scope} data-testid={`home-scope-${part.scope}`} data-kg={loading ? undefined : part.kg} data-share={loading ? undefined : part.share}>
                      <svg width={10} height={10} aria-hidden>
                        <rect width={10} height={10} rx={2} className={scopeClass(part.scope)} />
                      </svg>
                      <span className="ghg-home-legend-name">{scopeName(part.scope)}</span>
                      {loading ? (
                        <span className="ghg-home-legend-figures">{skeleton('6em', 14)}</span>
                      ) : (
                        <span className="ghg-home-legend-figures">
                          <span className="ghg-num">{withUnit(part.kg)}</span>
                          <span className="ghg-num bp6-text-muted">{percent(part.share)}</span>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
              <Link to="/emission/view/scope" className="ghg-home-more" data-testid="home-scopes-link">
                {t('home.emissions.toScope')}
              </Link>
            </Card>
          </>
        )}
        <Card className="ghg-home-card" data-testid="home-trend">
          <div className="ghg-stat-label">
            <Icon icon="timeline-bar-chart" size={14} /> {t('home.emissions.trend', { unit: symbol })}
          </div>
          {trend.isPending ? (
            skeleton('100%', 160)
          ) : (
            <TrendChart
              years={years}
              ariaLabel={t('home.emissions.trend', { unit: symbol })}
              yearLabel={yearName}
              toUnit={toTonnes}
              formatTick={(value) => intl.formatNumber(value, { maximumFractionDigits: 1 })}
              yearTitle={(y) => t('home.emissions.yearTotal', { year: String(y.year), value: withUnit(y.kg) })}
              partLabel={(y, scope) => t('views.chart.yearBar', { year: String(y.year), name: scopeName(scope), value: amount(y.byScope[scope]), unit: symbol })}
              scopeClass={scopeClass}
            />
          )}
          <Link to="/emission/view/company" className="ghg-home-more" data-testid="home-trend-link">
            {t('home.emissions.toCompany')}
          </Link>
        </Card>
      </div>
      {data && !empty && (
        <>
          <GoalProgress fiscalYear={fiscalYear} companyWide={!companySectionId} emissionKg={goalKg} />
          <div className="ghg-home-goals-link">
            <Link to="/emission/setting/reduction-goal" data-testid="home-goals-link">
              {t('home.emissions.toGoals')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
