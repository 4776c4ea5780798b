import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '@ghg/api';
import { filedReport, renderInventory, renderSupplement, resolveAsOf, type FiledReportRecord, type RenderedInventory } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { companyName, messagesOf, positionOrRefusal, sendWorkbook, userLocale, workbook, type Block } from '../core/spreadsheet';

/** The certificate types' names (the settings screen's). */
export const certificateTypeName = {
  fit: 'offset.certificate.type.fit',
  non_fit_renewable: 'offset.certificate.type.nonFitRenewable',
  non_fit_non_renewable: 'offset.certificate.type.nonFitNonRenewable',
} as const;

/** kg text → a number for a cell (the sheet keeps the six decimals the content has). */
const kg = (text: string) => Number(text);

/**
 * POST /api/reports/xlsx: the GHG Protocol inventory summary as a workbook — a filed report as
 * filed, or a draft as of now or a past moment, and its supplement as of the same position (base
 * year, targets, offsets and certificates, exclusions: sheets after the inventory's, each saying it
 * is no part of the hashed content). Small (a row per category, gas, method, set), so it is
 * written whole.
 */
export function registerReportXlsxRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, reportRoutes.xlsx, async ({ session, body, refuse, reply }) => {
    const companyId = session.selectedCompanyId;
    let filed: FiledReportRecord | undefined;
    let rendered: RenderedInventory;
    if (body.reportId !== undefined) {
      filed = await filedReport(knex, companyId, body.reportId);
      // The GHG Protocol inventory's workbook: a filing of another regime has its report's own (POST /api/reports/shk/xlsx, /energy/xlsx at its position).
      if (!filed || filed.regime !== 'ghgProtocol') throw refuse('report_not_found');
      rendered = await renderInventory(knex, companyId, filed.fiscalYear, BigInt(filed.position));
    } else {
      const position = await positionOrRefusal(() => resolveAsOf(knex, companyId, body.asOf), () => refuse('as_of_ahead'));
      rendered = await renderInventory(knex, companyId, body.fiscalYear!, position);
    }
    const { content, sha256 } = rendered;
    const t = messagesOf(await userLocale(knex, session.userId));
    const category = (c: string) => `${c} ${t(`scope.category.${c}`)}`;

    const book = workbook();
    const sheet = book.table;
    sheet(
      t('reports.xlsx.sheet.summary'),
      [t('reports.xlsx.item'), t('reports.xlsx.value')],
      [
        [t('reports.xlsx.company'), await companyName(knex, companyId)],
        [t('audit.field.fiscalYear'), content.fiscalYear],
        [t('audit.field.regime'), t(`reports.regime.${content.regime}`)],
        [t('audit.field.position'), content.position],
        [t('audit.field.sha256'), sha256],
        ...(filed
          ? [
              [t('reports.column.filedAt'), filed.filedAt],
              [t('reports.column.filedBy'), filed.filedByName ?? filed.filedBy ?? ''],
              [t('reports.column.note'), filed.note],
            ]
          : [[t('reports.xlsx.status'), t('reports.xlsx.draft')]]),
        [t('audit.field.scope1Kg'), kg(content.scope1Kg)],
        [t('audit.field.scope2LocationKg'), kg(content.scope2LocationKg)],
        [t('audit.field.scope2MarketKg'), kg(content.scope2MarketKg)],
        [t('audit.field.scope3Kg'), kg(content.scope3Kg)],
        [t('reports.xlsx.waterKg'), kg(content.waterKg)],
        [t('audit.field.lines'), content.lines],
        [t('reports.xlsx.withoutLocation'), content.scope2WithoutLocation],
        [t('reports.xlsx.withoutMarket'), content.scope2WithoutMarket],
      ],
      [44, 70],
    );
    sheet(
      t('reports.xlsx.sheet.categories'),
      [t('reports.column.category'), t('audit.field.lines'), 'kg-CO2e', t('reports.xlsx.locationKg'), t('reports.xlsx.marketKg')],
      content.categories.map((c) => [category(c.scopeCategory), c.lines, kg(c.co2eKg), kg(c.locationKg), kg(c.marketKg)]),
      [48, 10, 20, 20, 20],
    );
    sheet(t('reports.xlsx.sheet.gases'), [t('reports.xlsx.gas'), 'kg'], content.gases.map((g) => [g.gas, kg(g.kg)]), [24, 20]);
    sheet(
      t('reports.xlsx.sheet.methods'),
      [t('reports.column.category'), t('reports.xlsx.method'), t('audit.field.lines'), 'kg-CO2e'],
      content.methods.map((m) => [category(m.scopeCategory), m.formulaId, m.lines, kg(m.co2eKg)]),
      [48, 28, 10, 20],
    );
    sheet(
      t('reports.xlsx.sheet.sources'),
      [t('reports.xlsx.source'), t('reports.xlsx.version'), t('audit.field.lines')],
      [...content.factorSets.map((f) => [f.setId, f.version, f.lines]), ...content.gwpSets.map((g) => [`GWP ${g.id}`, g.version, g.lines])],
      [28, 16, 10],
    );
    // The supplement (base year, targets, offsets and certificates, exclusions) as of the same position, outside the content and its hash.
    const supplement = await renderSupplement(knex, companyId, content);
    /** A sheet of blocks under a first row saying it is no part of the hashed content. */
    const supplementSheet = (name: string, blocks: Block[], widths: number[]) => book.blocks(name, t('reports.xlsx.supplementNote').replace('{position}', supplement.position), blocks, widths);
    const percent = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
    const goalCategory = (c: string) => `${c} ${t(`scope.category.${c}`)}`;
    const by = supplement.baseYear;
    supplementSheet(
      t('reports.xlsx.sheet.baseYear'),
      by === null
        ? [{ headings: [t('reports.supplement.baseYear')], rows: [[t('reports.supplement.baseYear.none')]] }]
        : [
            {
              headings: [t('reports.xlsx.item'), t('reports.xlsx.value')],
              rows: [
                [t('reports.supplement.baseYear.year'), by.baseYear],
                [t('audit.field.thresholdPercent'), by.thresholdPercent],
                [`${t('reports.supplement.baseYear.baseYearTotal')} (kg-CO2e)`, kg(by.baseYearKg)],
                [`${t('reports.supplement.baseYear.reportTotal')} (kg-CO2e)`, kg(by.reportKg)],
                [`${t('reports.supplement.baseYear.change')} (kg-CO2e)`, kg(by.changeKg)],
                [`${t('reports.supplement.baseYear.change')} (%)`, percent(by.changePercent)],
              ],
            },
            {
              headings: [t('reports.baseYear.column.kind'), t('audit.field.position'), 'kg-CO2e', t('reports.baseYear.column.reason'), t('reports.column.note'), t('reports.baseYear.column.recordedAt')],
              rows: by.records.map((r) => [
                t(r.kind === 'set' ? 'reports.baseYear.kind.set' : 'reports.baseYear.kind.restated'),
                r.position,
                kg(r.totalKg),
                r.reason === null ? '' : t(`reports.baseYear.reason.${r.reason}`),
                r.note ?? '',
                r.recordedAt,
              ]),
            },
          ],
      [44, 20, 20, 40, 40, 26],
    );
    supplementSheet(
      t('reports.xlsx.sheet.targets'),
      [
        {
          headings: [
            t('reports.column.category'),
            t('reports.supplement.column.goalYear'),
            t('reports.supplement.column.baseYear'),
            t('reports.supplement.column.baseYearEmission').replace('{unit}', 'kg-CO2e'),
            t('reports.supplement.column.goal').replace('{unit}', 'kg-CO2e'),
            `${t('reports.supplement.column.goalPercent')} (%)`,
            t('reports.supplement.column.thisYear').replace('{unit}', 'kg-CO2e'),
            `${t('reports.supplement.column.reduction')} (%)`,
            `${t('reports.supplement.column.progress')} (%)`,
          ],
          rows:
            supplement.targets.length === 0
              ? [[t('reports.supplement.targets.none')]]
              : supplement.targets.map((g) => [goalCategory(g.scopeCategory), g.goalYear, g.baseYear, kg(g.baseYearKg), kg(g.goalKg), g.goalPercent, kg(g.reportKg), percent(g.reductionPercent), percent(g.progressPercent)]),
        },
      ],
      [44, 12, 12, 22, 22, 14, 22, 14, 14],
    );
    supplementSheet(
      t('reports.xlsx.sheet.offsets'),
      [
        {
          headings: [t('reports.supplement.column.creditType'), t('offset.particularNumberFrom'), t('offset.particularNumberTo'), `${t('offset.invalidOrRelocationQuantity')} (t-CO2)`, t('offset.invalidOrRelocationDate'), t('offset.authType')],
          rows: [
            ...(supplement.offsets.length === 0
              ? [[t('reports.supplement.offsets.none')]]
              : supplement.offsets.map((o) => [o.type, o.particularNumberFrom, o.particularNumberTo, o.invalidOrRelocationQuantity, o.invalidOrRelocationDate, o.authType])),
            [t('reports.causes.total'), null, null, kg(supplement.offsetsTonnes)],
          ],
        },
        {
          headings: [
            t('offset.certificate.certificateType'),
            t('offset.certificate.quantityKwh'),
            t('offset.certificate.periodFrom'),
            t('offset.certificate.periodTo'),
            t('offset.certificate.tracking'),
            t('offset.certificate.powerSource'),
            t('offset.certificate.generatorName'),
            t('offset.certificate.generatorLocation'),
          ],
          rows: [
            ...(supplement.certificates.length === 0
              ? [[t('reports.supplement.certificates.none')]]
              : supplement.certificates.map((c) => [
                  t(certificateTypeName[c.certificateType]),
                  c.quantityKwh,
                  c.periodFrom,
                  c.periodTo,
                  c.tracking ? t('offset.certificate.trackingLabel') : '',
                  c.powerSource === null ? '' : t(`offset.certificate.source.${c.powerSource}`),
                  c.generatorName ?? '',
                  c.generatorLocation ?? '',
                ])),
            [t('reports.causes.total'), kg(supplement.certificatesKwh)],
          ],
        },
      ],
      [40, 20, 20, 20, 20, 20, 24, 24],
    );
    supplementSheet(
      t('reports.xlsx.sheet.exclusions'),
      [
        {
          headings: [t('reports.column.category'), t('reports.supplement.exclusions.notReported'), t('nav.item.scopeSetting')],
          rows:
            supplement.exclusions.categories.length === 0
              ? [[t('reports.supplement.exclusions.none')]]
              : supplement.exclusions.categories.map((c) => [category(c.scopeCategory), t('reports.supplement.exclusions.notReported'), c.scopeSettings]),
        },
        {
          headings: [t('reports.xlsx.gas'), t('reports.supplement.exclusions.notReported')],
          rows: [
            ...supplement.exclusions.gases.map((g) => [g, t('reports.supplement.exclusions.notReported')]),
            [t('reports.supplement.exclusions.unsplit').replace('{value}', supplement.exclusions.unsplitKg)],
          ],
        },
      ],
      [56, 20, 16],
    );
    const fileName = `ghg-inventory-FY${content.fiscalYear}-${filed ? filed.reportId.slice(0, 8).replace(/[^A-Za-z0-9-]/g, '_') : `position-${content.position}`}.xlsx`;
    return sendWorkbook(reply, book.book, fileName);
  });
}
