import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { nonFossilCertificateRoutes } from '@ghg/api';
import {
  isRenewableCertificate,
  nonFossilCertificatesDecider,
  nonFossilCertificateStreamId,
  type NonFossilCertificate,
  type NonFossilCertificatesState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
import { nonFossilCertificateKind } from './entityKinds';

export const nonFossilCertificateView = (c: NonFossilCertificate) => ({
  id: c.id,
  certificateType: c.certificateType,
  renewable: isRenewableCertificate(c.certificateType),
  quantityKwh: c.quantityKwh,
  periodFrom: c.periodFrom,
  periodTo: c.periodTo,
  fiscalYear: c.fiscalYear,
  tracking: c.tracking,
  powerSource: c.powerSource,
  generatorName: c.generatorName,
  generatorLocation: c.generatorLocation,
  version: c.version,
});

const viewOf = (state: NonFossilCertificatesState, id: string) => {
  const c = state.certificates.get(id);
  return c ? nonFossilCertificateView(c) : null;
};

export function registerNonFossilCertificateRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, nonFossilCertificateRoutes.save, async ({ session, body }) => {
    const { id, expectedVersion, ...args } = body;
    const companyId = session.selectedCompanyId;
    const newId = randomUUID();
    const outcome = await runEntityCommand(deps, session, nonFossilCertificateStreamId(companyId, id ?? newId), nonFossilCertificateKind(companyId), {
      type: 'SaveNonFossilCertificate',
      companyId,
      newId,
      ...args,
      ...(id === undefined ? {} : { id }),
      ...(id === undefined || expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { nonFossilCertificate: viewOf(outcome.state, id ?? newId) };
  });

  registerRoute(app, deps, nonFossilCertificateRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const streamId = nonFossilCertificateStreamId(companyId, id);
    const before = viewOf(await loadEntity(deps, streamId, nonFossilCertificatesDecider), id);
    await runEntityCommand(deps, session, streamId, nonFossilCertificateKind(companyId), {
      type: 'RemoveNonFossilCertificate',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { nonFossilCertificate: before };
  });
}
