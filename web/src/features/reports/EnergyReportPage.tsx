import { useIntl } from 'react-intl';
import { Callout, Card, HTMLTable, Intent } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useT } from '../../core/i18n/I18nProvider';
import { BarChart } from '../../core/ui/BarChart';
import { useRouteAsOf } from '../../core/workspace/asOf';
import { useFiscalYearFromUrl } from '../../core/workspace/useFiscalYearFromUrl';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { energyTypeName, useEnergyReport, type EnergyGap, type EnergyReportAnswer } from './energyApi';
import { shortHash } from './figures';
import { RegulatoryReportFrame } from './RegulatoryReportFrame';

/**
 * 省エネ法 定期報告 (issue 16 §4): energy use in GJ and crude-oil equivalent kL by energy type and by
 * report section type, five fiscal years side by side, energy intensities, and what is missing.
 * As of the layout's moment (`asOf` bar); printable, and as a workbook of the same position
 * (POST /api/reports/energy/xlsx). docs/energy-report.md.
 */
export default function EnergyReportPage() {
  useFiscalYearFromUrl();
  const { companyId, fiscalYear } = useWorkspace();
  const report = useEnergyReport(companyId, fiscalYear, useRouteAsOf());
  return (
    <RegulatoryReportFrame report="energy" shown={report}>
      {(data) => <EnergyReportBody data={data} />}
    </RegulatoryReportFrame>
  );
}

