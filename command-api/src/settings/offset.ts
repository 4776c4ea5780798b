import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { offsetRoutes } from '@ghg/api';
import { offsetsDecider, offsetStreamId, type Offset, type OffsetsState } from '@ghg/domain';
import { offsetKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { loadEntity, runEntityCommand } from '../core/entityCommand';

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
  registerRoute(app, deps, offsetRoutes.save, async ({ session, body }) => {
    const { type, expectedVersion, id, ...args } = body;
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

  registerRoute(app, deps, offsetRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
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
