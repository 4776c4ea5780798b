import { randomUUID } from 'node:crypto';
import type { EventStore, Role } from '@ghg/events';
import {
  currencyRateStreamId,
  DEFAULT_START_MONTH,
  fiscalYearDecider,
  fiscalYearIdOf,
  fiscalYearStreamId,
  tenantStreamId,
  UNSPECIFIED_SECTION,
  WHOLE_COMPANY_SECTION,
} from '@ghg/domain';
import { seedDemoImportRules } from './seedDemoImportRules';
import { currencyRateKind, executeCommand, executeEntityCommand, hashPassword, Refusal } from '@ghg/command-api';
import { addCompany, createTenant, registerUser, setupMetadata, type CompanySeed } from './tenantSetup';
import { LOGISTICS_ACTIVITY, MANUFACTURING_ACTIVITY, seedDemoActivity, US_PLANT_ACTIVITY, type DemoActivityProfile } from './seedDemoActivity';

export const DEMO_TENANT_ID = 'demo';
export const DEMO_USERS = ['admin@demo.example', 'editor@demo.example', 'viewer@demo.example'] as const;
/** An editor of the second company, so a demo shows what one company cannot see of another. */
export const DEMO_LOGISTICS_USER = 'logistics@demo.example';

const demoCompanies: (CompanySeed & { activity: DemoActivityProfile })[] = [
  {
    name: 'デモ製造株式会社',
    region: 'Japan',
    equitySharePercent: 100,
    activity: MANUFACTURING_ACTIVITY,
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
    activity: LOGISTICS_ACTIVITY,
    sections: [{ name: WHOLE_COMPANY_SECTION, children: [{ name: '輸送部' }, { name: '倉庫部' }] }, { name: UNSPECIFIED_SECTION }],
  },
  {
    name: 'Demo Manufacturing USA Inc.',
    region: 'US',
    equitySharePercent: 60,
    activity: US_PLANT_ACTIVITY,
    sections: [{ name: WHOLE_COMPANY_SECTION, children: [{ name: 'Ohio Plant' }] }, { name: UNSPECIFIED_SECTION }],
  },
];

/**
 * On an empty store, writes a demo corporate group through the same deciders real commands use:
 * three companies with section trees, four users (group admin, editor scoped to 製造本部, viewer, and an editor of the second company),
 * a fiscal-year setting, two currency rates, and three fiscal years of activity lines per company
 * (seedDemoActivity.ts). Returns false when the store already had events.
 */
export async function seedDemoTenantIfEmpty(eventStore: EventStore, password: string, now = new Date()): Promise<boolean> {
  if ((await eventStore.headPosition()) !== null) return false;
  // A fixed tenant id: when two processes seed at once, the second one's CreateTenant is refused.
  const tenantId = DEMO_TENANT_ID;
  const meta = setupMetadata(tenantId, `seed-${tenantId}`, now);
  try {
    await createTenant(eventStore, { tenantId, name: 'デモ・ホールディングス' }, meta);
  } catch (error) {
    if (error instanceof Refusal && error.code === 'tenant_exists') return false;
    throw error;
  }

  const companyIds: string[] = [];
  const companySections: ReadonlyMap<string, string>[] = [];
  let manufacturingSectionId: string | null = null;
  for (const { activity: _activity, ...company } of demoCompanies) {
    const { companyId, sectionIds } = await addCompany(eventStore, tenantId, company, meta);
    companyIds.push(companyId);
    companySections.push(sectionIds);
    manufacturingSectionId ??= sectionIds.get('製造本部') ?? null;
  }

  const [first] = companyIds as [string];
  await executeCommand(eventStore, fiscalYearStreamId(first), fiscalYearDecider, { type: 'SetFiscalYearStartMonth', companyId: first, fiscalYearId: fiscalYearIdOf(first), startMonth: 4 }, meta(first));
  for (const [currencyUnit, rate] of [['USD', 151.41], ['EUR', 163.24]] as const) {
    const rateId = randomUUID();
    await executeEntityCommand({ eventStore }, currencyRateStreamId(first, rateId), currencyRateKind(first), { type: 'SaveCurrencyRate', companyId: first, newId: rateId, fiscalYear: 2025, currencyUnit, rate }, meta(first));
  }

  const passwordHash = await hashPassword(password);
  const [, second] = companyIds as [string, string];
  const users: { email: string; name: string; role: Role; companyIds: string[]; sectionId: string | null; allCompanies?: boolean }[] = [
    { email: DEMO_USERS[0], name: 'デモ管理者', role: 'admin', companyIds, sectionId: null, allCompanies: true },
    { email: DEMO_USERS[1], name: 'デモ担当者', role: 'editor', companyIds: [first], sectionId: manufacturingSectionId },
    { email: DEMO_USERS[2], name: 'デモ閲覧者', role: 'viewer', companyIds: [first], sectionId: null },
    { email: DEMO_LOGISTICS_USER, name: '物流担当者', role: 'editor', companyIds: [second], sectionId: null },
  ];
  for (const user of users) await registerUser(eventStore, tenantId, { ...user, passwordHash }, meta);

  // The first company's year starts in April (set above); the others keep the default start.
  for (const [i, company] of demoCompanies.entries()) {
    await seedDemoActivity(eventStore, { companyId: companyIds[i]!, sectionIds: companySections[i]!, startMonth: i === 0 ? 4 : DEFAULT_START_MONTH, profile: company.activity }, meta, now);
  }
  // Rules that classify the sample files of docs/samples for the first company.
  await seedDemoImportRules(eventStore, first, companySections[0]!, meta(first));
  return true;
}

/** Whether the store holds the demo tenant (then the start banner names its users). */
export async function hasDemoTenant(eventStore: EventStore): Promise<boolean> {
  return (await eventStore.readStream(tenantStreamId(DEMO_TENANT_ID), { maxCount: 1 })).length > 0;
}
