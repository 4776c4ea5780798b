import type { Projection } from '../core/projection';
import { GroupFlagCreated, GroupFlagDeleted, GroupFlagRenamed, GroupFlagSectionsSet, type RecordedEvent } from '@ghg/events';

type Out<C> = C extends { schema: { _output: infer O } } ? O : never;

/**
 * Flags and their registered organizations. `group_flag_sections` is also what the section-delete
 * command counts to refuse "Cannot delete organization with registered flag".
 */
export const groupFlagProjection: Projection = {
  name: 'settings/groupFlag',
  tables: ['group_flags', 'group_flag_sections'],
  handles: [GroupFlagCreated.type, GroupFlagRenamed.type, GroupFlagSectionsSet.type, GroupFlagDeleted.type],
  async apply(event: RecordedEvent, ctx) {
    const { trx, table } = ctx;
    const { id, companyId } = event.data as { id: string; companyId: string };
    const stamp = { version: event.streamPosition, updated_at: event.metadata.occurredAt };
    const setSections = async (sectionIds: readonly string[]) => {
      await trx(table('group_flag_sections')).where({ flag_id: id }).delete();
      if (sectionIds.length > 0) {
        await trx(table('group_flag_sections')).insert(sectionIds.map((sectionId) => ({ flag_id: id, company_id: companyId, section_id: sectionId })));
      }
    };
    switch (event.type) {
      case GroupFlagCreated.type: {
        const d = event.data as Out<typeof GroupFlagCreated>;
        await trx(table('group_flags')).insert({ id, company_id: companyId, name: d.name, ...stamp }).onConflict('id').merge();
        await setSections(d.sectionIds);
        break;
      }
      case GroupFlagRenamed.type: {
        const d = event.data as Out<typeof GroupFlagRenamed>;
        await trx(table('group_flags')).where({ id }).update({ name: d.name, ...stamp });
        break;
      }
      case GroupFlagSectionsSet.type: {
        const d = event.data as Out<typeof GroupFlagSectionsSet>;
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
};
