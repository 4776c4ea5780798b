import type { FastifyInstance } from 'fastify';
import { scopeSettingRoutes } from '@ghg/api';
import type { ScopeSettingCategory } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** A row of scope_settings with its section's names (the projection wrote only what the event contract accepted). */
interface Row {
  id: string;
  scope_category: ScopeSettingCategory;
  formula_id: string;
  section_id: string;
  detail: Record<string, unknown> | string;
  deal_id: string | null;
  version: number;
  updated_at: Date | string;
  section_name: string | null;
  section_display_name: string | null;
}

/** A timestamp column as an ISO instant (PGlite and pg both answer a Date). */
const isoOf = (value: Date | string) => new Date(value).toISOString();

export function registerScopeSettingQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, scopeSettingRoutes.list, async ({ reader: { selectedCompanyId }, query: { scopeId } }) => {
    const rows: Row[] = await knex('scope_settings as s')
      .leftJoin('company_sections as c', function joinSection() {
        this.on('c.id', '=', 's.section_id').andOn('c.company_id', '=', 's.company_id');
      })
      .where('s.company_id', selectedCompanyId)
      .modify((q) => {
        if (scopeId !== undefined) q.where('s.scope_category', scopeId);
      })
      .orderBy([{ column: 's.updated_at' }, { column: 's.id' }])
      .select('s.*', 'c.name as section_name', 'c.display_name as section_display_name');
    return {
      scopeSettings: rows.map((r) => ({
        id: r.id,
        scopeCategory: r.scope_category,
        formulaId: r.formula_id,
        section: r.section_id,
        detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
        dealId: r.deal_id,
        version: r.version,
        updatedAt: isoOf(r.updated_at),
        sectionName: r.section_name ?? null,
        sectionDisplayName: r.section_display_name ?? null,
      })),
    };
  });

  registerRoute(app, deps, scopeSettingRoutes.lastUpdated, async ({ reader: { selectedCompanyId }, query: { scopeCategory } }) => {
    // An aggregate's `_max`: the latest save and the greatest category among the rows (both null when none).
    const row = await knex('scope_settings')
      .where({ company_id: selectedCompanyId })
      .modify((q) => {
        if (scopeCategory !== undefined) q.where({ scope_category: scopeCategory });
      })
      .first(knex.raw('max(updated_at) as updated_at'), knex.raw('max(scope_category) as scope_category'));
    const updatedAt: Date | string | null = row?.updated_at ?? null;
    return { _max: { updatedAt: updatedAt === null ? null : isoOf(updatedAt), scopeCategory: row?.scope_category ?? null } };
  });
}
