import type { ChangeListener, ChangeNotice } from '@ghg/events';
import type { Knex } from 'knex';
import type { Database } from '../core/database';

/** Carries notices from the projector to query-api, in-process or across processes. */
export interface ChangeBus {
  /**
   * `via`: a knex transaction (or knex, or database) to publish through. Given a transaction,
   * listeners hear the notices only once it commits, and never if it rolls back — so a browser
   * cannot re-query before the read model it is told about is visible. Without it, at once.
   * A large publication may reach listeners in several calls.
   */
  publish(notices: readonly ChangeNotice[], via?: Knex | Database): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}
