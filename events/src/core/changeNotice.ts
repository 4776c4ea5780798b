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
