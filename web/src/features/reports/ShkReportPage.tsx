import { useIntl } from 'react-intl';
import { Callout, Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { NonFossilCertificateType } from '@ghg/events';
import { useT } from '../../core/i18n/I18nProvider';
import { useRouteAsOf } from '../../core/workspace/asOf';
import { useFiscalYearFromUrl } from '../../core/workspace/useFiscalYearFromUrl';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { certificateTypeName } from '../settings/offset/certificateNames';
import { shortHash } from './figures';
import { shkAdjustmentName, shkGasName, shkRuleName, useShkReport, type ShkGap, type ShkReportAnswer } from './shkApi';
import { RegulatoryReportFrame } from './RegulatoryReportFrame';

/**
 * 温対法 算定・報告・公表制度 (SHK) report (issue 16 §4): energy-origin CO2 and the other gases,
 * 基礎排出量 and 調整後排出量 with each adjustment on its own line, the 特定排出者 thresholds, how
 * the lines were classified and what is missing. As of the layout's moment (`asOf` bar); printable,
 * and as a workbook of the same position (POST /api/reports/shk/xlsx). docs/shk-report.md.
 */
export default function ShkReportPage() {
  useFiscalYearFromUrl();
  const { companyId, fiscalYear } = useWorkspace();
  const report = useShkReport(companyId, fiscalYear, useRouteAsOf());
  return (
    <RegulatoryReportFrame report="shk" shown={report}>
      {(data) => <ShkReportBody data={data} />}
    </RegulatoryReportFrame>
  );
}

function ShkReportBody({ data }: { data: ShkReportAnswer }) {
  const t = useT();
  const intl = useIntl();
  const { content, gaps, sha256 } = data;
  const year = String(content.fiscalYear);
  /** Whole t-CO2 as reported (the figure is already truncated). */
  const tonnes = (text: string) => intl.formatNumber(Number(text));
  /** Exact kg, shown to three decimals. */
  const kg = (text: string) => intl.formatNumber(Number(text), { maximumFractionDigits: 3 });
  const { energyCo2, thresholds } = content;
  const incomplete = <Tag intent={Intent.WARNING} minimal>{t('shkReport.incomplete')}</Tag>;
  return (
    <>
      {gaps.length > 0 && <GapsCallout gaps={gaps} fiscalYear={year} />}
      <Card className="ghg-table-card">
        <dl className="ghg-report-facts" data-testid="shk-facts">
          <dt>{t('shkReport.basic', { year })}</dt>
          <dd data-testid="shk-basic" data-kg={content.basic.kg} data-t={content.basic.t}>
            {tonnes(content.basic.t)} t-CO2 {!content.basic.complete && incomplete}
          </dd>
          <dt>{t('shkReport.adjusted', { year })}</dt>
          <dd data-testid="shk-adjusted" data-kg={content.adjusted.kg} data-t={content.adjusted.t}>
            {tonnes(content.adjusted.t)} t-CO2 {!content.adjusted.complete && incomplete}
          </dd>
          <dt>{t('shkReport.energyUse')}</dt>
          <dd data-testid="shk-energy-kl" data-value={thresholds.energy.crudeOilKl}>
            {kg(thresholds.energy.crudeOilKl)} kL {!thresholds.energy.complete && incomplete}
          </dd>
          <dt>{t('shkReport.position')}</dt>
          <dd>{content.position}</dd>
          <dt>SHA-256</dt>
          <dd>
            <code title={sha256}>{shortHash(sha256)}</code>
          </dd>
        </dl>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.gases.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="shk-gases">
          <thead>
            <tr>
              <th>{t('shkReport.column.gas')}</th>
              <th className="ghg-num">{t('shkReport.column.lines')}</th>
              <th className="ghg-num">{t('shkReport.column.t')}</th>
              <th className="ghg-num">{t('shkReport.column.kg')}</th>
            </tr>
          </thead>
          <tbody>
            {content.gases.map((g) => (
              <tr key={g.gas} data-testid="shk-gas-row" data-gas={g.gas} data-kg={g.kg} data-t={g.t}>
                <th scope="row">{t(shkGasName[g.gas])}</th>
                <td className="ghg-num">{intl.formatNumber(g.lines)}</td>
                <td className="ghg-num">{tonnes(g.t)}</td>
                <td className="ghg-num">{kg(g.kg)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('shkReport.total')}</th>
              <td />
              <td className="ghg-num">{tonnes(content.basic.t)}</td>
              <td className="ghg-num">{kg(content.basic.kg)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.energy.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="shk-energy">
          <thead>
            <tr>
              <th>{t('shkReport.column.item')}</th>
              <th className="ghg-num">{t('shkReport.column.lines')}</th>
              <th className="ghg-num">{t('shkReport.column.basic')}</th>
              <th className="ghg-num">{t('shkReport.column.adjusted')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="shk-energy-fuel" data-kg={energyCo2.fuel.kg}>
              <th scope="row">{t('shkReport.energy.fuel')}</th>
              <td className="ghg-num">{intl.formatNumber(energyCo2.fuel.lines)}</td>
              <td className="ghg-num">{tonnes(energyCo2.fuel.t)}</td>
              <td className="ghg-num">{tonnes(energyCo2.fuel.t)}</td>
            </tr>
            <tr data-testid="shk-energy-purchased" data-basic-kg={energyCo2.purchasedBasic.kg} data-adjusted-kg={energyCo2.purchasedAdjusted.kg}>
              <th scope="row">{t('shkReport.energy.purchased')}</th>
              <td className="ghg-num">{intl.formatNumber(Math.max(energyCo2.purchasedBasic.lines, energyCo2.purchasedAdjusted.lines))}</td>
              <td className="ghg-num">{tonnes(energyCo2.purchasedBasic.t)}</td>
              <td className="ghg-num">{tonnes(energyCo2.purchasedAdjusted.t)}</td>
            </tr>
            <tr data-testid="shk-energy-total" data-basic-kg={energyCo2.basic.kg} data-adjusted-kg={energyCo2.adjusted.kg}>
              <th scope="row">{t('shkReport.energy.total')}</th>
              <td />
              <td className="ghg-num">{tonnes(energyCo2.basic.t)}</td>
              <td className="ghg-num">{tonnes(energyCo2.adjusted.t)}</td>
            </tr>
          </tbody>
        </HTMLTable>
        <p className="bp6-text-muted">{t('shkReport.energy.note')}</p>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.adjustment.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="shk-adjustments">
          <thead>
            <tr>
              <th>{t('shkReport.column.item')}</th>
              <th className="ghg-num">{t('shkReport.column.quantity')}</th>
              <th className="ghg-num">{t('shkReport.column.kg')}</th>
              <th className="ghg-num">{t('shkReport.column.t')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="shk-adjustment-before" data-kg={content.adjusted.beforeAdjustmentsKg}>
              <th scope="row">{t('shkReport.adjustment.before')}</th>
              <td />
              <td className="ghg-num">{kg(content.adjusted.beforeAdjustmentsKg)}</td>
              <td />
            </tr>
            {content.adjustments.map((a) => (
              <tr key={a.kind} data-testid="shk-adjustment" data-kind={a.kind} data-kg={a.kg}>
                <th scope="row">
                  − {t(shkAdjustmentName[a.kind])}
                  {a.capped && <div className="bp6-text-muted">{t('shkReport.adjustment.capped', { kg: kg(a.uncappedKg) })}</div>}
                </th>
                <td className="ghg-num">
                  {kg(a.quantity)} {a.unit}
                </td>
                <td className="ghg-num">{kg(a.kg)}</td>
                <td className="ghg-num">{tonnes(a.t)}</td>
              </tr>
            ))}
            <tr data-testid="shk-adjustment-result" data-kg={content.adjusted.kg}>
              <th scope="row">= {t('shkReport.adjustment.result')}</th>
              <td />
              <td className="ghg-num">{kg(content.adjusted.kg)}</td>
              <td className="ghg-num">
                {tonnes(content.adjusted.t)} {!content.adjusted.complete && incomplete}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
        {content.certificates.length > 0 && (
          <p className="bp6-text-muted" data-testid="shk-certificate-factor">
            {content.certificateFactor
              ? t('shkReport.adjustment.factor', { factor: content.certificateFactor.kgPerKwh.replace(/0+$/, '').replace(/\.$/, ''), lines: intl.formatNumber(content.certificateFactor.lines), kwh: kg(content.certificateFactor.kwh) })
              : t('shkReport.adjustment.noCertificateFactor')}
          </p>
        )}
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.thresholds.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="shk-thresholds">
          <thead>
            <tr>
              <th>{t('shkReport.column.item')}</th>
              <th className="ghg-num">{t('shkReport.column.value')}</th>
              <th className="ghg-num">{t('shkReport.column.threshold')}</th>
              <th>{t('shkReport.column.status')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="shk-threshold-energy" data-met={String(thresholds.energy.met)}>
              <th scope="row">{t('shkReport.thresholds.energy')}</th>
              <td className="ghg-num">
                {kg(thresholds.energy.crudeOilKl)}
                {!thresholds.energy.complete && <div className="bp6-text-muted">{t('shkReport.thresholds.atLeast')}</div>}
              </td>
              <td className="ghg-num">{intl.formatNumber(Number(thresholds.energy.thresholdKl))}</td>
              <td>{thresholds.energy.met ? t('shkReport.thresholds.met') : t('shkReport.thresholds.notMet')}</td>
            </tr>
            {thresholds.gases.map((g) => (
              <tr key={g.gas} data-testid="shk-threshold-gas" data-gas={g.gas} data-met={String(g.met)}>
                <th scope="row">{t('shkReport.thresholds.gas', { gas: t(shkGasName[g.gas]) })}</th>
                <td className="ghg-num">{tonnes(g.t)}</td>
                <td className="ghg-num">{intl.formatNumber(Number(g.thresholdT))}</td>
                <td>{g.met ? t('shkReport.thresholds.met') : t('shkReport.thresholds.notMet')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p className="bp6-text-muted">{t('shkReport.thresholds.note')}</p>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.offsets.title')}</h2>
        {content.offsets.length === 0 ? (
          <p className="bp6-text-muted">{t('shkReport.offsets.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact data-testid="shk-offsets">
            <thead>
              <tr>
                <th>{t('shkReport.column.type')}</th>
                <th>{t('shkReport.column.date')}</th>
                <th className="ghg-num">{t('shkReport.column.quantity')}</th>
                <th>{t('shkReport.column.use')}</th>
                <th>{t('shkReport.column.countedAs')}</th>
              </tr>
            </thead>
            <tbody>
              {content.offsets.map((o) => (
                <tr key={o.id} data-testid="shk-offset" data-counted={o.counted ?? ''}>
                  <td>{o.type}</td>
                  <td>{o.date}</td>
                  <td className="ghg-num">{kg(o.quantityT)} t-CO2</td>
                  <td>{o.authType}</td>
                  <td>{o.counted ? t(shkAdjustmentName[o.counted]) : t(o.reason === 'useNotAccepted' ? 'shkReport.offsets.useNotAccepted' : 'shkReport.offsets.typeNotAccepted')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.certificates.title')}</h2>
        {content.certificates.length === 0 ? (
          <p className="bp6-text-muted">{t('shkReport.certificates.none')}</p>
        ) : (
          <HTMLTable className="ghg-table" striped compact data-testid="shk-certificates">
            <thead>
              <tr>
                <th>{t('shkReport.column.certificateType')}</th>
                <th className="ghg-num">{t('shkReport.column.quantity')}</th>
              </tr>
            </thead>
            <tbody>
              {content.certificates.map((c) => (
                <tr key={c.id}>
                  <td>{c.certificateType in certificateTypeName ? t(certificateTypeName[c.certificateType as NonFossilCertificateType]) : c.certificateType}</td>
                  <td className="ghg-num">{kg(c.quantityKwh)} kWh</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('shkReport.classification.title')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="shk-classification">
          <thead>
            <tr>
              <th>{t('shkReport.column.rule')}</th>
              <th>{t('shkReport.column.scope')}</th>
              <th>{t('shkReport.column.formula')}</th>
              <th className="ghg-num">{t('shkReport.column.lines')}</th>
            </tr>
          </thead>
          <tbody>
            {content.classification.map((c) => (
              <tr key={`${c.rule}:${c.scopeCategory}:${c.formulaId}`} data-testid="shk-classification-row" data-rule={c.rule}>
                <td>{t(shkRuleName[c.rule])}</td>
                <td>{c.scopeCategory}</td>
                <td>
                  <code>{c.formulaId}</code>
                </td>
                <td className="ghg-num">{intl.formatNumber(c.lines)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {content.gwpSets.length > 0 && (
          <p className="bp6-text-muted">
            {t('shkReport.gwpSets.title')}: {content.gwpSets.map((s) => `${s.id} ${s.version} (${intl.formatNumber(s.lines)})`).join(', ')}
          </p>
        )}
      </Card>
      <p className="bp6-text-muted">{t('shkReport.method')}</p>
    </>
  );
}

const MAX_LISTED = 20;

function GapsCallout({ gaps, fiscalYear }: { gaps: ShkGap[]; fiscalYear: string }) {
  const t = useT();
  const intl = useIntl();
  const list = (ids: string[]) => (ids.length > MAX_LISTED ? `${ids.slice(0, MAX_LISTED).join(', ')} ${t('shkReport.gap.more', { count: String(ids.length - MAX_LISTED) })}` : ids.join(', '));
  const textOf = (gap: ShkGap): string => {
    switch (gap.kind) {
      case 'yearWithoutLines':
        return t('shkReport.gap.yearWithoutLines', { year: fiscalYear });
      case 'monthsWithoutElectricity':
        return t('shkReport.gap.monthsWithoutElectricity', { months: intl.formatList(gap.months.map(String)) });
      case 'electricityWithoutBasic':
        return t('shkReport.gap.electricityWithoutBasic', { lines: list(gap.dealIds) });
      case 'electricityWithoutAdjusted':
        return t('shkReport.gap.electricityWithoutAdjusted', { lines: list(gap.dealIds) });
      case 'adjustedAtGridAverage':
        return t('shkReport.gap.adjustedAtGridAverage', { lines: list(gap.dealIds) });
      case 'unclassified': {
        const ids = {
          co2OriginUnknown: 'shkReport.gap.unclassified.co2OriginUnknown',
          unsplitCo2e: 'shkReport.gap.unclassified.unsplitCo2e',
          customGas: 'shkReport.gap.unclassified.customGas',
          gwpUnknown: 'shkReport.gap.unclassified.gwpUnknown',
        } as const;
        return t(ids[gap.reason], { lines: list(gap.dealIds) });
      }
      case 'fuelCo2eUnsplit':
        return t('shkReport.gap.fuelCo2eUnsplit', { lines: list(gap.dealIds) });
      case 'energyIncomplete': {
        const ids = {
          fuelWithoutHeatingValue: 'shkReport.gap.energyIncomplete.fuelWithoutHeatingValue',
          unitNotConvertible: 'shkReport.gap.energyIncomplete.unitNotConvertible',
          lineWithoutQuantity: 'shkReport.gap.energyIncomplete.lineWithoutQuantity',
        } as const;
        return t(ids[gap.reason], { lines: list(gap.dealIds) });
      }
      case 'certificatesWithoutFactor':
        return t('shkReport.gap.certificatesWithoutFactor', { kwh: intl.formatNumber(Number(gap.quantityKwh)) });
      case 'gwpSetNotShk':
        return t('shkReport.gap.gwpSetNotShk', { sets: gap.sets.map((s) => `${s.id} ${s.version} (${s.lines})`).join(', ') });
    }
  };
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" title={t('shkReport.gap.title')} data-testid="shk-gaps">
      <ul>
        {gaps.map((gap, i) => (
          <li key={i} data-testid="shk-gap" data-kind={gap.kind}>
            {textOf(gap)}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
