import { positionToString, type ChangeNotice, type LiveTopic, type LogPosition, type RecordedEvent } from '@ghg/events';
import type { ProjectionContext } from './projection';

type PendingNotice = Omit<ChangeNotice, 'position'>;

/**
 * The most row ids a company's notice lists. Beyond it the notice lists none: "this topic of this
 * company changed", and the page refetches the topic, as it does for any notice (the web app
 * reads the topic only; a rebuild's notices carry no ids either). A batch of an import's thousands
 * of lines is then one small notice, not a list of every deal id split over several NOTIFY
 * payloads, each one a message to every open page of the company. Notices no company routes
 * (account/user: /api/live finds the user it concerns by id) keep all their ids.
 */
export const MAX_NOTICE_IDS = 100;

/**
 * Gathers the notices of a batch. Many events of one batch often touch the same topic, so
 * notices are merged per (topic, company, tenant) and browsers get one message, not hundreds.
 */
export class NoticeCollector {
  private readonly byKey = new Map<string, { notice: PendingNotice; ids: Set<string>; many: boolean }>();

  add(notice: PendingNotice): void {
    this.merge(notice, notice.ids, false);
  }

  addAll(other: NoticeCollector): void {
    for (const { notice, ids, many } of other.byKey.values()) {
      if (many) this.merge(notice, [], true);
      else this.add({ ...notice, ids: [...ids] });
    }
  }

  private merge(notice: PendingNotice, ids: Iterable<string>, many: boolean): void {
    // Ids never hold a NUL, and a null id is told apart from the string "null" by its prefix.
    const key = `${notice.topic}\u0000${keyPart(notice.companyId)}\u0000${keyPart(notice.tenantId)}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { notice: { topic: notice.topic, companyId: notice.companyId, tenantId: notice.tenantId, ids: [] }, ids: new Set(), many: false };
      this.byKey.set(key, entry);
    }
    if (entry.many) return;
    for (const id of ids) entry.ids.add(id);
    if (many || (notice.companyId !== null && entry.ids.size > MAX_NOTICE_IDS)) {
      entry.many = true;
      entry.ids.clear();
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The merged notices, stamped with the position the read models now reflect. */
  toNotices(position: LogPosition): ChangeNotice[] {
    const at = positionToString(position);
    return [...this.byKey.values()].map(({ notice, ids }) => ({ ...notice, ids: [...ids], position: at }));
  }
}

const keyPart = (id: string | null) => (id === null ? '' : `=${id}`);

/**
 * One notice per company (and tenant) for a batch's events of `topic`, with the ids `idOf` gives
 * (each once; beyond MAX_NOTICE_IDS none, see there), instead of one call per event.
 */
export function notifyPerCompany<E extends RecordedEvent<string, { companyId: string }>>(
  ctx: Pick<ProjectionContext, 'notify'>,
  topic: Exclude<LiveTopic, 'account/user'>,
  events: readonly E[],
  idOf: (event: E) => string,
): void {
  const byCompany = new Map<string, { companyId: string; tenantId: string | null; ids: Set<string> }>();
  for (const e of events) {
    const key = `${e.data.companyId}\u0000${keyPart(e.metadata.tenantId)}`;
    let entry = byCompany.get(key);
    if (!entry) byCompany.set(key, (entry = { companyId: e.data.companyId, tenantId: e.metadata.tenantId, ids: new Set() }));
    if (entry.ids.size <= MAX_NOTICE_IDS) entry.ids.add(idOf(e));
  }
  for (const { companyId, tenantId, ids } of byCompany.values()) ctx.notify({ topic, companyId, tenantId, ids: [...ids] });
}
