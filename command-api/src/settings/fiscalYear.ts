import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fiscalYearDecider, fiscalYearStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { authenticate, metadataFor, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const SaveFiscalYearArgs = z.object({
  fiscalYearId: z.string().min(1),
  startMonth: z.coerce.number(),
  expectedVersion: z.number().int().min(-1).optional(),
});

export function registerFiscalYearRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/fiscal-year', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(SaveFiscalYearArgs, request.body);
    const companyId = session.selectedCompanyId;
    const outcome = await executeCommand(
      deps.eventStore,
      fiscalYearStreamId(companyId),
      fiscalYearDecider,
      { type: 'SetFiscalYearStartMonth', companyId, ...args },
      metadataFor(session, companyId, deps.now?.() ?? new Date()),
    );
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return {
      fiscalYear: { fiscalYearId: args.fiscalYearId, startMonth: outcome.state.startMonth, version: outcome.state.version },
    };
  });
}
