import type { EventType } from './index';

/**
 * The audit log's decisions every layer shares. Each event type is either audited — the projector
 * describes it (projector/src/audit/auditDescriptors.ts) and the audit screen names it
 * (web/src/features/audit/describe.ts), both typed by `AuditedEventType` — or listed here with the
 * reason it is left out. A new event type is a type error in both places until it is one or the other.
 */
export const notAuditedEventTypes = {
  ClaimRegistered:
    'claim-register bookkeeping (one value per fiscal year and currency, unique names, serial ranges): the entity event that takes the value is audited',
  ClaimReleased: 'claim-register bookkeeping: the entity event that gave the value up is audited',
} as const satisfies Partial<Record<EventType, string>>;

export type NotAuditedEventType = keyof typeof notAuditedEventTypes;
export type AuditedEventType = Exclude<EventType, NotAuditedEventType>;

/** The areas audit entries are filed under (the screen filters by them). */
export const auditTopics = [
  'organization/tenant',
  'organization/companies',
  'organization/companySections',
  'account/user',
  'organization/apiTokens',
  'settings/fiscalYear',
  'settings/currency',
  'settings/reductionGoal',
  'settings/offset',
  'settings/nonFossilCertificate',
  'settings/groupFlag',
  'settings/intensity',
  'settings/managementIntensity',
  'settings/scopeSetting',
  'calculation/basis',
  'calculation/companyFactorSets',
  'calculation/companyFactor',
  'activity/lines',
  'import/rules',
  'import/history',
  'reports',
] as const;
export type AuditTopic = (typeof auditTopics)[number];
