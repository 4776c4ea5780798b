import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { boundedList, idText } from '@ghg/events';
import { groupFlagsDecider, groupFlagStreamId, type GroupFlagsState } from '@ghg/domain';
import { groupFlagKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, optionalId, RemoveArgs, textArg } from '../core/companyCommand';
import { loadEntity, runEntityCommand } from '../core/entityCommand';

const SaveGroupFlagArgs = z.object({
  id: optionalId,
  name: textArg,
  /** The registered organizations (company-section ids), the whole list; absent: unchanged. */
  sectionIds: boundedList(idText()).optional(),
  expectedVersion: expectedVersionArg,
});

const viewOf = (state: GroupFlagsState, id: string) => {
  const flag = state.flags.get(id);
  return flag ? { id: flag.id, name: flag.name, sectionIds: [...flag.sectionIds], version: flag.version } : null;
};

export function registerGroupFlagRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/group-flag', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id, expectedVersion, sectionIds, name } = parseArgs(SaveGroupFlagArgs, request.body);
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

  app.delete('/api/group-flag/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
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
