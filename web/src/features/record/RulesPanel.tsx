import { useState } from 'react';
import { Callout, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useCan } from '../../core/auth/permissions';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { categoryName } from '../../core/router/categories';
import { ConfirmDelete, useConfirmedDelete } from '../../core/ui/ConfirmDelete';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { filterRows } from '../../core/ui/filtering';
import { sortRows } from '../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, RowActions, useSort } from '../../core/ui/TableParts';
import { showToast } from '../../core/ui/toaster';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFormulas } from '../settings/scopeSetting/api';
import { labelOf } from '../settings/scopeSetting/form';
import { useImportRules, useRemoveRule, type ImportRule } from './api';
import { useConditionsText } from './ImportOutcomeView';
import { actionName, countFromName, ruleCodes } from './names';
import { RuleDialog, type RuleDialogMode } from './RuleDialog';

type Column = 'priority' | 'name' | 'conditions' | 'action' | 'target' | 'section' | 'countFrom';

/** The company's import rules in the order they are tried (lower priority first), each changed or removed in place. */
export function RulesPanel() {
  const t = useT();
  const { locale } = useI18n();
  const { companyId, sections } = useWorkspace();
  const rules = useImportRules(companyId);
  const formulas = useFormulas();
  const canWrite = useCan('activity.write');
  const remove = useRemoveRule();
  const errorText = useErrorText(ruleCodes);
  const conditionsText = useConditionsText();
  const [mode, setMode] = useState<RuleDialogMode | null>(null);
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'priority', direction: 'asc' });

  const formulaName = (id: string | null) => {
    if (!id) return '';
    const f = formulas.data?.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  const sectionName = (id: string | null) => (id ? (sections.find((s) => s.id === id)?.displayName ?? id) : '');
  const all = (rules.data ?? []).map((rule) => ({
    rule,
    priority: rule.priority,
    name: rule.name,
    conditions: conditionsText(rule.conditions),
    action: t(actionName[rule.action]),
    target: rule.scopeCategory ? `${t(categoryName[rule.scopeCategory])} / ${formulaName(rule.formulaId)}` : '',
    section: sectionName(rule.sectionId),
    countFrom: rule.action === 'record' ? t(countFromName[rule.countFrom]) : '',
  }));
  const matched = filterRows(all, query, (r) => [r.name, r.conditions, r.action, r.target, r.section]);
  // Ties keep the server's order (by priority, then name).
  const rows = sortRows(matched, sort, (r, k) => r[k]);

  const deletion = useConfirmedDelete((rule: ImportRule) => remove.mutateAsync(rule), (rule) => t('import.rule.deleted', { name: rule.name }), errorText);

  return (
    <>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('import.rules.intro')}
      </Callout>
      <div className="ghg-table-toolbar">
        <div className="ghg-toolbar-start">
          <FilterBox value={query} onChange={setQuery} placeholder={t('import.rules.filter')} testId="rule-filter" />
        </div>
        <AddButton canWrite={canWrite} onClick={() => setMode({ kind: 'add' })} label={t('import.rule.add')} testId="rule-add" />
      </div>
      <QueryState query={{ ...rules, data: rules.data ? rows : undefined }} empty={<NonIdealState icon="filter-list" title={t(all.length === 0 ? 'import.rules.empty' : 'import.rules.noMatch')} description={all.length === 0 ? t('import.rules.emptyHint') : undefined} />}>
        <div className="ghg-table-scroll">
          <HTMLTable className="ghg-table" striped compact data-testid="rule-table">
            <thead>
              <tr>
                {header('priority', t('import.rule.priority'), 'right')}
                {header('name', t('import.rule.name'))}
                {header('conditions', t('import.rule.conditions'))}
                {header('action', t('import.rule.action'))}
                {header('target', t('import.rules.target'))}
                {header('section', t('import.rule.section'))}
                {header('countFrom', t('import.rule.countFrom'))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.rule.ruleId} data-testid="rule-row" data-id={r.rule.ruleId} data-name={r.rule.name}>
                  <td className="ghg-num">{r.priority}</td>
                  <td>{r.name}</td>
                  <td className="ghg-small">{r.conditions}</td>
                  <td>
                    <Tag minimal intent={r.rule.action === 'exclude' ? Intent.WARNING : Intent.PRIMARY}>
                      {r.action}
                    </Tag>
                  </td>
                  <td data-testid="rule-target">{r.target}</td>
                  <td>{r.section || <span className="ghg-muted">—</span>}</td>
                  <td>{r.countFrom}</td>
                  <RowActions
                    canWrite={canWrite}
                    editLabel={t('import.rule.editRow', { name: r.name })}
                    deleteLabel={t('import.rule.deleteRow', { name: r.name })}
                    onEdit={() => setMode({ kind: 'edit', rule: r.rule })}
                    onDelete={() => deletion.ask(r.rule)}
                    testId="rule"
                  />
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </QueryState>
      <RuleDialog
        mode={mode}
        onClose={() => setMode(null)}
        onSaved={(rule, done) => {
          setMode(null);
          showToast({ message: t(done.kind === 'edit' ? 'import.rule.changed' : 'import.rule.saved', { name: rule.name }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('import.rule.deleteHint')}>
        {deletion.target && t('import.rule.confirmDelete', { name: deletion.target.name })}
      </ConfirmDelete>
    </>
  );
}
