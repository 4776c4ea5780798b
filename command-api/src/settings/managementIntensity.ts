import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { managementIntensityRoutes } from '@ghg/api';
import {
  intensitiesDecider,
  intensityStreamId,
  managementIntensitiesDecider,
  managementIntensityStreamId,
  type ManagementIntensitiesState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
import { managementIntensityKind } from './entityKinds';

const viewOf = (state: ManagementIntensitiesState, id: string) => {
  const v = state.values.get(id);
  return v ? { id: v.id, intensityId: v.intensityId, fiscalYear: v.fiscalYear, value: v.value, version: v.version } : null;
};

export function registerManagementIntensityRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, managementIntensityRoutes.save, async ({ session, body }) => {
    const { id, expectedVersion, ...args } = body;
    const companyId = session.selectedCompanyId;
    // Fact for the decider: the intensity is in this company's master (read from its stream).
    const master = await loadEntity(deps, intensityStreamId(companyId, args.intensityId), intensitiesDecider);
    const newId = randomUUID();
    const outcome = await runEntityCommand(deps, session, managementIntensityStreamId(companyId, id ?? newId), managementIntensityKind(companyId), {
      type: 'SaveManagementIntensity',
      companyId,
      newId,
      ...args,
      intensityExists: master.intensities.has(args.intensityId),
      ...(id === undefined ? {} : { id }),
      ...(id === undefined || expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { managementIntensity: viewOf(outcome.state, id ?? newId) };
  });

  registerRoute(app, deps, managementIntensityRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const streamId = managementIntensityStreamId(companyId, id);
    const before = viewOf(await loadEntity(deps, streamId, managementIntensitiesDecider), id);
    await runEntityCommand(deps, session, streamId, managementIntensityKind(companyId), {
      type: 'RemoveManagementIntensity',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { managementIntensity: before };
  });
}
