import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { currencyRoutes } from '@ghg/api';
import { currencyRatesDecider, currencyRateStreamId, type CurrencyRatesState } from '@ghg/domain';
import { currencyRateKind } from './entityKinds';
import type { CommandApiDeps } from '../core/deps';
import { loadEntity, runEntityCommand } from '../core/entityCommand';
import { registerRoute } from '../core/registerRoute';

const view = (state: CurrencyRatesState, id: string) => {
  const rate = state.rates.get(id);
  return rate ? { id: rate.id, fiscalYear: rate.fiscalYear, currencyUnit: rate.currencyUnit, rate: rate.rate, version: rate.version } : null;
};

export function registerCurrencyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, currencyRoutes.save, async ({ session, body: args }) => {
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

  registerRoute(app, deps, currencyRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
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
