import { defineProjection, type RecordedOf } from '../core/projection';
import { lastStatePerKey } from '../core/batchUpsert';
import { writeLastStates } from '../core/writeLastStates';
import { notifyPerCompany } from '../core/notices';
import { ImportRuleChanged, ImportRuleDefined, ImportRuleRemoved } from '@ghg/events';

type RuleEvent = RecordedOf<typeof ImportRuleDefined | typeof ImportRuleChanged | typeof ImportRuleRemoved>;

const KEY = ['company_id', 'rule_id'] as const;
/** One rule's key as text (NUL cannot occur in a bounded id). */
const keyOf = (event: RuleEvent) => `${event.data.companyId}\u0000${event.data.ruleId}`;

/** The rule's row as its event carries it (null: removed). */
const rowOf = (event: RuleEvent): Record<string, unknown> | null => {
  if (event.type === ImportRuleRemoved.type) return null;
  const d = event.data;
  return {
    company_id: d.companyId,
    rule_id: d.ruleId,
    name: d.name,
    priority: d.priority,
    conditions: d.conditions,
    action: d.action,
    scope_category: d.scopeCategory,
    formula_id: d.formulaId,
    detail: d.detail,
    section_id: d.sectionId,
    count_from: d.countFrom,
    version: event.streamPosition,
    updated_at: event.metadata.occurredAt,
  };
};

/**
 * A company's import rules (stream `importRule-<companyId>-<ruleId>`): each rule as its last
 * event left it, removed ones gone. Read by the import itself (command-api loads the rules from
 * here) and by the rules screen, in the order they are tried (priority, name, id).
 */
export const importRulesProjection = defineProjection({
  name: 'import/rules',
  tables: ['import_rules'],
  handles: [ImportRuleDefined, ImportRuleChanged, ImportRuleRemoved],
  async applyBatch(events, ctx) {
    await writeLastStates(ctx, ctx.table('import_rules'), KEY, lastStatePerKey(events, keyOf, rowOf), (k) => k.split('\u0000'));
    notifyPerCompany(ctx, 'import/rules', events, (e) => e.data.ruleId);
  },
});
