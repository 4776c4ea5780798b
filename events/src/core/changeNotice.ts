import type { Knex } from 'knex';
import type { Database } from './database';

/**
 * What the projector announces after each committed batch, and what query-api pushes to
 * browsers over /api/live. `topic` is the feature path (for example 'settings/fiscalYear'),
 * so the web app can invalidate exactly the queries that read that feature.
 */
export interface ChangeNotice {
  topic: string;
  /** Company whose data changed; null for tenant-wide changes (then tenantId says whose). */
  companyId: string | null;
  tenantId: string | null;
  /** Ids of the changed rows (entity ids, not event ids). */
  ids: string[];
  /** Global log position (positionToString) up to which the read model now reflects the log. */
  position: string;
}

export type ChangeListener = (notices: readonly ChangeNotice[]) => void;

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
