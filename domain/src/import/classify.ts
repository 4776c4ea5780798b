import { ruleMatchFields } from '@ghg/events';
import type { LinkedRecord } from './linkedRecord';

/**
 * Classification rules: which rule (and so which scope setting) an imported record falls under,
 * decided by the record's text values. Values compare NFKC-normalised, trimmed and
 * case-insensitively, so 'ａｂｃ', 'ABC ' and 'abc' are one value.
 */

/** The fields a rule may match on: the event contract's list, the one source of it. */
export const RULE_MATCH_FIELDS = ruleMatchFields;
export type RuleMatchField = (typeof RULE_MATCH_FIELDS)[number];

export interface RuleCondition {
  field: RuleMatchField;
  value: string;
}

export interface MatchableRule {
  id: string;
  name: string;
  /** Lower wins. */
  priority: number;
  conditions: readonly RuleCondition[];
}

const matchKey = (v: string) => v.normalize('NFKC').trim().toLowerCase();

/** A NaN priority sorts last instead of breaking the order. */
const priorityOf = (r: MatchableRule) => (Number.isNaN(r.priority) ? Infinity : r.priority);

/** Strictly before: lower priority number, then name, then id (code-unit order, the same in every locale). */
function before(a: MatchableRule, b: MatchableRule): boolean {
  const pa = priorityOf(a);
  const pb = priorityOf(b);
  if (pa !== pb) return pa < pb;
  if (a.name !== b.name) return a.name < b.name;
  return a.id < b.id;
}

function matches(record: LinkedRecord, conditions: readonly RuleCondition[]): boolean {
  if (conditions.length === 0) return false;
  for (const c of conditions) {
    const v = record.text[c.field];
    const key = matchKey(c.value);
    if (v === undefined || key === '' || matchKey(v) !== key) return false;
  }
  return true;
}

/** A rule that can match: it has conditions, none of them blank (a blank value is no value). */
const canMatch = (r: MatchableRule) => r.conditions.length > 0 && r.conditions.every((c) => matchKey(c.value) !== '');

/**
 * The rule a record falls under: every condition equal to the record's value; among several, the
 * lowest priority number, then name, then id (the first in the list when all three tie). Null
 * when none. A rule with no conditions matches nothing (it would swallow every record), nor does
 * one with a blank condition value.
 */
export function classify<R extends MatchableRule>(record: LinkedRecord, rules: readonly R[]): R | null {
  let best: R | null = null;
  for (const r of rules) if ((best === null || before(r, best)) && matches(record, r.conditions)) best = r;
  return best;
}

interface Compiled<R> {
  rule: R;
  /** Rank in the classify order: the lowest matching rank wins. */
  rank: number;
  conditions: readonly { field: RuleMatchField; key: string }[];
}

/**
 * classify compiled once for many records (an import of 100,000 rows): the rules are ranked once
 * and indexed by their first condition's field and value, so a record is checked only against the
 * rules whose first condition it meets. Same answer as classify.
 */
export function ruleMatcher<R extends MatchableRule>(rules: readonly R[]): (record: LinkedRecord) => R | null {
  const ranked = rules
    .map((rule, i) => ({ rule, i }))
    .filter(({ rule }) => canMatch(rule))
    .sort((a, b) => (before(a.rule, b.rule) ? -1 : before(b.rule, a.rule) ? 1 : a.i - b.i));
  const index = new Map<RuleMatchField, Map<string, Compiled<R>[]>>();
  ranked.forEach(({ rule }, rank) => {
    const conditions = rule.conditions.map((c) => ({ field: c.field, key: matchKey(c.value) }));
    const first = conditions[0]!;
    let byValue = index.get(first.field);
    if (!byValue) index.set(first.field, (byValue = new Map()));
    let list = byValue.get(first.key);
    if (!list) byValue.set(first.key, (list = []));
    list.push({ rule, rank, conditions }); // in rank order: the first full match of a list is its best
  });
  const fields = [...index.keys()];

  return (record) => {
    const keys = new Map<RuleMatchField, string>();
    const keyOf = (field: RuleMatchField): string | undefined => {
      if (!keys.has(field)) {
        const v = record.text[field];
        if (v === undefined) return undefined;
        keys.set(field, matchKey(v));
      }
      return keys.get(field);
    };
    let best: Compiled<R> | null = null;
    for (const field of fields) {
      const key = keyOf(field);
      const list = key === undefined ? undefined : index.get(field)!.get(key);
      if (!list) continue;
      for (const c of list) {
        if (best !== null && c.rank >= best.rank) break;
        if (c.conditions.every((cond) => keyOf(cond.field) === cond.key)) {
          best = c;
          break;
        }
      }
    }
    return best?.rule ?? null;
  };
}

/** Fields a suggested rule is built from, most specific first. */
const SUGGESTION_FIELDS = ['accountCode', 'ideaCode', 'productCode', 'energyType', 'transportMethod', 'expensesType', 'supplierCode'] as const;

/**
 * A suggested rule for an unmatched record: one condition on the most specific of accountCode,
 * ideaCode, productCode, energyType, transportMethod, expensesType and supplierCode (in that
 * order) that the record has. Empty when it has none of them.
 */
export function suggestedConditions(record: LinkedRecord): RuleCondition[] {
  for (const field of SUGGESTION_FIELDS) {
    const value = record.text[field];
    if (value !== undefined && value.trim() !== '') return [{ field, value }];
  }
  return [];
}
