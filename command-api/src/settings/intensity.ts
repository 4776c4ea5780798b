import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  intensitiesDecider,
  intensitiesStreamId,
  managementIntensitiesDecider,
  managementIntensitiesStreamId,
  valuesOfIntensity,
  type IntensitiesState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, loadState, optionalId, RemoveArgs, runCompanyCommand, textArg } from '../core/companyCommand';

const SaveIntensityArgs = z.object({ id: optionalId, name: textArg, unit: textArg, expectedVersion: expectedVersionArg });

const viewOf = (state: IntensitiesState, id: string) => {
  const i = state.intensities.get(id);
  return i ? { id: i.id, name: i.name, unit: i.unit, version: i.version } : null;
};

export function registerIntensityRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/intensity', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id, expectedVersion, name, unit } = parseArgs(SaveIntensityArgs, request.body);
    const companyId = session.selectedCompanyId;
    const newId = randomUUID();
    const outcome = await runCompanyCommand(deps, session, intensitiesStreamId(companyId), intensitiesDecider, {
      type: 'SaveIntensity',
      companyId,
      newId,
      name,
      unit,
      ...(id === undefined ? {} : { id }),
      ...(id === undefined || expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { intensity: viewOf(outcome.state, id ?? newId) };
  });

  app.delete('/api/intensity/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
    const companyId = session.selectedCompanyId;
    const streamId = intensitiesStreamId(companyId);
    const before = viewOf(await loadState(deps, streamId, intensitiesDecider), id);
    // Fact for the decider: values recorded against the intensity (read from their own stream).
    const values = await loadState(deps, managementIntensitiesStreamId(companyId), managementIntensitiesDecider);
    await runCompanyCommand(deps, session, streamId, intensitiesDecider, {
      type: 'RemoveIntensity',
      companyId,
      id,
      managementValues: valuesOfIntensity(values, id),
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { intensity: before };
  });
}
