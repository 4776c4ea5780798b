import { defineProjection } from '../core/projection';
import { GroupFlagCreated, GroupFlagDeleted, GroupFlagRenamed, GroupFlagSectionsSet } from '@ghg/events';

/**
 * Flags and their registered organizations. `group_flag_sections` is also what the section-delete
 * command counts to refuse "Cannot delete organization with registered flag".
 */
export const groupFlagProjection = defineProjection({
  name: 'settings/groupFlag',
  tables: ['group_flags', 'group_flag_sections'],
  handles: [GroupFlagCreated, GroupFlagRenamed, GroupFlagSectionsSet, GroupFlagDeleted],
  async apply(event, ctx) {
    const { trx, table } = ctx;
    const { id, companyId } = event.data;
    const stamp = { version: event.streamPosition, updated_at: event.metadata.occurredAt };
    const setSections = async (sectionIds: readonly string[]) => {
      await trx(table('group_flag_sections')).where({ flag_id: id }).delete();
      if (sectionIds.length > 0) {
        await trx(table('group_flag_sections')).insert(sectionIds.map((sectionId) => ({ flag_id: id, company_id: companyId, section_id: sectionId })));
      }
    };
    switch (event.type) {
      case GroupFlagCreated.type: {
        const d = event.data;
        await trx(table('group_flags')).insert({ id, company_id: companyId, name: d.name, ...stamp }).onConflict('id').merge();
        await setSections(d.sectionIds);
        break;
      }
      case GroupFlagRenamed.type: {
        const d = event.data;
        await trx(table('group_flags')).where({ id }).update({ name: d.name, ...stamp });
        break;
      }
      case GroupFlagSectionsSet.type: {
        const d = event.data;
        await trx(table('group_flags')).where({ id }).update(stamp);
        await setSections(d.sectionIds);
        break;
      }
      case GroupFlagDeleted.type:
        await trx(table('group_flag_sections')).where({ flag_id: id }).delete();
        await trx(table('group_flags')).where({ id }).delete();
        break;
    }
    ctx.notify({ topic: 'settings/groupFlag', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
