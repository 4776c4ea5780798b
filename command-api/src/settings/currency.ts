import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '@ghg/events';
import { currencyRatesDecider, currencyRatesStreamId, type CurrencyRatesState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { expectedVersionArg, IdParam, loadState, numberArg, RemoveArgs, runCompanyCommand, textArg } from '../core/companyCommand';
import { authenticate, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const SaveCurrencyArgs = z.object({
  id: idText().optional(),
  fiscalYear: numberArg,
  currencyUnit: textArg,
  rate: numberArg,
  expectedVersion: expectedVersionArg,
});

const view = (state: CurrencyRatesState, id: string) => {
  const rate = state.rates.get(id);
  return rate ? { id: rate.id, fiscalYear: rate.fiscalYear, currencyUnit: rate.currencyUnit, rate: rate.rate, version: rate.version } : null;
};

export function registerCurrencyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.post('/api/currency', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(SaveCurrencyArgs, request.body);
    const companyId = session.selectedCompanyId;
    const newId = randomUUID();
    const { state } = await runCompanyCommand(deps, session, currencyRatesStreamId(companyId), currencyRatesDecider, {
      type: 'SaveCurrencyRate',
      companyId,
      newId,
      ...args,
    });
    return { currency: view(state, args.id ?? newId) };
  });

  app.delete('/api/currency/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
    const streamId = currencyRatesStreamId(session.selectedCompanyId);
    // The answer echoes the rate as it was before the deletion.
    const before = view(await loadState(deps, streamId, currencyRatesDecider), id);
    await runCompanyCommand(deps, session, streamId, currencyRatesDecider, {
      type: 'RemoveCurrencyRate',
      companyId: session.selectedCompanyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { currency: before };
  });
}
