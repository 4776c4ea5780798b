import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { intensityRoutes } from '@ghg/api';
import { intensitiesDecider, intensityStreamId, type IntensitiesState } from '@ghg/domain';
import { intensityKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { loadEntity, runEntityCommand } from '../core/entityCommand';

const viewOf = (state: IntensitiesState, id: string) => {
  const i = state.intensities.get(id);
  return i ? { id: i.id, name: i.name, unit: i.unit, version: i.version } : null;
};

export function registerIntensityRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, intensityRoutes.save, async ({ session, body }) => {
    const { id, expectedVersion, name, unit } = body;
    const companyId = session.selectedCompanyId;
    const newId = randomUUID();
    const outcome = await runEntityCommand(deps, session, intensityStreamId(companyId, id ?? newId), intensityKind(companyId), {
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

  registerRoute(app, deps, intensityRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const streamId = intensityStreamId(companyId, id);
    const before = viewOf(await loadEntity(deps, streamId, intensitiesDecider), id);
    // Fact for the decider: values recorded against the intensity (the management-intensity read model).
    const counted = await deps.db.knex('management_intensities').where({ company_id: companyId, intensity_id: id }).count<{ n: string | number }[]>({ n: '*' });
    await runEntityCommand(deps, session, streamId, intensityKind(companyId), {
      type: 'RemoveIntensity',
      companyId,
      id,
      managementValues: Number(counted[0]?.n ?? 0),
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { intensity: before };
  });
}
