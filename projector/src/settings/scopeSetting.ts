import { defineProjection } from '../core/projection';
import { ScopeSettingAdded, ScopeSettingChanged, ScopeSettingRemoved } from '@ghg/events';

export const scopeSettingProjection = defineProjection({
  name: 'settings/scopeSetting',
  tables: ['scope_settings'],
  handles: [ScopeSettingAdded, ScopeSettingChanged, ScopeSettingRemoved],
  async apply(event, ctx) {
    const table = ctx.table('scope_settings');
    const { id, companyId } = event.data;
    if (event.type === ScopeSettingRemoved.type) {
      await ctx.trx(table).where({ company_id: companyId, id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          company_id: companyId,
          id,
          scope_category: d.scopeCategory,
          formula_id: d.formulaId,
          section_id: d.section,
          detail: JSON.stringify(d.detail),
          deal_id: d.dealId,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict(['company_id', 'id'])
        .merge();
    }
    ctx.notify({ topic: 'settings/scopeSetting', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
