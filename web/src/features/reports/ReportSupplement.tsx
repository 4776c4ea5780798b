import { useIntl } from 'react-intl';
import { Callout, Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName } from '../../core/router/categories';
import { unitSymbol, type EmissionUnit } from '../views/core/filters';
import type { ReportDetail } from './api';
import { certificateTypeName, powerSourceName, reasonName } from './names';
import { useKgFormat } from './useKgFormat';

export type Supplement = NonNullable<ReportDetail['supplement']>;

/**
 * What the GHG Protocol inventory summary states beside its figures, as of the report's position
 * (domain/src/reports/inventorySupplement.ts): the base year and its recalculations, targets and
 * the year's progress, offsets and certificates shown apart (never subtracted), and exclusions.
 * It says that it is outside the filed content and its SHA-256. Printed with the report.
 */
export function ReportSupplement({ supplement, unit }: { supplement: Supplement; unit: EmissionUnit }) {
  const t = useT();
  const intl = useIntl();
  const symbol = unitSymbol[unit];
  const { amount, difference, dateTime } = useKgFormat(unit);
  const percent = (value: number | null) => (value === null ? '—' : intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 }));
  const plain = (value: string | number, digits = 3) => intl.formatNumber(Number(value), { maximumFractionDigits: digits });
  const { baseYear, targets, offsets, certificates, exclusions } = supplement;

  return (
    <Card className="ghg-table-card ghg-scroll-x" data-testid="report-supplement" data-position={supplement.position}>
      <h2 className="bp6-heading ghg-section-title">{t('reports.supplement.title')}</h2>
      <Callout icon="info-sign" className="ghg-page-callout" data-testid="report-supplement-outside-hash">
        {t('reports.supplement.intro', { position: supplement.position })}
      </Callout>

      <section data-testid="report-supplement-base-year" aria-labelledby="report-supplement-base-year">
        <h3 className="bp6-heading ghg-report-subtitle" id="report-supplement-base-year">
          {t('reports.supplement.baseYear')}
        </h3>
        {baseYear === null ? (
          <p className="bp6-text-muted">{t('reports.supplement.baseYear.none')}</p>
        ) : (
          <>
            <dl className="ghg-report-facts">
              <dt>{t('reports.supplement.baseYear.year')}</dt>
              <dd data-testid="report-supplement-base-year-year">{t('fiscalYear.name', { year: String(baseYear.baseYear) })}</dd>
              <dt>{t('reports.baseYear.threshold')}</dt>
              <dd>{percent(baseYear.thresholdPercent)}</dd>
              <dt>{t('reports.supplement.baseYear.baseYearTotal')}</dt>
              <dd>
                {amount(baseYear.baseYearKg)} {symbol}
              </dd>
              <dt>{t('reports.supplement.baseYear.reportTotal')}</dt>
              <dd>
                {amount(baseYear.reportKg)} {symbol}
              </dd>
              <dt>{t('reports.supplement.baseYear.change')}</dt>
              <dd data-testid="report-supplement-base-year-change" data-change-kg={baseYear.changeKg}>
                {difference(baseYear.changeKg)} {symbol} ({percent(baseYear.changePercent)})
              </dd>
            </dl>
            <HTMLTable className="ghg-table" striped compact>
              <thead>
                <tr>
                  <th>{t('reports.baseYear.column.kind')}</th>
                  <th>{t('reports.baseYear.column.recordedAt')}</th>
                  <th className="ghg-num">{t('reports.figure.position')}</th>
                  <th className="ghg-num">{t('reports.baseYear.column.total', { unit: symbol })}</th>
                  <th>{t('reports.baseYear.column.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {baseYear.records.map((r) => (
                  <tr key={`${r.position} ${r.recordedAt}`} data-testid="report-supplement-base-year-record" data-kind={r.kind}>
                    <td>{t(r.kind === 'set' ? 'reports.baseYear.kind.set' : 'reports.baseYear.kind.restated')}</td>
                    <td>{dateTime(r.recordedAt)}</td>
                    <td className="ghg-num">{r.position}</td>
                    <td className="ghg-num">{amount(r.totalKg)}</td>
                    <td className="ghg-report-note">{r.reason === null ? '—' : `${t(reasonName[r.reason])}${r.note ? `: ${r.note}` : ''}`}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </section>

      <section data-testid="report-supplement-targets" aria-labelledby="report-supplement-targets">
        <h3 className="bp6-heading ghg-report-subtitle" id="report-supplement-targets">
          {t('reports.supplement.targets')}
        </h3>
        {targets.length === 0 ? (
          <p className="bp6-text-muted">{t('reports.supplement.targets.none')}</p>
        ) : (
          <>
            <p className="bp6-text-muted">{t('reports.supplement.targets.intro')}</p>
            <HTMLTable className="ghg-table" striped compact>
              <thead>
                <tr>
                  <th>{t('reports.column.category')}</th>
                  <th className="ghg-num">{t('reports.supplement.column.goalYear')}</th>
                  <th className="ghg-num">{t('reports.supplement.column.baseYear')}</th>
                  <th className="ghg-num">{t('reports.supplement.column.baseYearEmission', { unit: symbol })}</th>
                  <th className="ghg-num">{t('reports.supplement.column.goal', { unit: symbol })}</th>
                  <th className="ghg-num">{t('reports.supplement.column.goalPercent')}</th>
                  <th className="ghg-num">{t('reports.supplement.column.thisYear', { unit: symbol })}</th>
                  <th className="ghg-num">{t('reports.supplement.column.reduction')}</th>
                  <th className="ghg-num">{t('reports.supplement.column.progress')}</th>
                </tr>
              </thead>
              <tbody>
                {targets.map((g) => (
                  <tr key={g.id} data-testid="report-supplement-target" data-category={g.scopeCategory} data-progress={g.progressPercent ?? ''}>
                    <td>{t(categoryName[g.scopeCategory])}</td>
                    <td className="ghg-num">{g.goalYear}</td>
                    <td className="ghg-num">{g.baseYear ?? '—'}</td>
                    <td className="ghg-num">{amount(g.baseYearKg)}</td>
                    <td className="ghg-num">{amount(g.goalKg)}</td>
                    <td className="ghg-num">{percent(g.goalPercent)}</td>
                    <td className="ghg-num">{amount(g.reportKg)}</td>
                    <td className="ghg-num">{percent(g.reductionPercent)}</td>
                    <td className="ghg-num">{percent(g.progressPercent)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </section>

      <section data-testid="report-supplement-offsets" aria-labelledby="report-supplement-offsets">
        <h3 className="bp6-heading ghg-report-subtitle" id="report-supplement-offsets">
          {t('reports.supplement.offsets')}
        </h3>
        <p className="bp6-text-muted">{t('reports.supplement.offsets.intro')}</p>
        {offsets.length === 0 ? (
          <p className="bp6-text-muted">{t('reports.supplement.offsets.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact>
            <thead>
              <tr>
                <th>{t('reports.supplement.column.creditType')}</th>
                <th>{t('offset.serial')}</th>
                <th className="ghg-num">{t('offset.invalidOrRelocationQuantity')} (t-CO2)</th>
                <th>{t('offset.invalidOrRelocationDate')}</th>
                <th>{t('offset.authType')}</th>
              </tr>
            </thead>
            <tbody>
              {offsets.map((o) => (
                <tr key={o.id} data-testid="report-supplement-offset">
                  <td>{o.type}</td>
                  <td>{t('offset.serialRange', { from: o.particularNumberFrom, to: o.particularNumberTo })}</td>
                  <td className="ghg-num">{plain(o.invalidOrRelocationQuantity, 6)}</td>
                  <td>{o.invalidOrRelocationDate}</td>
                  <td>{o.authType}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5} data-testid="report-supplement-offsets-total" data-tonnes={supplement.offsetsTonnes}>
                  {t('reports.supplement.offsets.total', { value: plain(supplement.offsetsTonnes, 6) })}
                </th>
              </tr>
            </tfoot>
          </HTMLTable>
        )}
        {certificates.length === 0 ? (
          <p className="bp6-text-muted">{t('reports.supplement.certificates.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact>
            <thead>
              <tr>
                <th>{t('offset.certificate.certificateType')}</th>
                <th className="ghg-num">{t('offset.certificate.quantityKwh')}</th>
                <th>{t('offset.certificate.period')}</th>
                <th>{t('offset.certificate.tracking')}</th>
              </tr>
            </thead>
            <tbody>
              {certificates.map((c) => (
                <tr key={c.id} data-testid="report-supplement-certificate">
                  <td>{t(certificateTypeName[c.certificateType])}</td>
                  <td className="ghg-num">{plain(c.quantityKwh, 6)}</td>
                  <td>{t('offset.serialRange', { from: c.periodFrom, to: c.periodTo })}</td>
                  <td>
                    {c.tracking
                      ? [c.powerSource === null ? t('offset.certificate.sourceUnknown') : t(powerSourceName[c.powerSource]), c.generatorName, c.generatorLocation].filter(Boolean).join(' · ')
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4} data-testid="report-supplement-certificates-total" data-kwh={supplement.certificatesKwh}>
                  {t('reports.supplement.certificates.total', { value: plain(supplement.certificatesKwh, 6) })}
                </th>
              </tr>
            </tfoot>
          </HTMLTable>
        )}
      </section>

      <section data-testid="report-supplement-exclusions" aria-labelledby="report-supplement-exclusions">
        <h3 className="bp6-heading ghg-report-subtitle" id="report-supplement-exclusions">
          {t('reports.supplement.exclusions')}
        </h3>
        <p className="bp6-text-muted">{t('reports.supplement.exclusions.intro')}</p>
        {exclusions.categories.length === 0 ? (
          <p>{t('reports.supplement.exclusions.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact>
            <thead>
              <tr>
                <th>{t('reports.column.category')}</th>
                <th>{t('reports.supplement.exclusions.notReported')}</th>
              </tr>
            </thead>
            <tbody>
              {exclusions.categories.map((c) => (
                <tr key={c.scopeCategory} data-testid="report-supplement-exclusion" data-category={c.scopeCategory} data-scope-settings={c.scopeSettings}>
                  <td>{t(categoryName[c.scopeCategory])}</td>
                  <td>{t('reports.supplement.exclusions.settings', { count: c.scopeSettings })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <p data-testid="report-supplement-gases" data-gases={exclusions.gases.join(' ')}>
          {exclusions.gases.length === 0 ? t('reports.supplement.exclusions.allGases') : t('reports.supplement.exclusions.gases', { gases: exclusions.gases.join(', ') })}
        </p>
        {Number(exclusions.unsplitKg) !== 0 && <p className="bp6-text-muted">{t('reports.supplement.exclusions.unsplit', { value: plain(exclusions.unsplitKg) })}</p>}
      </section>
    </Card>
  );
}
