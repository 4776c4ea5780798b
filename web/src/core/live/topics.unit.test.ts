import { describe, expect, it } from 'vitest';
import { liveTopics, type LiveTopic } from '@ghg/events';
import { webFeatures } from '../../features/index';
import { queryKeys } from '../api/queryKeys';
import { queryKeysForNotice } from './topics';

const company = (topic: string) => queryKeysForNotice({ topic, companyId: 'c1' });

describe('live notice topics → query keys', () => {
  it('follows every topic the projector announces in some feature', () => {
    const followed = (topic: LiveTopic) => webFeatures.some((f) => Object.hasOwn(f.live ?? {}, topic));
    expect(liveTopics.filter((topic) => !followed(topic))).toEqual([]);
  });

  it('maps each topic to the queries that read it, and a company change to the audit log too', () => {
    const expected: Record<LiveTopic, string[][]> = {
      auditlog: [['auditlog']],
      'account/user': [['authUser'], ['companies']],
      'organization/companies': [['companies'], ['auditlog']],
      'organization/companySections': [['companySections'], ['auditlog']],
      'organization/apiTokens': [['apiTokens'], ['auditlog']],
      'settings/fiscalYear': [['fiscalYear'], ['auditlog']],
      'settings/currency': [['currency'], ['auditlog']],
      'settings/reductionGoal': [['settings/reductionGoal'], ['auditlog']],
      // The views' totals carry each year's offsets; the SHK report reads offsets and certificates as of its moment.
      'settings/offset': [['activity/lines'], ['reports'], ['settings/offset'], ['auditlog']],
      'settings/nonFossilCertificate': [['reports'], ['settings/nonFossilCertificate'], ['auditlog']],
      'settings/groupFlag': [['settings/groupFlag'], ['auditlog']],
      'settings/intensity': [['settings/intensity'], ['auditlog']],
      'settings/managementIntensity': [['settings/managementIntensity'], ['auditlog']],
      'settings/scopeSetting': [['settings/scopeSetting'], ['auditlog']],
      'calculation/basis': [['calculation/basis'], ['auditlog']],
      'calculation/companyFactorSets': [['calculation/companyFactorSets'], ['auditlog']],
      // The reports' draft and a filed report's "now" are read from the ledger.
      'activity/lines': [['activity/lines'], ['reports'], ['auditlog']],
      'import/rules': [['import/rules'], ['auditlog']],
      'import/history': [['import/history'], ['auditlog']],
      reports: [['reports'], ['auditlog']],
    };
    for (const topic of liveTopics) {
      // The user's own record is tenant-wide: its notices carry no company.
      const notice = { topic, companyId: topic === 'account/user' ? null : 'c1' };
      expect(queryKeysForNotice(notice), topic).toEqual(expected[topic]);
    }
  });

  it('uses prefixes of the keys the screens use', () => {
    const [fy] = company('settings/fiscalYear');
    expect(queryKeys.fiscalYear('c1').slice(0, fy!.length)).toEqual(fy);
    const [cur] = company('settings/currency');
    expect(queryKeys.currency('c1', 2025).slice(0, cur!.length)).toEqual(cur);
    const [sections] = company('organization/companySections');
    expect(queryKeys.companySections('c1').slice(0, sections!.length)).toEqual(sections);
  });

  it('falls back to the topic name, and the audit log, for topics it does not know', () => {
    expect(company('settings/someday')).toEqual([['settings/someday'], ['auditlog']]);
  });
});
