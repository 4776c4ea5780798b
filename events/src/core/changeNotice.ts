import { auditTopics, type AuditTopic } from '../contracts/audit';

/**
 * What the projector announces after each committed batch, and what query-api pushes to
 * browsers over /api/live. `topic` is the feature path (for example 'settings/fiscalYear'),
 * so the web app can invalidate exactly the queries that read that feature. The product's topics
 * are `liveTopics`; on the wire it is any string (a browser may meet a topic of a newer server).
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

/** Audit areas the projector never announces, with the reason. */
const unannouncedAuditTopics = {
  'organization/tenant': 'the group has no read model a screen follows',
  'calculation/companyFactor': "a company factor's change is announced as its set's ('calculation/companyFactorSets')",
} as const satisfies Partial<Record<AuditTopic, string>>;

/**
 * Every topic the projector announces: the audit log itself and each audit area whose read model a
 * screen reads. The projections can announce no other (their context takes a `LiveTopic`), and the
 * web app maps each one to the queries it makes stale (a `LiveTopic` without query keys is a type
 * error there).
 */
export type LiveTopic = 'auditlog' | Exclude<AuditTopic, keyof typeof unannouncedAuditTopics>;
const isAnnounced = (topic: AuditTopic): topic is Exclude<LiveTopic, 'auditlog'> => !Object.hasOwn(unannouncedAuditTopics, topic);
export const liveTopics: readonly LiveTopic[] = ['auditlog', ...auditTopics.filter(isAnnounced)];

export type ChangeListener = (notices: readonly ChangeNotice[]) => void;
