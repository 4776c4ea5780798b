import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '@ghg/events';
import { fiscalYearDecider, fiscalYearStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { expectedVersionArg, numberArg, runCompanyCommand } from '../core/companyCommand';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const SaveFiscalYearArgs = z.object({
  fiscalYearId: idText(),
  startMonth: numberArg,
  expectedVersion: expectedVersionArg,
});

export function registerFiscalYearRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/fiscal-year', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(SaveFiscalYearArgs, request.body);
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, fiscalYearStreamId(companyId), fiscalYearDecider, {
      type: 'SetFiscalYearStartMonth',
      companyId,
      ...args,
    });
    return { fiscalYear: { fiscalYearId: args.fiscalYearId, startMonth: state.startMonth, version: state.version } };
  });
}
