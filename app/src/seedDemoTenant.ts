import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, Role } from '@ghg/events';
import {
  companyDecider,
  companySectionsDecider,
  companySectionsStreamId,
  companyStreamId,
  currencyRatesDecider,
  currencyRatesStreamId,
  fiscalYearDecider,
  fiscalYearIdOf,
  fiscalYearStreamId,
  tenantDecider,
  tenantStreamId,
  userDecider,
  userEmailStreamId,
  userStreamId,
  UNSPECIFIED_SECTION,
  WHOLE_COMPANY_SECTION,
} from '@ghg/domain';
import { executeCommand, hashPassword, HttpError, toNewEvent } from '@ghg/command-api';

export const DEMO_TENANT_ID = 'demo';
export const DEMO_USERS = ['admin@demo.example', 'editor@demo.example', 'viewer@demo.example'] as const;
/** An editor of the second company, so a demo shows what one company cannot see of another. */
export const DEMO_LOGISTICS_USER = 'logistics@demo.example';

interface SectionSeed {
  name: string;
  children?: SectionSeed[];
}

const demoCompanies: { name: string; region: string; equitySharePercent: number; sections: SectionSeed[] }[] = [
  {
    name: 'デモ製造株式会社',
    region: 'Japan',
    equitySharePercent: 100,
    sections: [
      {
        name: WHOLE_COMPANY_SECTION,
        children: [
          { name: '製造本部', children: [{ name: '第一工場' }, { name: '第二工場' }] },
          { name: '管理本部', children: [{ name: '経理部' }, { name: '総務部' }] },
        ],
      },
      { name: UNSPECIFIED_SECTION },
    ],
  },
  {
    name: 'デモ物流株式会社',
    region: 'Japan',
    equitySharePercent: 80,
    sections: [{ name: WHOLE_COMPANY_SECTION, children: [{ name: '輸送部' }, { name: '倉庫部' }] }, { name: UNSPECIFIED_SECTION }],
  },
  {
    name: 'Demo Manufacturing USA Inc.',
    region: 'US',
    equitySharePercent: 60,
    sections: [{ name: WHOLE_COMPANY_SECTION, children: [{ name: 'Ohio Plant' }] }, { name: UNSPECIFIED_SECTION }],
  },
];

/**
 * On an empty store, writes a demo corporate group through the same deciders real commands use:
 * three companies with section trees, four users (group admin, editor scoped to 製造本部, viewer, and an editor of the second company),
 * a fiscal-year setting and two currency rates. Returns false when the store already had events.
 */
export async function seedDemoTenantIfEmpty(eventStore: EventStore, password: string, now = new Date()): Promise<boolean> {
  if ((await eventStore.headPosition()) !== null) return false;
  // A fixed tenant id: when two processes seed at once, the second one's CreateTenant is refused.
  const tenantId = DEMO_TENANT_ID;
  const meta = (companyId: string | null): EventMetadata => ({
    actorUserId: null,
    companyId,
    tenantId,
    correlationId: `seed-${tenantId}`,
    causationId: null,
    occurredAt: now.toISOString(),
  });
  try {
    await executeCommand(eventStore, tenantStreamId(tenantId), tenantDecider, { type: 'CreateTenant', tenantId, name: 'デモ・ホールディングス' }, meta(null));
  } catch (error) {
    if (error instanceof HttpError && error.code === 'tenant_exists') return false;
    throw error;
  }

  const companyIds: string[] = [];
  let manufacturingSectionId: string | null = null;
  for (const company of demoCompanies) {
    const companyId = randomUUID();
    companyIds.push(companyId);
    await executeCommand(eventStore, companyStreamId(companyId), companyDecider, { type: 'RegisterCompany', companyId, tenantId, name: company.name, region: company.region, equitySharePercent: company.equitySharePercent, controlApproach: 'operational' }, meta(companyId));
    await executeCommand(eventStore, tenantStreamId(tenantId), tenantDecider, { type: 'AddCompanyToTenant', tenantId, companyId }, meta(companyId));
    const createTree = async (sections: SectionSeed[], parentSectionId: string | null): Promise<void> => {
      for (const section of sections) {
        const sectionId = randomUUID();
        if (section.name === '製造本部') manufacturingSectionId = sectionId;
        await executeCommand(eventStore, companySectionsStreamId(companyId), companySectionsDecider, { type: 'SaveCompanySection', newId: sectionId, companyId, name: section.name, parentSectionId }, meta(companyId));
        await createTree(section.children ?? [], sectionId);
      }
    };
    await createTree(company.sections, null);
  }

  const [first] = companyIds as [string];
  await executeCommand(eventStore, fiscalYearStreamId(first), fiscalYearDecider, { type: 'SetFiscalYearStartMonth', companyId: first, fiscalYearId: fiscalYearIdOf(first), startMonth: 4 }, meta(first));
  for (const [currencyUnit, rate] of [['USD', 151.41], ['EUR', 163.24]] as const) {
    await executeCommand(eventStore, currencyRatesStreamId(first), currencyRatesDecider, { type: 'SaveCurrencyRate', companyId: first, newId: randomUUID(), fiscalYear: 2025, currencyUnit, rate }, meta(first));
  }

  const passwordHash = await hashPassword(password);
  const [, second] = companyIds as [string, string];
  const users: { email: string; name: string; role: Role; companyIds: string[]; sectionId: string | null; allCompanies?: boolean }[] = [
    { email: DEMO_USERS[0], name: 'デモ管理者', role: 'admin', companyIds, sectionId: null, allCompanies: true },
    { email: DEMO_USERS[1], name: 'デモ担当者', role: 'editor', companyIds: [first], sectionId: manufacturingSectionId },
    { email: DEMO_USERS[2], name: 'デモ閲覧者', role: 'viewer', companyIds: [first], sectionId: null },
    { email: DEMO_LOGISTICS_USER, name: '物流担当者', role: 'editor', companyIds: [second], sectionId: null },
  ];
  for (const user of users) {
    const userId = randomUUID();
    // Claim the address first: its stream must not exist yet, which keeps emails unique.
    await eventStore.appendToStream(userEmailStreamId(user.email), [toNewEvent({ type: 'UserEmailClaimed', data: { email: user.email, userId } }, meta(null))], { expectedVersion: 'no_stream' });
    await executeCommand(eventStore, userStreamId(userId), userDecider, { type: 'RegisterUser', userId, tenantId, language: 'ja', passwordHash, ...user }, meta(null));
  }
  return true;
}
