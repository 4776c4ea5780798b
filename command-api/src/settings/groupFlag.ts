import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { groupFlagRoutes } from '@ghg/api';
import { groupFlagsDecider, groupFlagStreamId, type GroupFlagsState } from '@ghg/domain';
import { groupFlagKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { loadEntity, runEntityCommand } from '../core/entityCommand';

const viewOf = (state: GroupFlagsState, id: string) => {
  const flag = state.flags.get(id);
  return flag ? { id: flag.id, name: flag.name, sectionIds: [...flag.sectionIds], version: flag.version } : null;
};

export function registerGroupFlagRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, groupFlagRoutes.save, async ({ session, body }) => {
    const { id, expectedVersion, sectionIds, name } = body;
    const companyId = session.selectedCompanyId;
    // Fact for the decider: which of the sections are sections of this company (read model).
    const existingSectionIds: string[] =
      sectionIds && sectionIds.length > 0
        ? await deps.db.knex('company_sections').where({ company_id: companyId }).whereIn('id', sectionIds).pluck('id')
        : [];
    const newId = randomUUID();
    const outcome = await runEntityCommand(deps, session, groupFlagStreamId(companyId, id ?? newId), groupFlagKind(companyId), {
      type: 'SaveGroupFlag',
      companyId,
      newId,
      name,
      existingSectionIds,
      ...(sectionIds === undefined ? {} : { sectionIds }),
      ...(id === undefined ? {} : { id }),
      ...(id === undefined || expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { groupFlag: viewOf(outcome.state, id ?? newId) };
  });

  registerRoute(app, deps, groupFlagRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const streamId = groupFlagStreamId(companyId, id);
    const before = viewOf(await loadEntity(deps, streamId, groupFlagsDecider), id);
    await runEntityCommand(deps, session, streamId, groupFlagKind(companyId), {
      type: 'DeleteGroupFlag',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { groupFlag: before };
  });
}
