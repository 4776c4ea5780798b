import type { FastifyInstance } from 'fastify';
import { fiscalYearRoutes } from '@ghg/api';
import { fiscalYearDecider, fiscalYearStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';

export function registerFiscalYearRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, fiscalYearRoutes.set, async ({ session, body: args }) => {
    const companyId = session.selectedCompanyId;
    const { state } = await runCompanyCommand(deps, session, fiscalYearStreamId(companyId), fiscalYearDecider, {
      type: 'SetFiscalYearStartMonth',
      companyId,
      ...args,
    });
    return { fiscalYear: { fiscalYearId: args.fiscalYearId, startMonth: state.startMonth, version: state.version } };
  });
}
