import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { offsetsDecider, offsetsStreamId, type Offset, type OffsetsState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, loadState, numberArg, optionalId, RemoveArgs, runCompanyCommand, textArg } from '../core/companyCommand';

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
    const outcome = await runCompanyCommand(deps, session, offsetsStreamId(companyId), offsetsDecider, {
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
    const streamId = offsetsStreamId(companyId);
    const before = viewOf(await loadState(deps, streamId, offsetsDecider), id);
    await runCompanyCommand(deps, session, streamId, offsetsDecider, {
      type: 'RemoveOffset',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { offset: before };
  });
}
