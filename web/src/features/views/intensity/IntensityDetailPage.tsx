import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Card, HTMLTable, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../../core/router/categories';
import { BarChart } from '../../../core/ui/BarChart';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useRouteAsOf } from '../../../core/workspace/asOf';
import { useIntensities } from '../../settings/intensity/api';
import { useManagementIntensities } from '../../settings/managementIntensity/api';
import { inUnit, trendYears, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useTotals, type Scope2Basis } from '../core/totals';
import { perUnit, valuesOf } from './intensity';
import { MissingValue, perUnitSymbol, useIntensityNumbers, VALUES_SETTINGS } from './parts';

type Column = 'name' | 'co2eKg' | 'perUnit';

/**
 * One intensity (?intensityId=): for each of the last five fiscal years the emission, the year's
 * value and their quotient; for the year chosen, each category's emission ÷ that value, the
 * arithmetic in the columns (emission, ÷ value, = intensity). Company-wide, like the intensity view.
 */
export default function IntensityDetailPage() {
  const t = useT();
  const intl = useIntl();
  const [params] = useSearchParams();
  const intensityId = params.get('intensityId') ?? '';
  const { companyId, company, fiscalYear } = useWorkspace();
  const asOf = useRouteAsOf();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const [shownYear, setShownYear] = useState(fiscalYear);
  const intensities = useIntensities(companyId, asOf);
  const managementValues = useManagementIntensities(companyId, asOf);
  const years = useMemo(() => trendYears(fiscalYear), [fiscalYear]);
  const year = years.includes(shownYear) ? shownYear : fiscalYear;
  const range = { fromYear: years[0]!, toYear: fiscalYear, of: 'company', basis, approach: 'operational', limit: 0 } as const;
  const byYear = useTotals(companyId, { ...range, groupBy: ['fiscalYear'] });
  const byCategory = useTotals(companyId, { ...range, groupBy: ['fiscalYear', 'category'] });
  const { sort, header } = useSort<Column>({ key: 'co2eKg', direction: 'desc' });
  const numbers = useIntensityNumbers(unit);

  const intensity = intensities.data?.find((i) => i.id === intensityId);
  const values = useMemo(() => valuesOf(intensityId, managementValues.data ?? []), [intensityId, managementValues.data]);
  const yearRows = years.map((y) => {
    const co2eKg = byYear.data?.rows.find((r) => r.fiscalYear === y)?.co2eKg ?? 0;
    const value = values.get(y) ?? null;
    return { fiscalYear: y, co2eKg, value, perUnit: perUnit(co2eKg, value) };
  });
  const categoryRowsOf = (y: number) =>
    (byCategory.data?.rows ?? [])
      .filter((r) => r.fiscalYear === y)
      .map((r) => ({ key: r.scopeCategory as CategoryKey, name: t(categoryName[r.scopeCategory as CategoryKey]), co2eKg: r.co2eKg, perUnit: perUnit(r.co2eKg, values.get(y)) }));
  const categories = sortRows(categoryRowsOf(year), sort, (r, key) => r[key]);
  const shown = yearRows.find((r) => r.fiscalYear === year)!;

  const symbol = intensity ? perUnitSymbol(unit, intensity.unit) : '';
  const yearName = (y: number) => t('fiscalYear.name', { year: String(y) });
  const emission = (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: unitDigits[unit] });
  const valueCell = (y: number, value: number | null) => (value === null ? <MissingValue year={y} /> : numbers.value(value));
  const perUnitCell = (y: number, kg: number | null) => (kg === null ? <MissingValue year={y} /> : numbers.perUnit(kg));
  const queries = [intensities, managementValues, byYear, byCategory];

  if (intensities.data && !intensity) {
    return (
      <>
        <PageHeader />
        <NonIdealState icon="search" title={t('views.intensity.detail.notFound')} action={<Link to="/emission/view/intensity">{t('views.intensity.detail.back')}</Link>} />
      </>
    );
  }

  const headings = (first: string) => [first, t('views.column.emission', { unit: unitSymbol[unit] }), t('views.intensity.column.divisor', { unit: intensity?.unit ?? '' }), t('views.intensity.column.result', { unit: symbol })];
  const tables = (): DownloadTable[] => {
    const perUnitOut = (kg: number | null) => (kg === null ? '' : inUnit(kg, unit));
    return [
      { sheet: t('views.intensity.detail.byYear'), heading: headings(t('views.intensity.column.year')), rows: yearRows.map((r) => [r.fiscalYear, inUnit(r.co2eKg, unit), r.value ?? '', perUnitOut(r.perUnit)]) },
      {
        sheet: t('views.intensity.detail.byCategorySheet'),
        heading: [t('views.intensity.column.year'), t('views.csv.code'), ...headings(t('views.column.category'))],
        rows: years.flatMap((y) => categoryRowsOf(y).map((r) => [y, r.key, r.name, inUnit(r.co2eKg, unit), values.get(y) ?? '', perUnitOut(r.perUnit)])),
      },
    ];
  };

  return (
    <>
      <PageHeader
        subtitle={intensity && `${intensity.name}（${symbol}） · ${company?.name ?? ''}`}
        actions={<ViewDownload fileBase={`emission-intensity-${intensityId}-${fiscalYear}-${basis}-${unit}`} tables={tables} disabled={!intensity} testId="intensity-detail-download" digits={9} />}
      />
      <div className="ghg-toolbar-start">
        <Link to="/emission/view/intensity" className="bp6-button bp6-minimal">
          {t('views.intensity.detail.back')}
        </Link>
        <BasisSwitch value={basis} onChange={setBasis} testId="intensity-detail-basis" />
        <UnitSwitch value={unit} onChange={setUnit} testId="intensity-detail-unit" />
      </div>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.intensity.detail.intro', { basis: t(basis === 'location' ? 'views.basis.location' : 'views.basis.market') })} <Link to={VALUES_SETTINGS}>{t('views.intensity.valuesLink')}</Link>
      </Callout>
      <QueryState query={{ isPending: queries.some((q) => q.isPending), isError: queries.some((q) => q.isError), error: queries.find((q) => q.isError)?.error, data: yearRows }}>
        <Card className="ghg-table-card">
          <h2 className="bp6-heading ghg-section-title">{t('views.intensity.detail.byYear')}</h2>
          <HTMLTable className="ghg-table" striped compact data-testid="intensity-detail-years">
            <thead>
              <tr>{headings(t('views.intensity.column.year')).map((h, i) => (i === 0 ? <th key={h}>{h}</th> : <th key={h} className="ghg-num">{h}</th>))}</tr>
            </thead>
            <tbody>
              {yearRows.map((r) => (
                <tr key={r.fiscalYear} data-testid={`intensity-detail-year-${r.fiscalYear}`} data-kg={r.co2eKg} data-value={r.value ?? ''} data-per-unit-kg={r.perUnit ?? ''} className={r.fiscalYear === year ? 'bp6-active' : undefined}>
                  <td>{yearName(r.fiscalYear)}</td>
                  <td className="ghg-num">{emission(r.co2eKg)}</td>
                  <td className="ghg-num">{valueCell(r.fiscalYear, r.value)}</td>
                  <td className="ghg-num">{perUnitCell(r.fiscalYear, r.perUnit)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
        <Card className="ghg-table-card">
          <h2 className="bp6-heading ghg-section-title">{t('views.intensity.detail.byCategory', { year: yearName(year) })}</h2>
          <SegmentedControl
            aria-label={t('views.intensity.detail.year')}
            value={String(year)}
            onValueChange={(v) => setShownYear(Number(v))}
            options={years.map((y) => ({ value: String(y), label: yearName(y) }))}
            data-testid="intensity-detail-year"
          />
          {categories.length === 0 ? (
            <NonIdealState icon="th" title={t('views.empty')} />
          ) : (
            <>
              {shown.value !== null && (
                <BarChart
                  data={categories.filter((r) => r.perUnit !== null).map((r) => ({ key: r.key, label: categoryShortLabel(r.key, t(categoryName.water)), value: inUnit(r.perUnit!, unit) }))}
                  ariaLabel={t('views.intensity.chart', { name: intensity?.name ?? '', unit: symbol })}
                  valueLabel={(bar) => t('views.chart.bar', { name: t(categoryName[bar.key as CategoryKey]), value: intl.formatNumber(bar.value, { maximumSignificantDigits: 4 }), unit: symbol })}
                />
              )}
              <HTMLTable className="ghg-table" striped compact data-testid="intensity-detail-categories">
                <thead>
                  <tr>
                    {header('name', t('views.column.category'))}
                    {header('co2eKg', t('views.column.emission', { unit: unitSymbol[unit] }), 'right')}
                    <th className="ghg-num">{t('views.intensity.column.divisor', { unit: intensity?.unit ?? '' })}</th>
                    {header('perUnit', t('views.intensity.column.result', { unit: symbol }), 'right')}
                  </tr>
                </thead>
                <tbody>
                  {categories.map((r) => (
                    <tr key={r.key} data-testid={`intensity-detail-category-${r.key}`} data-kg={r.co2eKg} data-per-unit-kg={r.perUnit ?? ''}>
                      <td>{r.name}</td>
                      <td className="ghg-num">{emission(r.co2eKg)}</td>
                      <td className="ghg-num">{valueCell(year, shown.value)}</td>
                      <td className="ghg-num">{perUnitCell(year, r.perUnit)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th>{t('views.total')}</th>
                    <th className="ghg-num">{emission(shown.co2eKg)}</th>
                    <th className="ghg-num">{valueCell(year, shown.value)}</th>
                    <th className="ghg-num">{perUnitCell(year, shown.perUnit)}</th>
                  </tr>
                </tfoot>
              </HTMLTable>
            </>
          )}
        </Card>
      </QueryState>
    </>
  );
}
