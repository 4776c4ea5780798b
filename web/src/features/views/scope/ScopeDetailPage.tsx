import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useFiscalYearFromUrl } from '../../../core/workspace/useFiscalYearFromUrl';
import { useLines } from '../../input/api';
import { useRouteAsOf } from '../../../core/workspace/asOf';
import { useViewSections } from '../core/viewSections';
import { useFormulas } from '../../settings/scopeSetting/api';
import { labelOf } from '../../settings/scopeSetting/form';
import { calendarMonth, inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { ChartCard } from '../core/ChartCard';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { useTotals, type Scope2Basis } from '../core/totals';
import { detailPagesOf, type DetailCategory } from './detailPages';

type Column = 'occurrenceDate' | 'sectionName' | 'formula' | 'co2eKg';

/** The category and page number of /emission/view/scope/detail/{category}/{n}. */
const pageOf = (path: string) => {
  const [, category = '', n = ''] = /\/detail\/([^/]+)\/(\d+)$/.exec(path) ?? [];
  const pages = detailPagesOf(category);
  const index = Number(n) - 1;
  return pages && pages[index] ? { category: category as DetailCategory, index, pages, page: pages[index] } : null;
};

/**
 * One scope detail page: the category's methods the page groups (detailPages.ts), for the fiscal
 * year and the header's section: by section and fiscal month (from the totals), a chart by month,
 * and the lines themselves with their factors and a link to each line's history in the audit log.
 */
export default function ScopeDetailPage() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const { pathname } = useLocation();
  useFiscalYearFromUrl();
  const { companyId, fiscalYear, startMonth, companySectionId, companySection, company } = useWorkspace();
  const { sections } = useViewSections();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const found = pageOf(pathname);
  const category = found?.category ?? '1';
  const formulaIds = useMemo(() => new Set<string>(found?.page.formulas ?? []), [found]);
  const totals = useTotals(companyId, {
    fromYear: fiscalYear,
    of: 'company',
    basis,
    approach: 'operational',
    groupBy: ['formula', 'section', 'month'],
    categories: [category],
    limit: 0,
    ...(companySectionId ? { sectionId: companySectionId } : {}),
  });
  // The lines behind the figures, as of the same moment as they are.
  const lines = useLines({ companyId, fiscalYear, category, basis, sectionId: companySectionId, asOf: useRouteAsOf() });
  const formulas = useFormulas();
  const { sort, header } = useSort<Column>({ key: 'occurrenceDate', direction: 'asc' });

  const symbol = unitSymbol[unit];
  const number = (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: unitDigits[unit] });
  const formulaName = (id: string) => {
    const f = formulas.data?.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  const sectionName = (id: string) => sections.find((s) => s.id === id)?.displayName ?? id;

  // By section and fiscal month: the totals of this page's methods.
  const cells = (totals.data?.rows ?? []).filter((r) => formulaIds.has(r.formulaId!));
  const bySection = [...new Set(cells.map((c) => c.sectionId!))].map((id) => {
    const months = Array.from({ length: 12 }, (_, i) => cells.filter((c) => c.sectionId === id && c.month === i + 1).reduce((kg, c) => kg + c.co2eKg, 0));
    return { id, name: sectionName(id), months, total: months.reduce((a, b) => a + b, 0) };
  });
  const monthLabel = (i: number) => intl.formatDate(new Date(2000, calendarMonth(i + 1, startMonth) - 1, 1), { month: 'short' });
  const monthTotals = Array.from({ length: 12 }, (_, i) => bySection.reduce((kg, s) => kg + s.months[i]!, 0));
  const pageKg = monthTotals.reduce((a, b) => a + b, 0);

  const pageLines = useMemo(() => (lines.data?.lines ?? []).filter((l) => formulaIds.has(l.formulaId)).map((l) => ({ ...l, formula: formulaName(l.formulaId), sectionName: l.sectionName ?? l.section })), [lines.data, formulaIds, formulas.data, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  const sortedLines = useMemo(() => sortRows(pageLines, sort, (row, key) => row[key]), [pageLines, sort]);

  if (!found) {
    return (
      <>
        <PageHeader />
        <NonIdealState icon="search" title={t('views.detail.notFound')} />
      </>
    );
  }

  const downloadTables = (): DownloadTable[] => {
    const heading = [t('views.division.column.section'), ...monthTotals.map((_, i) => monthLabel(i)), t('views.detail.rowTotal')];
    const figures = (kgs: number[]) => kgs.map((kg) => inUnit(kg, unit));
    return [{ sheet: t(found.page.title), heading, rows: [...bySection.map((s) => [s.name, ...figures([...s.months, s.total])]), [t('views.total'), ...figures([...monthTotals, pageKg])]] }];
  };

  return (
    <>
      <PageHeader
        subtitle={`${t(categoryName[category])} · ${t(found.page.title)} · ${t('views.scopeCompany', { company: company?.name ?? '', year: String(fiscalYear), section: companySection?.name ?? t('header.section.all') })}`}
        actions={
          <ViewDownload fileBase={`emissions-${category}-${found.index + 1}-${fiscalYear}-${basis}-${unit}`} tables={downloadTables} disabled={bySection.length === 0} digits={unit === 't' ? 6 : 3} testId="detail-download" />
        }
      />
      <div className="ghg-toolbar-start" data-testid="detail-pages">
        {found.pages.map((page, i) => (
          <Link key={page.title} to={`/emission/view/scope/detail/${category}/${i + 1}`} className={`bp6-button${i === found.index ? ' bp6-active' : ''}`} aria-current={i === found.index ? 'page' : undefined}>
            {`${i + 1}. ${t(page.title)}`}
          </Link>
        ))}
      </div>
      <div className="ghg-toolbar-start">
        {category === '2' && (
          <BasisSwitch value={basis} onChange={setBasis} />
        )}
        <UnitSwitch value={unit} onChange={setUnit} />
      </div>
      <Callout icon="info-sign" className="ghg-page-callout" data-testid="detail-methods">
        {t('views.detail.methods', { methods: found.page.formulas.map(formulaName).join(', ') })}
      </Callout>
      <QueryState query={{ ...totals, data: totals.data?.rows }}>
        {bySection.length === 0 ? (
          <NonIdealState icon="th" title={t('views.detail.empty')} />
        ) : (
          <>
            <ChartCard
              title={t('views.chart.byMonth', { year: String(fiscalYear), unit: symbol })}
              testId="detail-chart"
              bars={monthTotals.map((kg, i) => ({ key: String(i + 1), label: monthLabel(i), value: inUnit(kg, unit) }))}
              unit={unit}
            />
            <Card className="ghg-table-card ghg-scroll-x">
              <HTMLTable className="ghg-table" striped compact data-testid="detail-by-section">
                <thead>
                  <tr>
                    <th>{t('views.division.column.section')}</th>
                    {monthTotals.map((_, i) => (
                      <th key={i} className="ghg-num">
                        {monthLabel(i)}
                      </th>
                    ))}
                    <th className="ghg-num">{t('views.detail.rowTotal')}</th>
                  </tr>
                </thead>
                <tbody>
                  {bySection.map((s) => (
                    <tr key={s.id} data-testid={`detail-section-${s.name}`} data-kg={s.total}>
                      <td>{s.name}</td>
                      {s.months.map((kg, i) => (
                        <td key={i} className="ghg-num">
                          {kg === 0 ? '' : number(kg)}
                        </td>
                      ))}
                      <td className="ghg-num">{number(s.total)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th>{t('views.total')}</th>
                    {monthTotals.map((kg, i) => (
                      <th key={i} className="ghg-num">
                        {number(kg)}
                      </th>
                    ))}
                    <th className="ghg-num" data-testid="detail-total" data-kg={pageKg}>
                      {number(pageKg)}
                    </th>
                  </tr>
                </tfoot>
              </HTMLTable>
            </Card>
          </>
        )}
      </QueryState>
      <Card className="ghg-table-card">
        <h2 className="bp6-heading ghg-section-title">{t('views.detail.lines')}</h2>
        <QueryState query={{ ...lines, data: sortedLines }} empty={<p className="bp6-text-muted">{t('views.detail.empty')}</p>}>
          <HTMLTable className="ghg-table" striped compact data-testid="detail-lines">
            <thead>
              <tr>
                {header('occurrenceDate', t('views.detail.column.date'))}
                {header('sectionName', t('views.division.column.section'))}
                {header('formula', t('views.detail.column.method'))}
                <th>{t('views.detail.column.factors')}</th>
                {header('co2eKg', t('views.column.emission', { unit: symbol }), 'right')}
                <th />
              </tr>
            </thead>
            <tbody>
              {sortedLines.map((l) => (
                <tr key={l.dealId} data-testid="detail-line">
                  <td>{l.occurrenceDate}</td>
                  <td>{l.sectionName}</td>
                  <td>{l.formula}</td>
                  <td className="ghg-small">{l.factors.map((f) => `${f.setId}:${f.key}${f.version ? `@${f.version}` : ''}`).join(', ')}</td>
                  <td className="ghg-num">{number(l.co2eKg)}</td>
                  <td>
                    <Link to={`/emission/setting/audit-log?entityId=${encodeURIComponent(l.dealId)}`} data-testid="detail-line-history">
                      {t('views.detail.history')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>
    </>
  );
}
