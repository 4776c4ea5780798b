import { useMemo, useState } from 'react';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useRouteAsOf } from '../../../core/workspace/asOf';
import { useIntensities } from '../../settings/intensity/api';
import { useManagementIntensities } from '../../settings/managementIntensity/api';
import { inUnit, trendYears, unitSymbol, type EmissionUnit } from '../core/filters';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useTotals, type Scope2Basis } from '../core/totals';
import { INTENSITY_SCOPES, intensityYears, valuesOf } from './intensity';
import { IntensityCard } from './IntensityCard';
import { perUnitSymbol, VALUES_SETTINGS } from './parts';

/**
 * Emission intensities: for each intensity of the master (revenue in 百万円, ton-km…), the
 * company's emission of each of the last five fiscal years, in total and by scope, divided by that
 * year's management-intensity value. A year without a value shows a dash, never a division by 0.
 * Company-wide: the denominators (revenue, freight) are the company's, not a section's.
 */
export default function IntensityPage() {
  const t = useT();
  const { companyId, company, fiscalYear } = useWorkspace();
  const asOf = useRouteAsOf();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const intensities = useIntensities(companyId, asOf);
  const values = useManagementIntensities(companyId, asOf);
  const years = useMemo(() => trendYears(fiscalYear), [fiscalYear]);
  const range = { fromYear: years[0]!, toYear: fiscalYear, of: 'company', basis, approach: 'operational', limit: 0 } as const;
  // Each year's total summed by the database, and its split by scope.
  const byYear = useTotals(companyId, { ...range, groupBy: ['fiscalYear'] });
  const byScope = useTotals(companyId, { ...range, groupBy: ['fiscalYear', 'scope'] });

  const cards = useMemo(
    () =>
      (intensities.data ?? []).map((intensity) => ({
        intensity,
        years: intensityYears(years, byYear.data?.rows ?? [], byScope.data?.rows ?? [], valuesOf(intensity.id, values.data ?? [])),
      })),
    [intensities.data, values.data, years, byYear.data, byScope.data],
  );
  const queries = [intensities, values, byYear, byScope];
  const missingYears = [...new Set(cards.flatMap((c) => c.years.filter((y) => y.totalPerUnit === null).map((y) => y.fiscalYear)))].sort();
  const basisText = t(basis === 'location' ? 'views.basis.location' : 'views.basis.market');
  const yearName = (year: number) => t('fiscalYear.name', { year: String(year) });

  const tables = (): DownloadTable[] =>
    cards.map(({ intensity, years: rows }) => {
      const symbol = perUnitSymbol(unit, intensity.unit);
      const perUnit = (kg: number | null) => (kg === null ? '' : inUnit(kg, unit));
      return {
        sheet: intensity.name,
        // The intensity's name on every line: a CSV puts the tables one after another without their sheet names.
        heading: [
          t('views.intensity.column.intensity'),
          t('views.intensity.column.year'),
          t('views.column.emission', { unit: unitSymbol[unit] }),
          t('views.intensity.column.value', { unit: intensity.unit }),
          t('views.intensity.column.perUnit', { name: t('views.intensity.totalShort'), unit: symbol }),
          ...INTENSITY_SCOPES.map((s) => t('views.intensity.column.perUnit', { name: t(categoryName[s]), unit: symbol })),
        ],
        rows: rows.map((y) => [intensity.name, y.fiscalYear, inUnit(y.totalKg, unit), y.value ?? '', perUnit(y.totalPerUnit), ...INTENSITY_SCOPES.map((s) => perUnit(y.scopePerUnit[s]))]),
      };
    });

  return (
    <>
      <PageHeader
        subtitle={t('views.intensity.subtitle', { company: company?.name ?? '', from: yearName(years[0]!), to: yearName(fiscalYear) })}
        actions={<ViewDownload fileBase={`emission-intensity-${fiscalYear}-${basis}-${unit}`} tables={tables} disabled={cards.length === 0} testId="intensity-download" digits={9} />}
      />
      <div className="ghg-toolbar-start">
        <BasisSwitch value={basis} onChange={setBasis} testId="intensity-basis" />
        <UnitSwitch value={unit} onChange={setUnit} testId="intensity-unit" />
      </div>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.intensity.intro', { basis: basisText })}
      </Callout>
      {missingYears.length > 0 && (
        <Callout icon="warning-sign" intent="warning" className="ghg-page-callout" data-testid="intensity-missing-years">
          {t('views.intensity.missingYears', { years: missingYears.map(yearName).join(', ') })} <Link to={VALUES_SETTINGS}>{t('views.intensity.valuesLink')}</Link>
        </Callout>
      )}
      <QueryState query={{ isPending: queries.some((q) => q.isPending), isError: queries.some((q) => q.isError), error: queries.find((q) => q.isError)?.error, data: cards }}>
        {cards.length === 0 ? (
          <NonIdealState icon="percentage" title={t('views.intensity.none')} description={t('views.intensity.noneHint')} action={<Link to="/emission/setting/intensity">{t('views.intensity.settingsLink')}</Link>} />
        ) : (
          cards.map((c) => <IntensityCard key={c.intensity.id} intensity={c.intensity} years={c.years} unit={unit} />)
        )}
      </QueryState>
    </>
  );
}
