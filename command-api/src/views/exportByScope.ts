import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { CSV_BOM, csvLine, exportColumns, exportRoutes, exportSheets, plainNumber, XLSX_MEDIA_TYPE, type ExportColumn, type ExportScope } from '@ghg/api';
import type { ScopeSettingCategory } from '@ghg/events';
import { ledgerLine, ledgerRows, onScope2Basis, type LedgerLine, type LedgerRow } from '../activity/activityLine';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { messagesOf, sheetName, userLocale } from '../core/spreadsheet';

/** Lines read per query: the file is written a batch at a time, so memory does not grow with the year. */
const BATCH = 2000;

/** POST /api/export-emission-by-scope-data: the year's lines of the chosen scopes as CSV or XLSX, streamed. */
export function registerExportRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, exportRoutes.byScope, async ({ session, body, refuse, reply }) => {
    if (body.selectedScopes.length === 0) throw refuse('no_item_selected', { fields: ['selectedScopes'] });
    const { knex } = deps.db;
    const companyId = session.selectedCompanyId;
    const t = messagesOf(await userLocale(knex, session.userId));
    const sheets = exportSheets(body.selectedScopes);
    const headings = exportColumns.map((c) => t(c.heading));

    const out = new PassThrough();
    /**
     * Between two batches: a turn of the event loop, so the XLSX writer's zip stream passes on what
     * it holds (embedded, PGlite answers without one, and the first byte came only at the end),
     * then a wait while the client has not read what is already written (backpressure for both
     * file types), so the server never holds more than a batch and a buffer of the file.
     */
    const breathe = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    };

    /** Every line of the categories, a batch at a time, in date order; Scope 2 on the basis asked (lines without a figure on it left out). */
    async function* linesOf(categories: readonly ScopeSettingCategory[]): AsyncGenerator<LedgerLine> {
      for (const category of categories) {
        let after: { day: string; dealId: string } | null = null;
        for (;;) {
          const rows: LedgerRow[] = await ledgerRows(knex)
            .where({ 'l.company_id': companyId, 'l.fiscal_year': body.targetYear, 'l.scope_category': category })
            .modify((q: Knex.QueryBuilder) => {
              if (after) q.whereRaw('(l.occurrence_date, l.deal_id) > (?::date, ?)', [after.day, after.dealId]);
            })
            .orderBy([{ column: 'l.occurrence_date' }, { column: 'l.deal_id' }])
            .limit(BATCH);
          for (const row of rows) {
            const line = ledgerLine(row);
            const shown = category === '2' ? onScope2Basis(line, body.basis) : line;
            if (shown) yield shown;
          }
          if (rows.length < BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { day: last.occurrence_day, dealId: last.deal_id };
          await breathe();
        }
      }
    }

    /** The exact total of the categories (PostgreSQL's numeric sum), Scope 2 on the basis asked. */
    async function totalKg(categories: readonly ScopeSettingCategory[]): Promise<number> {
      const column = body.basis === 'location' ? 'co2e_location_kg' : 'co2e_market_kg';
      const { rows } = await knex.raw<{ rows: { kg: string | null }[] }>(
        `select sum(CASE WHEN scope_category = '2' THEN ${column} ELSE co2e_kg END)::text as kg
           from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = any(?::text[])`,
        [companyId, body.targetYear, [...categories]],
      );
      return Number(rows[0]?.kg ?? 0);
    }

    /**
     * How many lines the file will hold, from the totals read model (no scan of the ledger), sent
     * ahead as `X-Export-Lines` so the page can show a CSV export's progress as a percentage.
     */
    async function lineCount(categories: readonly ScopeSettingCategory[]): Promise<number> {
      const missing = body.basis === 'location' ? 'lines_without_location' : 'lines_without_market';
      const { rows } = await knex.raw<{ rows: { n: string | null }[] }>(
        `select sum(lines - CASE WHEN scope_category = '2' THEN ${missing} ELSE 0 END)::text as n
           from emission_totals where company_id = ? and fiscal_year = ? and scope_category = any(?::text[])`,
        [companyId, body.targetYear, [...categories]],
      );
      return Number(rows[0]?.n ?? 0);
    }
    const expectedLines = await lineCount(sheets.flatMap((s) => s.categories));

    const cells = (line: LedgerLine): Record<ExportColumn, string | number | null> => ({
      scopeCategory: line.scopeCategory,
      categoryName: t(`scope.category.${line.scopeCategory}`),
      occurrenceDate: line.occurrenceDate,
      section: line.sectionName ?? line.section,
      formulaId: line.formulaId,
      count: line.deal.count ?? null,
      countUnit: line.deal.countUnit ?? null,
      amount: line.deal.amount ?? null,
      currency: line.deal.currency ?? null,
      co2eKg: line.co2eKg,
      co2eT: line.co2eKg / 1000,
      factors: line.factors.map((f) => `${f.setId}:${f.key}${f.version ? `@${f.version}` : ''}`).join(' '),
      gwpSet: line.gwpSet,
      dealId: line.dealId,
    });
    const totalCells = (scope: ExportScope, kg: number): Record<ExportColumn, string | number | null> => ({
      ...(Object.fromEntries(exportColumns.map((c) => [c.key, null])) as Record<ExportColumn, null>),
      scopeCategory: scope,
      categoryName: t('export.total'),
      co2eKg: Number(kg.toFixed(6)),
      co2eT: Number((kg / 1000).toFixed(9)),
    });

    const fileName = `emissions-${body.targetYear}-${sheets.map((s) => s.scope).join('-')}.${body.fileType}`;
    void (async () => {
      if (body.fileType === 'csv') {
        const write = (values: readonly (string | number | null)[]) => out.write(csvLine(values.map((v) => (v === null ? '' : typeof v === 'number' ? plainNumber(v, 9) : v))));
        out.write(CSV_BOM);
        write(headings);
        for (const sheet of sheets) {
          for await (const line of linesOf(sheet.categories)) {
            const c = cells(line);
            // Backpressure: wait while the client reads what is already written.
            if (!write(exportColumns.map((col) => c[col.key]))) await new Promise((resolve) => out.once('drain', resolve));
          }
          const total = totalCells(sheet.scope, await totalKg(sheet.categories));
          write(exportColumns.map((col) => total[col.key]));
        }
        out.end();
        return;
      }
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const taken = new Set<string>();
      for (const sheet of sheets) {
        const ws = book.addWorksheet(sheetName(`${sheet.scope} ${t(`scope.category.${sheet.scope}`)}`, taken));
        ws.addRow(headings).commit();
        for await (const line of linesOf(sheet.categories)) {
          const c = cells(line);
          ws.addRow(exportColumns.map((col) => c[col.key])).commit();
        }
        const total = totalCells(sheet.scope, await totalKg(sheet.categories));
        ws.addRow(exportColumns.map((col) => total[col.key])).commit();
        ws.commit();
      }
      await book.commit();
    })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

    return reply
      .headers({
        'content-type': body.fileType === 'csv' ? 'text/csv; charset=utf-8' : XLSX_MEDIA_TYPE,
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-export-lines': String(expectedLines),
      })
      .send(out);
  });
}
