import { defineProjection } from '../core/projection';
import { ReductionGoalAdded, ReductionGoalChanged, ReductionGoalRemoved } from '@ghg/events';

export const reductionGoalProjection = defineProjection({
  name: 'settings/reductionGoal',
  tables: ['reduction_goals'],
  handles: [ReductionGoalAdded, ReductionGoalChanged, ReductionGoalRemoved],
  async apply(event, ctx) {
    const table = ctx.table('reduction_goals');
    const { id, companyId } = event.data;
    if (event.type === ReductionGoalRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          id,
          company_id: companyId,
          scope_category: d.scopeCategory,
          goal_year: d.goalYear,
          goal_emission: d.goalEmission,
          target_year: d.targetYear,
          target_emission: d.targetEmission,
          goal_emission_percentage: d.goalEmissionPercentage,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/reductionGoal', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
