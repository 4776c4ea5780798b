import { describe, expect, it } from 'vitest';
import { MAX_NOTICE_IDS, NoticeCollector } from './notices';

describe('NoticeCollector', () => {
  it('given notices of one topic and company, when collected, then browsers get one notice with every id once', () => {
    const c = new NoticeCollector();
    c.add({ topic: 'settings/currency', companyId: 'c1', tenantId: 't', ids: ['a', 'b'] });
    c.add({ topic: 'settings/currency', companyId: 'c1', tenantId: 't', ids: ['b', 'c'] });
    expect(c.toNotices({ commit: 7n, prepare: 7n })).toEqual([
      { topic: 'settings/currency', companyId: 'c1', tenantId: 't', ids: ['a', 'b', 'c'], position: expect.any(String) },
    ]);
  });
  it('given a tenant-wide notice and a company literally named "null", when collected, then they stay apart', () => {
    const c = new NoticeCollector();
    c.add({ topic: 'account/user', companyId: null, tenantId: 't', ids: ['u1'] });
    c.add({ topic: 'account/user', companyId: 'null', tenantId: 't', ids: ['u2'] });
    expect(c.size).toBe(2);
    expect(c.toNotices({ commit: 1n, prepare: 1n }).map((n) => [n.companyId, n.ids])).toEqual([
      [null, ['u1']],
      ['null', ['u2']],
    ]);
  });
  it('given more ids of a company than a notice lists, when collected, then the notice lists none (the page refetches the topic)', () => {
    const ids = Array.from({ length: MAX_NOTICE_IDS + 1 }, (_, i) => `deal-${i}`);
    const c = new NoticeCollector();
    c.add({ topic: 'activity/lines', companyId: 'c1', tenantId: 't', ids: ids.slice(0, MAX_NOTICE_IDS) });
    expect(c.toNotices({ commit: 1n, prepare: 1n })[0]!.ids).toHaveLength(MAX_NOTICE_IDS);
    c.add({ topic: 'activity/lines', companyId: 'c1', tenantId: 't', ids: ids.slice(MAX_NOTICE_IDS) });
    c.add({ topic: 'activity/lines', companyId: 'c1', tenantId: 't', ids: ['later'] });
    expect(c.toNotices({ commit: 1n, prepare: 1n })).toEqual([{ topic: 'activity/lines', companyId: 'c1', tenantId: 't', ids: [], position: expect.any(String) }]);
    // Merged into the batch's notices, it stays one without ids.
    const batch = new NoticeCollector();
    batch.add({ topic: 'activity/lines', companyId: 'c1', tenantId: 't', ids: ['from-another'] });
    batch.addAll(c);
    expect(batch.toNotices({ commit: 1n, prepare: 1n })[0]!.ids).toEqual([]);
  });
  it('given a tenant-wide notice of many users, when collected, then it keeps every id (/api/live routes it by user id)', () => {
    const ids = Array.from({ length: MAX_NOTICE_IDS * 2 }, (_, i) => `user-${i}`);
    const c = new NoticeCollector();
    c.add({ topic: 'account/user', companyId: null, tenantId: 't', ids });
    expect(c.toNotices({ commit: 1n, prepare: 1n })[0]!.ids).toEqual(ids);
  });
});
