import { createHash } from 'node:crypto';

/** A UUID-shaped id from a hash, so the same source key (or rule and section) always names the same stream. */
function hashedId(parts: readonly string[]): string {
  const h = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  // RFC 4122 layout: name-based (version 5 position), variant 10.
  const variant = ((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** The deal id of a source record: re-importing the same record updates its line instead of adding one. */
export const importedDealId = (companyId: string, sourceType: string, sourceKey: string) => hashedId(['deal', companyId, sourceType, sourceKey]);

/** The scope setting a rule's records of one section are recorded with. */
export const importedSettingId = (companyId: string, ruleId: string, sectionId: string) => hashedId(['setting', companyId, ruleId, sectionId]);

/** The import an idempotency key names: a retried upload with the same key is the same import. */
export const importIdOfKey = (companyId: string, userId: string, key: string) => hashedId(['import', companyId, userId, key]);
