import type { Knex } from 'knex';
import type { ChangeNotice } from '@ghg/events';
import type { ChangeBus } from './changeBus';
import type { Database } from '../core/database';
import { PgListener } from '../postgres/pgListener';
import { ListenerSet } from './listeners';
import { splitNotices } from './splitNotices';

export const CHANGES_CHANNEL = 'ghg_changes';

/**
 * Across processes through PostgreSQL NOTIFY/LISTEN. Publishing through a transaction makes the
 * notices part of it: PostgreSQL delivers them at commit and drops them on rollback. The LISTEN
 * connection opens with the first subscriber, so a process that only publishes holds none.
 */
export function createPostgresChangeBus(db: Database): ChangeBus {
  if (db.config.kind !== 'postgres') throw new Error('The PostgreSQL change bus needs a PostgreSQL database');
  const url = db.config.url;
  const listeners = new ListenerSet();
  let listener: PgListener | null = null;
  let closed = false;

  const receive = (payload: string) => {
    let notices: ChangeNotice[];
    try {
      notices = JSON.parse(payload) as ChangeNotice[];
    } catch {
      return; // Not ours: someone else notified on the channel.
    }
    if (Array.isArray(notices)) listeners.deliver(notices);
  };

  return {
    async publish(notices, via) {
      if (notices.length === 0) return;
      const knex: Knex = via === undefined ? db.knex : typeof via === 'function' ? via : via.knex;
      for (const payload of splitNotices(notices)) {
        await knex.raw('select pg_notify(?, ?)', [CHANGES_CHANNEL, payload]);
      }
    },
    subscribe(l) {
      if (!closed) listener ??= new PgListener(url, CHANGES_CHANNEL, receive);
      return listeners.add(l);
    },
    async close() {
      closed = true;
      listeners.clear();
      await listener?.close();
      listener = null;
    },
  };
}
