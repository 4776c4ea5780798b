import type { JsonValue } from '@ghg/events';
import { FORMULA_BY_ID } from '../calculation/formulas/catalogue';
import type { Deal, LineScopeSetting } from '../activity/activityLines';
import type { ImportRuleData } from './importRules';
import type { LinkedRecord } from './linkedRecord';

/**
 * How a classified linked record becomes an activity line. The deal is the record's transaction;
 * the rule's target is the template of a scope setting made once per (rule, section), and each
 * record's own line detail carries the source system, and the transport weight and distance where
 * the formula takes them: the spec's "each scope setting is duplicated per record with source
 * system, item and client written into its detail" (item and client travel in the deal, which the
 * formula's item and client fields are filled from). The ids (a hash of the source key, of the
 * rule and section) are made at the edge: command-api/src/import/ids.ts.
 */

/** The source system written into a line's detail (the formula's SYSTEM field), per source type. */
export const SOURCE_SYSTEM_NAMES: Readonly<Record<string, string>> = {
  standard: '標準フォーマット',
  warehouse: '倉庫システム',
  exportImport: '輸出入システム',
  legacyLogistics: '旧物流システム',
};

export type RecordRule = Pick<ImportRuleData, 'ruleId' | 'scopeCategory' | 'formulaId' | 'detail' | 'countFrom'>;

/** The scope setting of `rule`'s records in section `sectionId` (null for an exclusion rule). */
export function importedSetting(settingId: string, rule: RecordRule, sectionId: string): LineScopeSetting | null {
  if (rule.scopeCategory === null || rule.formulaId === null) return null;
  return { id: settingId, scopeCategory: rule.scopeCategory, formulaId: rule.formulaId, section: sectionId, detail: rule.detail };
}

/** The record's quantity the rule counts, with its unit. */
function countOf(record: LinkedRecord, rule: RecordRule): { count: number | null; countUnit: string | null } {
  switch (rule.countFrom) {
    case 'volume':
      return { count: record.volume, countUnit: record.volume === null ? null : record.volumeUnit };
    case 'weight':
      return { count: record.weightKg, countUnit: record.weightKg === null ? null : 'kg' };
    case 'distance':
      return { count: record.distanceKm, countUnit: record.distanceKm === null ? null : 'km' };
    case 'none':
      return { count: null, countUnit: null };
  }
}

/** The deal of a record: its date, counted quantity, amount (yen amounts without a currency), item and client. */
export function importedDeal(dealId: string, record: LinkedRecord, rule: RecordRule): Deal {
  const { count, countUnit } = countOf(record, rule);
  return {
    id: dealId,
    count,
    countUnit,
    amount: record.amount,
    currency: record.amount === null || record.currency === null || record.currency === 'JPY' ? null : record.currency,
    occurrenceDate: record.transactionDate,
    item: record.text.productName ?? record.text.contents ?? null,
    client: record.text.supplierName ?? null,
  };
}

/** The line's own detail: the fields of the formula the record fills beyond the deal (source system; transport weight in t and distance in km). */
export function importedLineDetail(sourceType: string, record: LinkedRecord, rule: RecordRule): Record<string, JsonValue> {
  const formula = rule.formulaId === null ? undefined : FORMULA_BY_ID.get(rule.formulaId);
  if (!formula) return {};
  const has = (key: string) => formula.fields.some((f) => f.key === key);
  const detail: Record<string, JsonValue> = {};
  if (has('system')) detail.system = SOURCE_SYSTEM_NAMES[sourceType] ?? sourceType;
  // The counted quantity travels in the deal; the others fill their own fields.
  if (has('weight') && record.weightKg !== null && rule.countFrom !== 'weight') detail.weight = record.weightKg / 1000;
  if (has('distance') && record.distanceKm !== null && rule.countFrom !== 'distance') detail.distance = record.distanceKm;
  return detail;
}

/** The record as stored in the line's origin: its fields by name (text, numbers, null). */
export function originRecord(record: LinkedRecord): Record<string, string | number | null> {
  return {
    transactionDate: record.transactionDate,
    amount: record.amount,
    currency: record.currency,
    volume: record.volume,
    volumeUnit: record.volumeUnit,
    weightKg: record.weightKg,
    distanceKm: record.distanceKm,
    ...record.text,
  };
}

/** A record back from a line's origin (re-applying rules to a past import). */
export function recordOfOrigin(row: number, sourceKey: string, stored: Readonly<Record<string, string | number | null>>): LinkedRecord {
  const num = (k: string) => (typeof stored[k] === 'number' ? (stored[k] as number) : null);
  const str = (k: string) => (typeof stored[k] === 'string' ? (stored[k] as string) : null);
  const text: Record<string, string> = {};
  const known = new Set(['transactionDate', 'amount', 'currency', 'volume', 'volumeUnit', 'weightKg', 'distanceKm']);
  for (const [k, v] of Object.entries(stored)) if (!known.has(k) && typeof v === 'string') text[k] = v;
  return {
    row,
    sourceKey,
    transactionDate: str('transactionDate') ?? '',
    amount: num('amount'),
    currency: str('currency'),
    volume: num('volume'),
    volumeUnit: str('volumeUnit'),
    weightKg: num('weightKg'),
    distanceKm: num('distanceKm'),
    text: text as LinkedRecord['text'],
  };
}
