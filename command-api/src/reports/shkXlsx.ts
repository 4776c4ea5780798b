import type { FastifyInstance } from 'fastify';
import { shkReportRoutes } from '@ghg/api';
import { microOf, SHK_ADJUSTMENT_KINDS, tonnesOf, type ShkGap } from '@ghg/domain';
import { renderShkReport, resolveAsOf } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { aboutSheet, decimal, fill, idList, sendWorkbook, whole, workbook, workbookInput, type Cell } from '../core/spreadsheet';
import { certificateTypeName } from './reportXlsx';

/**
 * POST /api/reports/shk/xlsx: the 温対法 SHK report as a workbook, for preparing the filing
 * (docs/shk-report.md, "Workbook"): what it is, the emissions in the layout of 様式第1 (each gas,
 * 基礎排出量 and 調整後排出量, the adjustment lines), energy-origin CO2 by source, the 特定排出者
 * thresholds, the credits and certificates, and how the lines were classified. The report is rendered
 * as `GET /api/reports/shk` renders it at the same position, so every figure is the JSON report's.
 */
export function registerShkXlsxRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, shkReportRoutes.xlsx, async ({ session, body, refuse, reply }) => {
    const { rendered, company, t } = await workbookInput(knex, session, body, () => refuse('as_of_ahead'), resolveAsOf, renderShkReport);
    const { content, sha256, gaps } = rendered;
    const year = String(content.fiscalYear);
    const { energyCo2, thresholds } = content;
    const book = workbook();

    const gapText = (gap: ShkGap): string => {
      const id = gap.kind === 'unclassified' || gap.kind === 'energyIncomplete' ? `shkReport.gap.${gap.kind}.${gap.reason}` : `shkReport.gap.${gap.kind}`;
      return fill(t(id), {
        year,
        months: gap.kind === 'monthsWithoutElectricity' ? gap.months.join(', ') : '',
        lines: 'dealIds' in gap ? idList(gap.dealIds, t('shkReport.gap.more')) : '',
        kwh: gap.kind === 'certificatesWithoutFactor' ? gap.quantityKwh : '',
        sets: gap.kind === 'gwpSetNotShk' ? gap.sets.map((s) => `${s.id} ${s.version} (${s.lines})`).join(', ') : '',
      });
    };
    aboutSheet(book, t, {
      sheet: t('shkReport.xlsx.sheet.about'),
      title: t('shkReport.xlsx.title'),
      company,
      fiscalYear: content.fiscalYear,
      asOf: { label: t('shkReport.xlsx.asOf'), value: body.asOf ?? t('shkReport.xlsx.now') },
      position: content.position,
      sha256,
      facts: [
        [fill(t('shkReport.basic'), { year }), whole(content.basic.t)],
        [fill(t('shkReport.adjusted'), { year }), whole(content.adjusted.t)],
        [t('shkReport.xlsx.rounding'), t('shkReport.xlsx.rounding.value')],
        [t('shkReport.xlsx.createdAt'), new Date().toISOString()],
      ],
      notes: { heading: t('shkReport.xlsx.notes'), lines: [t('shkReport.xlsx.note.purpose'), t('shkReport.xlsx.note.forms'), t('shkReport.xlsx.note.hash'), t('shkReport.xlsx.note.check')] },
      gaps: { heading: t('shkReport.xlsx.gaps'), lines: gaps.map(gapText), none: t('shkReport.xlsx.gaps.none') },
    });

    // 様式第1 style: each gas on both bases (only energy-origin CO2 differs), then the adjustments.
    const incomplete = (complete: boolean) => (complete ? null : t('shkReport.incomplete'));
    const beforeT = tonnesOf(microOf(content.adjusted.beforeAdjustmentsKg));
    book.blocks(
      t('shkReport.xlsx.sheet.table2'),
      fill(t('shkReport.xlsx.table2.title'), { year }),
      [
        {
          headings: [
            t('shkReport.xlsx.column.gasType'),
            t('shkReport.xlsx.column.basicT'),
            t('shkReport.xlsx.column.adjustedT'),
            t('shkReport.xlsx.column.basicKg'),
            t('shkReport.xlsx.column.adjustedKg'),
            t('shkReport.column.lines'),
            t('shkReport.xlsx.column.note'),
          ],
          rows: [
            ...content.gases.map((g): Cell[] => {
              const adjusted = g.gas === 'energyCo2' ? energyCo2.adjusted : g;
              return [t(`shkReport.gas.${g.gas}`), whole(g.t), whole(adjusted.t), decimal(g.kg), decimal(adjusted.kg), whole(g.lines), null];
            }),
            [t('shkReport.xlsx.total'), whole(content.basic.t), whole(beforeT), decimal(content.basic.kg), decimal(content.adjusted.beforeAdjustmentsKg), null, incomplete(content.basic.complete)],
          ],
        },
        {
          headings: [t('shkReport.column.item'), t('shkReport.column.quantity'), t('shkReport.xlsx.column.unit'), t('shkReport.column.kg'), t('shkReport.column.t'), t('shkReport.xlsx.column.note')],
          rows: [
            [t('shkReport.adjustment.before'), null, null, decimal(content.adjusted.beforeAdjustmentsKg), whole(beforeT), null],
            ...SHK_ADJUSTMENT_KINDS.map((kind): Cell[] => {
              const a = content.adjustments.find((x) => x.kind === kind);
              return [
                `− ${t(`shkReport.adjustment.${kind}`)}`,
                a ? decimal(a.quantity) : null,
                a?.unit ?? null,
                decimal(a?.kg ?? '0.000000'),
                whole(a?.t ?? 0),
                a?.capped ? fill(t('shkReport.adjustment.capped'), { kg: a.uncappedKg }) : null,
              ];
            }),
            [`= ${t('shkReport.adjustment.result')}`, null, null, decimal(content.adjusted.kg), whole(content.adjusted.t), incomplete(content.adjusted.complete)],
          ],
        },
      ],
      [40, 18, 18, 22, 22, 10, 40],
    );

    const figureRow = (label: string, f: { kg: string; t: string; lines?: number }): Cell[] => [label, f.lines === undefined ? null : whole(f.lines), decimal(f.kg), whole(f.t)];
    book.blocks(
      t('shkReport.xlsx.sheet.energy'),
      t('shkReport.energy.title'),
      [
        {
          headings: [t('shkReport.column.item'), t('shkReport.column.lines'), t('shkReport.column.kg'), t('shkReport.column.t')],
          rows: [
            figureRow(t('shkReport.energy.fuel'), energyCo2.fuel),
            figureRow(t('shkReport.xlsx.energy.purchasedBasic'), energyCo2.purchasedBasic),
            figureRow(t('shkReport.xlsx.energy.purchasedAdjusted'), energyCo2.purchasedAdjusted),
            figureRow(t('shkReport.xlsx.energy.basic'), energyCo2.basic),
            figureRow(t('shkReport.xlsx.energy.adjusted'), energyCo2.adjusted),
          ],
        },
        { headings: [t('shkReport.xlsx.notes')], rows: [[t('shkReport.energy.note')]] },
      ],
      [48, 10, 22, 16],
    );

    const status = (met: boolean) => t(met ? 'shkReport.thresholds.met' : 'shkReport.thresholds.notMet');
    book.blocks(
      t('shkReport.xlsx.sheet.thresholds'),
      t('shkReport.thresholds.title'),
      [
        {
          headings: [t('shkReport.column.item'), t('shkReport.column.value'), t('shkReport.column.threshold'), t('shkReport.column.status'), t('shkReport.xlsx.column.note')],
          rows: [
            [t('shkReport.thresholds.energy'), decimal(thresholds.energy.crudeOilKl), whole(thresholds.energy.thresholdKl), status(thresholds.energy.met), thresholds.energy.complete ? null : t('shkReport.thresholds.atLeast')],
            ...thresholds.gases.map((g): Cell[] => [fill(t('shkReport.thresholds.gas'), { gas: t(`shkReport.gas.${g.gas}`) }), whole(g.t), whole(g.thresholdT), status(g.met), null]),
          ],
        },
        { headings: [t('shkReport.xlsx.notes')], rows: [[t('shkReport.thresholds.note')]] },
      ],
      [44, 18, 14, 16, 40],
    );

    const factor = content.certificateFactor;
    book.blocks(
      t('shkReport.xlsx.sheet.credits'),
      null,
      [
        {
          headings: [t('shkReport.offsets.title'), t('shkReport.column.date'), `${t('shkReport.column.quantity')} (t-CO2)`, t('shkReport.column.use'), t('shkReport.column.countedAs')],
          rows:
            content.offsets.length === 0
              ? [[t('shkReport.offsets.none')]]
              : content.offsets.map((o) => [
                  o.type,
                  o.date,
                  decimal(o.quantityT),
                  o.authType,
                  o.counted ? t(`shkReport.adjustment.${o.counted}`) : t(o.reason === 'useNotAccepted' ? 'shkReport.offsets.useNotAccepted' : 'shkReport.offsets.typeNotAccepted'),
                ]),
        },
        {
          headings: [t('shkReport.certificates.title'), `${t('shkReport.column.quantity')} (kWh)`],
          rows:
            content.certificates.length === 0
              ? [[t('shkReport.certificates.none')]]
              : content.certificates.map((c) => [c.certificateType in certificateTypeName ? t(certificateTypeName[c.certificateType as keyof typeof certificateTypeName]) : c.certificateType, decimal(c.quantityKwh)]),
        },
        {
          headings: [t('shkReport.xlsx.certificateFactor'), t('reports.xlsx.value')],
          rows:
            factor === null
              ? [[t('shkReport.adjustment.noCertificateFactor')]]
              : [
                  [t('shkReport.xlsx.certificateFactor.kgPerKwh'), decimal(factor.kgPerKwh)],
                  [t('shkReport.column.lines'), whole(factor.lines)],
                  ['kWh', decimal(factor.kwh)],
                ],
        },
      ],
      [56, 18, 20, 16, 44],
    );

    book.blocks(
      t('shkReport.xlsx.sheet.classification'),
      t('shkReport.classification.title'),
      [
        {
          headings: [t('shkReport.column.rule'), t('shkReport.column.scope'), t('shkReport.column.formula'), t('shkReport.column.lines')],
          rows: content.classification.map((c) => [t(`shkReport.rule.${c.rule}`), c.scopeCategory, c.formulaId, whole(c.lines)]),
        },
        { headings: [t('shkReport.gwpSets.title'), t('reports.xlsx.version'), t('shkReport.column.lines')], rows: content.gwpSets.map((s) => [s.id, s.version, whole(s.lines)]) },
      ],
      [56, 12, 24, 10],
    );

    return sendWorkbook(reply, book.book, `shk-report-FY${content.fiscalYear}-position-${content.position}.xlsx`);
  });
}
