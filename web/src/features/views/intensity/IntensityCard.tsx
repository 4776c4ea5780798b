import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../core/ui/AsOfLink';
import { Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { sortRows } from '../../../core/ui/sorting';
import { useSort } from '../../../core/ui/TableParts';
import { inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { INTENSITY_SCOPES, type IntensityYear } from './intensity';
import { MissingValue, perUnitSymbol, useIntensityNumbers } from './parts';
import { TrendChart } from './TrendChart';

type Column = 'fiscalYear' | 'value' | 'totalKg' | 'totalPerUnit' | '1' | '2' | '3';

interface Props {
  intensity: { id: string; name: string; unit: string };
  years: IntensityYear[];
  unit: EmissionUnit;
}

/** One intensity on the intensity view: its trend over the years (total and by scope) and the table of the division behind it. */
export function IntensityCard({ intensity, years, unit }: Props) {
  const t = useT();
  const intl = useIntl();
  const numbers = useIntensityNumbers(unit);
  const { sort, header } = useSort<Column>({ key: 'fiscalYear', direction: 'asc' });
  const sorted = useMemo(() => sortRows(years, sort, (y, key) => (key === '1' || key === '2' || key === '3' ? y.scopePerUnit[key] : y[key])), [years, sort]);
  const symbol = perUnitSymbol(unit, intensity.unit);
  const yearName = (year: number) => t('fiscalYear.name', { year: String(year) });
  const seriesNames = [t('views.intensity.totalShort'), ...INTENSITY_SCOPES.map((s) => t(categoryName[s]))];
  // Per unit in kg (the tooltips format these), and as charted in the unit chosen.
  const kgSeries = [years.map((y) => y.totalPerUnit), ...INTENSITY_SCOPES.map((s) => years.map((y) => y.scopePerUnit[s]))];
  const series = kgSeries.map((values, i) => ({ name: seriesNames[i]!, values: values.map((v) => (v === null ? null : inUnit(v, unit))) }));
  const title = t('views.intensity.chart', { name: intensity.name, unit: symbol });
  const cell = (year: IntensityYear, kgPerUnit: number | null) => (kgPerUnit === null ? <MissingValue year={year.fiscalYear} /> : numbers.perUnit(kgPerUnit));

  return (
    <Card className="ghg-table-card ghg-scroll-x" data-testid={`intensity-card-${intensity.id}`}>
      <h2 className="bp6-heading ghg-section-title">
        <Link to={`/emission/view/intensity/detail?intensityId=${encodeURIComponent(intensity.id)}`} data-testid={`intensity-detail-${intensity.id}`}>
          {`${intensity.name}（${symbol}）`}
        </Link>
      </h2>
      <TrendChart
        years={years.map((y) => y.fiscalYear)}
        series={series}
        ariaLabel={title}
        yearLabel={yearName}
        formatTick={(v) => intl.formatNumber(v, { maximumSignificantDigits: 3 })}
        valueLabel={(yi, si) => t('views.intensity.point', { year: yearName(years[yi]!.fiscalYear), name: series[si]!.name, value: numbers.perUnit(kgSeries[si]![yi] ?? 0), unit: symbol })}
      />
      <HTMLTable className="ghg-table" striped compact data-testid={`intensity-table-${intensity.id}`}>
        <thead>
          <tr>
            {header('fiscalYear', t('views.intensity.column.year'))}
            {header('totalKg', t('views.column.emission', { unit: unitSymbol[unit] }), 'right')}
            {header('value', t('views.intensity.column.value', { unit: intensity.unit }), 'right')}
            {/* The unit of the quotients is in the card's heading: the columns keep short names. */}
            {header('totalPerUnit', t('views.intensity.column.perUnitShort', { name: seriesNames[0]! }), 'right')}
            {INTENSITY_SCOPES.map((s, i) => header(s, t('views.intensity.column.perUnitShort', { name: seriesNames[i + 1]! }), 'right'))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((y) => (
            <tr key={y.fiscalYear} data-testid={`intensity-row-${y.fiscalYear}`} data-kg={y.totalKg} data-value={y.value ?? ''} data-per-unit-kg={y.totalPerUnit ?? ''}>
              <td className="ghg-nowrap">{yearName(y.fiscalYear)}</td>
              <td className="ghg-num">{intl.formatNumber(inUnit(y.totalKg, unit), { maximumFractionDigits: unitDigits[unit] })}</td>
              <td className="ghg-num">{y.value === null ? <MissingValue year={y.fiscalYear} /> : numbers.value(y.value)}</td>
              <td className="ghg-num">{cell(y, y.totalPerUnit)}</td>
              {INTENSITY_SCOPES.map((s) => (
                <td key={s} className="ghg-num" data-testid={`intensity-scope-${s}`} data-per-unit-kg={y.scopePerUnit[s] ?? ''}>
                  {cell(y, y.scopePerUnit[s])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
