import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '@ghg/events';
import {
  intensitiesDecider,
  intensityStreamId,
  managementIntensitiesDecider,
  managementIntensityStreamId,
  type ManagementIntensitiesState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, numberArg, optionalId, RemoveArgs } from '../core/companyCommand';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
import { managementIntensityKind } from './entityKinds';

const SaveManagementIntensityArgs = z.object({
  id: optionalId,
  intensityId: idText(),
  fiscalYear: numberArg,
  value: numberArg,
  expectedVersion: expectedVersionArg,
});

const viewOf = (state: ManagementIntensitiesState, id: string) => {
  const v = state.values.get(id);
  return v ? { id: v.id, intensityId: v.intensityId, fiscalYear: v.fiscalYear, value: v.value, version: v.version } : null;
};

export function registerManagementIntensityRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/management-intensity', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { id, expectedVersion, ...args } = parseArgs(SaveManagementIntensityArgs, request.body);
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

  app.delete('/api/management-intensity/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
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
