import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { offsetsDecider, offsetStreamId, type Offset, type OffsetsState } from '@ghg/domain';
import { offsetKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, numberArg, optionalId, RemoveArgs, textArg } from '../core/companyCommand';
import { loadEntity, runEntityCommand } from '../core/entityCommand';

/** Every field is required on save (spec §5): a missing one is 'invalid args' naming it. */
const SaveOffsetArgs = z.object({
  id: optionalId,
  type: textArg,
  particularNumberFrom: textArg,
  particularNumberTo: textArg,
  invalidOrRelocationQuantity: numberArg,
  invalidOrRelocationDate: textArg,
  authType: textArg,
  expectedVersion: expectedVersionArg,
});

export const offsetView = (offset: Offset) => ({
  id: offset.id,
  type: offset.type,
  particularNumberFrom: offset.particularNumberFrom,
  particularNumberTo: offset.particularNumberTo,
  invalidOrRelocationQuantity: offset.invalidOrRelocationQuantity,
  invalidOrRelocationDate: offset.invalidOrRelocationDate,
  authType: offset.authType,
  version: offset.version,
});

const viewOf = (state: OffsetsState, id: string) => {
  const offset = state.offsets.get(id);
  return offset ? offsetView(offset) : null;
};

export function registerOffsetRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/offset', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { type, expectedVersion, id, ...args } = parseArgs(SaveOffsetArgs, request.body);
    const companyId = session.selectedCompanyId;
    const newId = randomUUID();
    const outcome = await runEntityCommand(deps, session, offsetStreamId(companyId, id ?? newId), offsetKind(companyId), {
      type: 'SaveOffset',
      companyId,
      newId,
      offsetType: type,
      ...args,
      ...(id === undefined ? {} : { id }),
      ...(id === undefined || expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { offset: viewOf(outcome.state, id ?? newId) };
  });

  app.delete('/api/offset/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
    const companyId = session.selectedCompanyId;
    const streamId = offsetStreamId(companyId, id);
    const before = viewOf(await loadEntity(deps, streamId, offsetsDecider), id);
    await runEntityCommand(deps, session, streamId, offsetKind(companyId), {
      type: 'RemoveOffset',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { offset: before };
  });
}