function EnergyReportBody({ data }: { data: EnergyReportAnswer }) {
  const t = useT();
  const intl = useIntl();
  const { content, gaps, sha256 } = data;
  const num = (text: string, digits = 3) => intl.formatNumber(Number(text), { maximumFractionDigits: digits });
  const current = content.years.at(-1)!;
  const sectionTypes = [...new Set(content.years.flatMap((y) => y.bySectionType.map((s) => s.sectionType)))];
  const intensities = [...new Map(content.years.flatMap((y) => y.intensities.map((i) => [i.intensityId, i] as const))).values()];
  const sectionLabel = (type: string | null) => type ?? t('energyReport.sectionType.none');
  return (
    <>
      {gaps.length > 0 && <GapsCallout gaps={gaps} />}
      <Card className="ghg-table-card">
        <dl className="ghg-report-facts" data-testid="energy-facts">
          <dt>{t('energyReport.total.gj', { year: String(content.fiscalYear) })}</dt>
          <dd data-testid="energy-total-gj" data-value={current.gj}>
            {num(current.gj)} GJ
          </dd>
          <dt>{t('energyReport.total.kl', { year: String(content.fiscalYear) })}</dt>
          <dd data-testid="energy-total-kl" data-value={current.crudeOilKl}>
            {num(current.crudeOilKl)} kL
          </dd>
          <dt>{t('energyReport.electricityFactor')}</dt>
          <dd>{t('energyReport.electricityFactor.value', { value: current.electricityFactor.gjPerThousandKwh, basis: t(basisName[current.electricityFactor.basis]) })}</dd>
          <dt>{t('energyReport.position')}</dt>
          <dd>{content.position}</dd>
          <dt>SHA-256</dt>
          <dd>
            <code title={sha256}>{shortHash(sha256)}</code>
          </dd>
        </dl>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('energyReport.byType.title', { year: String(content.fiscalYear) })}</h2>
        <BarChart
          ariaLabel={t('energyReport.byType.chart', { year: String(content.fiscalYear) })}
          data={current.byType.map((b) => ({ key: b.energyType, label: t(energyTypeName[b.energyType]), value: Number(b.gj) }))}
          valueLabel={(bar) => `${intl.formatNumber(bar.value, { maximumFractionDigits: 3 })} GJ`}
        />
        <HTMLTable className="ghg-table" striped compact data-testid="energy-by-type">
          <thead>
            <tr>
              <th>{t('energyReport.column.type')}</th>
              {content.years.map((y) => (
                <th key={y.fiscalYear} className="ghg-num">
                  {t('energyReport.column.yearGj', { year: String(y.fiscalYear) })}
                </th>
              ))}
              <th className="ghg-num">{t('energyReport.column.kl', { year: String(content.fiscalYear) })}</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(energyTypeName) as (keyof typeof energyTypeName)[])
              .filter((type) => content.years.some((y) => y.byType.some((b) => b.energyType === type)))
              .map((type) => (
                <tr key={type} data-testid="energy-type-row" data-type={type}>
                  <th scope="row">{t(energyTypeName[type])}</th>
                  {content.years.map((y) => {
                    const b = y.byType.find((x) => x.energyType === type);
                    return (
                      <td key={y.fiscalYear} className="ghg-num" data-year={y.fiscalYear} data-value={b?.gj ?? ''}>
                        {b ? num(b.gj) : '—'}
                      </td>
                    );
                  })}
                  <td className="ghg-num" data-testid="energy-type-kl" data-value={current.byType.find((b) => b.energyType === type)?.crudeOilKl ?? ''}>
                    {num(current.byType.find((b) => b.energyType === type)?.crudeOilKl ?? '0')}
                  </td>
                </tr>
              ))}
            <tr>
              <th scope="row">{t('energyReport.total')}</th>
              {content.years.map((y) => (
                <td key={y.fiscalYear} className="ghg-num" data-testid="energy-year-total" data-year={y.fiscalYear} data-value={y.gj}>
                  {num(y.gj)}
                </td>
              ))}
              <td className="ghg-num">{num(current.crudeOilKl)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('energyReport.bySectionType.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="energy-by-section-type">
          <thead>
            <tr>
              <th>{t('energyReport.column.sectionType')}</th>
              {content.years.map((y) => (
                <th key={y.fiscalYear} className="ghg-num">
                  {t('energyReport.column.yearKl', { year: String(y.fiscalYear) })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sectionTypes.map((type) => (
              <tr key={type ?? ''} data-testid="energy-section-row">
                <th scope="row">{sectionLabel(type)}</th>
                {content.years.map((y) => {
                  const s = y.bySectionType.find((x) => x.sectionType === type);
                  return (
                    <td key={y.fiscalYear} className="ghg-num" data-value={s?.crudeOilKl ?? ''}>
                      {s ? num(s.crudeOilKl) : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('energyReport.intensity.title')}</h2>
        {intensities.length === 0 ? (
          <p className="bp6-text-muted">{t('energyReport.intensity.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact data-testid="energy-intensities">
            <thead>
              <tr>
                <th>{t('energyReport.column.intensity')}</th>
                {content.years.map((y) => (
                  <th key={y.fiscalYear} className="ghg-num">
                    {String(y.fiscalYear)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {intensities.map((i) => (
                <tr key={i.intensityId}>
                  <th scope="row">{t('energyReport.intensity.row', { name: i.name, unit: i.unit })}</th>
                  {content.years.map((y) => {
                    const v = y.intensities.find((x) => x.intensityId === i.intensityId);
                    return (
                      <td key={y.fiscalYear} className="ghg-num" data-value={v?.klPerUnit ?? ''}>
                        {v ? num(v.klPerUnit, 6) : '—'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <p className="bp6-text-muted">{t('energyReport.method', { factor: content.crudeOilKlPerGj })}</p>
    </>
  );
}

const MAX_LISTED = 20;

const basisName: Record<'thermalAverage' | 'allSourceAverage', MessageId> = { thermalAverage: 'energyReport.basis.thermalAverage', allSourceAverage: 'energyReport.basis.allSourceAverage' };

function GapsCallout({ gaps }: { gaps: EnergyGap[] }) {
  const t = useT();
  const intl = useIntl();
  const list = (ids: string[]) => (ids.length > MAX_LISTED ? `${ids.slice(0, MAX_LISTED).join(', ')} ${t('energyReport.gap.more', { count: String(ids.length - MAX_LISTED) })}` : ids.join(', '));
  const textOf = (gap: EnergyGap): string => {
    const year = String(gap.fiscalYear);
    switch (gap.kind) {
      case 'yearWithoutLines':
        return t('energyReport.gap.yearWithoutLines', { year });
      case 'monthsWithoutElectricity':
        return t('energyReport.gap.monthsWithoutElectricity', { year, months: intl.formatList(gap.months.map(String)) });
      case 'fuelWithoutHeatingValue':
        return t('energyReport.gap.fuelWithoutHeatingValue', { year, lines: list(gap.dealIds) });
      case 'unitNotConvertible':
        return t('energyReport.gap.unitNotConvertible', { year, lines: list(gap.dealIds) });
      case 'lineWithoutQuantity':
        return t('energyReport.gap.lineWithoutQuantity', { year, lines: list(gap.dealIds) });
    }
  };
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" title={t('energyReport.gap.title')} data-testid="energy-gaps">
      <ul>
        {gaps.map((gap, i) => (
          <li key={i} data-testid="energy-gap" data-kind={gap.kind} data-year={gap.fiscalYear}>
            {textOf(gap)}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
