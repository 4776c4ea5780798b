import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currencyRatesDecider, currencyRatesStreamId, type CurrencyRatesState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { authenticate, metadataFor, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const SaveCurrencyArgs = z.object({
  id: z.string().min(1).optional(),
  fiscalYear: z.coerce.number(),
  currencyUnit: z.string().min(1),
  rate: z.coerce.number(),
  expectedVersion: z.number().int().min(0).optional(),
});
const IdParam = z.object({ id: z.string().min(1) });
const RemoveArgs = z.object({ expectedVersion: z.number().int().min(0).optional() });

const view = (state: CurrencyRatesState, id: string) => {
  const rate = state.rates.get(id);
  return rate && { id: rate.id, fiscalYear: rate.fiscalYear, currencyUnit: rate.currencyUnit, rate: rate.rate, version: rate.version };
};

export function registerCurrencyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const run = async (request: Parameters<typeof requireSession>[0], command: Parameters<typeof currencyRatesDecider.decide>[0]) => {
    const session = requireSession(request, 'company.configure');
    const outcome = await executeCommand(
      deps.eventStore,
      currencyRatesStreamId(session.selectedCompanyId),
      currencyRatesDecider,
      command,
      metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date()),
    );
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return outcome;
  };

  app.post('/api/currency', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    requireSession(request, 'company.configure');
    const args = parseArgs(SaveCurrencyArgs, request.body);
    const newId = randomUUID();
    const companyId = request.session!.selectedCompanyId;
    const outcome = await run(request, { type: 'SaveCurrencyRate', companyId, newId, ...args });
    return { currency: view(outcome.state, args.id ?? newId) };
  });

  app.delete('/api/currency/:id', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    requireSession(request, 'company.configure');
    const { id } = parseArgs(IdParam, request.params);
    const { expectedVersion } = parseArgs(RemoveArgs, request.body);
    const companyId = request.session!.selectedCompanyId;
    const before = await executeCommandPreview(deps, companyId, id);
    await run(request, { type: 'RemoveCurrencyRate', companyId, id, ...(expectedVersion === undefined ? {} : { expectedVersion }) });
    return { currency: before };
  });
}

/** The rate as it was before deletion: the DELETE answer echoes what was removed. */
async function executeCommandPreview(deps: CommandApiDeps, companyId: string, id: string) {
  const history = await deps.eventStore.readStream(currencyRatesStreamId(companyId));
  const state = history.reduce(
    (s, e) => currencyRatesDecider.evolve(s, e as never, e.streamPosition),
    currencyRatesDecider.initialState(),
  );
  return view(state, id) ?? null;
}
