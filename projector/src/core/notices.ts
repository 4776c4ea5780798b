import { positionToString, type ChangeNotice, type LogPosition } from '@ghg/events';

type PendingNotice = Omit<ChangeNotice, 'position'>;

/**
 * Gathers the notices of a batch. Many events of one batch often touch the same topic, so
 * notices are merged per (topic, company, tenant) and browsers get one message, not hundreds.
 */
export class NoticeCollector {
  private readonly byKey = new Map<string, { notice: PendingNotice; ids: Set<string> }>();

  add(notice: PendingNotice): void {
    // Ids never hold a NUL, and a null id is told apart from the string "null" by its prefix.
    const key = `${notice.topic}\u0000${keyPart(notice.companyId)}\u0000${keyPart(notice.tenantId)}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { notice: { topic: notice.topic, companyId: notice.companyId, tenantId: notice.tenantId, ids: [] }, ids: new Set() };
      this.byKey.set(key, entry);
    }
    for (const id of notice.ids) entry.ids.add(id);
  }

  addAll(other: NoticeCollector): void {
    for (const { notice, ids } of other.byKey.values()) this.add({ ...notice, ids: [...ids] });
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
