import type { Knex } from 'knex';
import type { ChangeBus } from './changeBus';
import type { Database } from '../core/database';
import { ListenerSet } from './listeners';

/** In-process bus (PGlite, tests): listeners are called synchronously inside publish. */
export function createInMemoryChangeBus(): ChangeBus {
  const listeners = new ListenerSet();
  let closed = false;
  return {
    async publish(notices, via) {
      if (closed) return;
      const trx = asTransaction(via);
      if (!trx) return listeners.deliver(notices);
      // Not awaited: publish is called inside the transaction, which commits only after it returns.
      trx.executionPromise.then(
        () => !closed && listeners.deliver(notices),
        () => {},
      );
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      listeners.clear();
    },
  };
}

function asTransaction(via: Knex | Database | undefined): Knex.Transaction | null {
  if (typeof via !== 'function') return null;
  const trx = via as unknown as Partial<Knex.Transaction>;
  return trx.isTransaction && trx.executionPromise ? (trx as Knex.Transaction) : null;
}
