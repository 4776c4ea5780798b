import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { reportRoutes, XLSX_MEDIA_TYPE } from '@ghg/api';
import { AsOfAheadError, filedReport, renderInventory, resolveAsOf, type FiledReportRecord, type RenderedInventory } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { messagesOf, sheetName, userLocale } from '../core/spreadsheet';

/** kg text → a number for a cell (the sheet keeps the six decimals the content has). */
const kg = (text: string) => Number(text);

/**
 * POST /api/reports/xlsx: the GHG Protocol inventory summary as a workbook — a filed report as
 * filed, or a draft as of now or a past moment. Small (a row per category, gas, method, set), so
 * it is written whole.
 */
export function registerReportXlsxRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, reportRoutes.xlsx, async ({ session, body, refuse, reply }) => {
    const companyId = session.selectedCompanyId;
    let filed: FiledReportRecord | undefined;
    let rendered: RenderedInventory;
    if (body.reportId !== undefined) {
      filed = await filedReport(knex, companyId, body.reportId);
      if (!filed) throw refuse('report_not_found');
      rendered = await renderInventory(knex, companyId, filed.fiscalYear, BigInt(filed.position));
    } else {
      let position: bigint;
      try {
        position = await resolveAsOf(knex, companyId, body.asOf);
      } catch (error) {
        if (error instanceof AsOfAheadError) throw refuse('as_of_ahead');
        throw error;
      }
      rendered = await renderInventory(knex, companyId, body.fiscalYear!, position);
    }
    const { content, sha256 } = rendered;
    const t = messagesOf(await userLocale(knex, session.userId));
    const company: { name: string } | undefined = await knex('companies').where({ id: companyId }).first('name');
    const category = (c: string) => `${c} ${t(`scope.category.${c}`)}`;

    const book = new ExcelJS.Workbook();
    const taken = new Set<string>();
    const sheet = (name: string, headings: string[], rows: (string | number | null)[][], widths: number[]) => {
      const ws = book.addWorksheet(sheetName(name, taken));
      ws.addRow(headings).font = { bold: true };
      for (const row of rows) ws.addRow(row);
      widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
      for (let c = 1; c <= headings.length; c++) if (rows.some((r) => typeof r[c - 1] === 'number')) ws.getColumn(c).numFmt = '#,##0.000000';
    };
    sheet(
      t('reports.xlsx.sheet.summary'),
      [t('reports.xlsx.item'), t('reports.xlsx.value')],
      [
        [t('reports.xlsx.company'), company?.name ?? companyId],
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
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const fileName = `ghg-inventory-FY${content.fiscalYear}-${filed ? filed.reportId.slice(0, 8).replace(/[^A-Za-z0-9-]/g, '_') : `position-${content.position}`}.xlsx`;
    return reply.headers({ 'content-type': XLSX_MEDIA_TYPE, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' }).send(buffer);
  });
}
