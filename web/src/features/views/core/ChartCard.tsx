import { useIntl } from 'react-intl';
import { Card } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { BarChart, type Bar } from '../../../core/ui/BarChart';
import { unitDigits, unitSymbol, type EmissionUnit } from './filters';

interface Props {
  /** The heading, also the chart's accessible name. */
  title: string;
  testId: string;
  /** Values already in `unit`. */
  bars: Bar[];
  unit: EmissionUnit;
  /** The name a bar's tooltip gives (default: its label). */
  nameOf?: (bar: Bar) => string;
}

/** A view's bar chart in its card: heading, d3 bars, each bar's tooltip "name: value unit". */
export function ChartCard({ title, testId, bars, unit, nameOf = (bar) => bar.label }: Props) {
  const t = useT();
  const intl = useIntl();
  return (
    <Card className="ghg-table-card" data-testid={testId}>
      <h2 className="bp6-heading ghg-section-title">{title}</h2>
      <BarChart
        data={bars}
        ariaLabel={title}
        valueLabel={(bar) => t('views.chart.bar', { name: nameOf(bar), value: intl.formatNumber(bar.value, { maximumFractionDigits: unitDigits[unit] }), unit: unitSymbol[unit] })}
      />
    </Card>
  );
}
