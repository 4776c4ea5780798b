import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '@ghg/events';
import { currencyRatesDecider, currencyRateStreamId, type CurrencyRatesState } from '@ghg/domain';
import { currencyRateKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { expectedVersionArg, IdParam, numberArg, RemoveArgs, textArg } from '../core/companyCommand';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
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
    const id = args.id ?? newId;
    const { state } = await runEntityCommand(deps, session, currencyRateStreamId(companyId, id), currencyRateKind(companyId), {
      type: 'SaveCurrencyRate',
      companyId,
      newId,
      ...args,
    });
    return { currency: view(state, id) };
  });

  app.delete('/api/currency/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
    const streamId = currencyRateStreamId(session.selectedCompanyId, id);
    // The answer echoes the rate as it was before the deletion.
    const before = view(await loadEntity(deps, streamId, currencyRatesDecider), id);
    await runEntityCommand(deps, session, streamId, currencyRateKind(session.selectedCompanyId), {
      type: 'RemoveCurrencyRate',
      companyId: session.selectedCompanyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { currency: before };
  });
}
