import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shortText } from '@ghg/events';
import {
  isRenewableCertificate,
  nonFossilCertificatesDecider,
  nonFossilCertificateStreamId,
  type NonFossilCertificate,
  type NonFossilCertificatesState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';
import { expectedVersionArg, IdParam, numberArg, optionalId, RemoveArgs, textArg } from '../core/companyCommand';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
import { nonFossilCertificateKind } from './entityKinds';

const SaveCertificateArgs = z.object({
  id: optionalId,
  certificateType: textArg,
  quantityKwh: numberArg,
  periodFrom: textArg,
  periodTo: textArg,
  fiscalYear: numberArg,
  tracking: z.boolean(),
  powerSource: shortText().nullish(),
  generatorName: shortText().nullish(),
  generatorLocation: shortText().nullish(),
  expectedVersion: expectedVersionArg,
});

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
  app.post('/api/non-fossil-certificate', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { id, expectedVersion, ...args } = parseArgs(SaveCertificateArgs, request.body);
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

  app.delete('/api/non-fossil-certificate/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'targets.write');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
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
