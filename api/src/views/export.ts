import { z } from 'zod';
import { scopeSettingCategories, year, type ScopeSettingCategory } from '@ghg/events';
import { defineRoute, errorTable } from '../core/contract';
import { scope2Bases } from '../activity/activityLine';

/** What an export may select: a scope (1, 2, 3 = every scope-3 category) or one category. */
export const exportScopes = ['1', '2', '3', ...scopeSettingCategories.filter((c) => c !== '1' && c !== '2')] as const;
export type ExportScope = (typeof exportScopes)[number];

const SCOPE3 = scopeSettingCategories.filter((c) => c.startsWith('3'));

/** The sheets of an export: the categories each chosen item covers, in the order chosen, none twice (3 covers 31 … 315). */
export function exportSheets(selected: readonly ExportScope[]): { scope: ExportScope; categories: ScopeSettingCategory[] }[] {
  const chosen = [...new Set(selected)];
  const covered = new Set<string>(chosen.includes('3') ? SCOPE3 : []);
  return chosen.filter((s) => s === '3' || !covered.has(s)).map((scope) => ({ scope, categories: scope === '3' ? SCOPE3 : [scope as ScopeSettingCategory] }));
}

/** How many sheets (so total rows) an export of `selected` has. */
export const exportSheetCount = (selected: readonly ExportScope[]) => exportSheets(selected).length;

export const exportFileTypes = ['csv', 'xlsx'] as const;
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The columns of an export, in order, each with the message id of its heading (in the user's
 * language, from the locales catalogue): one row per activity line, then a total row per scope.
 */
export const exportColumns = [
  { key: 'scopeCategory', heading: 'export.column.scopeCategory' },
  { key: 'categoryName', heading: 'export.column.categoryName' },
  { key: 'occurrenceDate', heading: 'export.column.occurrenceDate' },
  { key: 'section', heading: 'export.column.section' },
  { key: 'formulaId', heading: 'export.column.formulaId' },
  { key: 'count', heading: 'export.column.count' },
  { key: 'countUnit', heading: 'export.column.countUnit' },
  { key: 'amount', heading: 'export.column.amount' },
  { key: 'currency', heading: 'export.column.currency' },
  { key: 'co2eKg', heading: 'export.column.co2eKg' },
  { key: 'co2eT', heading: 'export.column.co2eT' },
  { key: 'factors', heading: 'export.column.factors' },
  { key: 'gwpSet', heading: 'export.column.gwpSet' },
  { key: 'dealId', heading: 'export.column.dealId' },
] as const;
export type ExportColumn = (typeof exportColumns)[number]['key'];

/** The export by scope (docs/api.md, "Export"). */
export const exportRoutes = {
  byScope: defineRoute({
    method: 'POST',
    url: '/api/export-emission-by-scope-data',
    permission: 'company.read',
    summary: "The selected company's emissions of a fiscal year for the scopes chosen, as a CSV or XLSX file",
    description:
      "One row per activity line of the fiscal year (`targetYear`) in the scopes chosen (`selectedScopes`: 1, 2, 3 for every scope-3 category, or single categories such as 31 or water), with its figure in kg and t CO2e (Scope 2 on `basis`, location by default), its factors and GWP set, then a total row per scope; headings in the caller's language. CSV: UTF-8 with a byte-order mark (Excel opens it in Japanese), CRLF. XLSX: one sheet per scope, numbers as numbers. The file is written as the lines are read, a batch at a time (memory does not grow with the line count); the header `X-Export-Lines` says ahead how many activity-line rows it will hold (besides the heading and total rows), so a client can show progress. No scope chosen: 400 `no_item_selected` ('Export needs at least one item selected').",
    body: z.object({
      targetYear: year(),
      fileType: z.enum(exportFileTypes),
      selectedScopes: z.array(z.enum(exportScopes)).max(exportScopes.length),
      basis: z.enum(scope2Bases).default('location'),
    }),
    produces: ['text/csv', XLSX_MEDIA_TYPE],
    response: z.string().meta({ description: 'The file itself (Content-Disposition: attachment).' }),
    errors: errorTable<'no_item_selected'>()({ no_item_selected: 400 }),
    messages: { no_item_selected: 'Export needs at least one item selected' },
  }),
};
