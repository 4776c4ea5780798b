import { describe, expect, it } from 'vitest';
import { queryKeys, queryKeysForTopic } from './queryKeys';

describe('live notice topics → query keys', () => {
  it('maps every topic the backbone announces', () => {
    expect(queryKeysForTopic('settings/fiscalYear')).toContainEqual(['fiscalYear']);
    expect(queryKeysForTopic('settings/currency')).toContainEqual(['currency']);
    expect(queryKeysForTopic('auditlog')).toEqual([['auditlog']]);
    expect(queryKeysForTopic('organization/companies')).toContainEqual(['companies']);
    expect(queryKeysForTopic('organization/companySections')).toContainEqual(['companySections']);
    expect(queryKeysForTopic('account/user')).toContainEqual(['authUser']);
  });

  it('uses prefixes of the keys the screens use', () => {
    const [fy] = queryKeysForTopic('settings/fiscalYear');
    expect(queryKeys.fiscalYear('c1').slice(0, fy!.length)).toEqual(fy);
    const [cur] = queryKeysForTopic('settings/currency');
    expect(queryKeys.currency('c1', 2025).slice(0, cur!.length)).toEqual(cur);
  });

  it('falls back to the topic name, and the audit log, for topics it does not know', () => {
    expect(queryKeysForTopic('settings/offset')).toEqual([['settings/offset'], ['auditlog']]);
  });
});
