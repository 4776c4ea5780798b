import { describe, expect, it } from 'vitest';
import { NoticeCollector } from './notices';

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
});
