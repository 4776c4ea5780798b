import { useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Callout, Card, HTMLTable, NonIdealState, Tab, TabPanel, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useLastUpdated, useScopeSettings, type ScopeCategory, type ScopeSetting } from './api';
import { useScopeSettingActions } from './actions';
import { CategorySelect } from './ScopeSettingDialog';
import { categoriesOf, groupOf, SCOPE_GROUPS, summaryOf, type ScopeGroup } from './form';

type Column = 'category' | 'formula' | 'section' | 'detail' | 'updatedAt';

const isGroup = (value: string | null): value is ScopeGroup => (SCOPE_GROUPS as readonly (string | null)[]).includes(value);

/** Scope settings by category (scope 3's fifteen together), each with its last-updated date; the tab is in the URL. */
export default function ScopeSettingPage() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const { companyId, company } = useWorkspace();
  const settings = useScopeSettings(companyId);
  const actions = useScopeSettingActions();
  const [params, setParams] = useSearchParams();
  const scope = params.get('scope');
  const group: ScopeGroup = isGroup(scope) ? scope : '1';
  const [category, setCategory] = useState<ScopeCategory | ''>('');
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'updatedAt', direction: 'desc' });
  const categories = categoriesOf(group);
  const lastUpdated = useLastUpdated(companyId, category ? [category] : categories);

  const formatNumber = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 6 });
  const formatWhen = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const fieldsOf = (formulaId: string) => actions.formulas.data?.find((f) => f.id === formulaId)?.fields ?? [];

  const shown = (settings.data ?? [])
    .filter((s) => groupOf(s.scopeCategory) === group && (!category || s.scopeCategory === category))
    .map((s) => ({
      setting: s,
      category: t(categoryName[s.scopeCategory]),
      formula: actions.formulaName(s.formulaId),
      section: s.sectionDisplayName ?? s.sectionName ?? '',
      detail: summaryOf(fieldsOf(s.formulaId), s.detail, locale, formatNumber).join(' / '),
      updatedAt: s.updatedAt,
    }));
  const matched = filterRows(shown, query, (r) => [r.category, r.formula, r.section, r.detail]);
  const rows = sortRows(matched, sort, (r, k) => (k === 'category' ? categories.indexOf(r.setting.scopeCategory) : r[k]));

  const countOf = (g: ScopeGroup) => (settings.data ?? []).filter((s) => groupOf(s.scopeCategory) === g).length;
  const addTo: ScopeCategory = category || categories[0]!;

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={<AddButton canWrite={actions.canWrite} onClick={() => actions.open({ kind: 'add', category: addTo })} label={t('scopeSetting.add')} testId="scope-setting-add" />}
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('scopeSetting.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <Tabs
          id="scope-setting-tabs"
          selectedTabId={group}
          onChange={(id) => {
            setCategory('');
            setParams(id === '1' ? {} : { scope: String(id) }, { replace: true });
          }}
          large
        >
          {SCOPE_GROUPS.map((g) => (
            <Tab
              key={g}
              id={g}
              title={
                <>
                  {t(categoryName[g])} <Tag minimal round>{countOf(g)}</Tag>
                </>
              }
              data-testid={`scope-setting-tab-${g}`}
            />
          ))}
        </Tabs>
        {/* The table is the selected tab's panel: the tab's aria-controls names it. */}
        <TabPanel
          parentId="scope-setting-tabs"
          id={group}
          selectedTabId={group}
          className="ghg-tab-panel"
          panel={
            <>
              <div className="ghg-table-toolbar">
                <div className="ghg-toolbar-start">
                  {group === '3' && (
                    <CategorySelect categories={categories} value={category} none={t('scopeSetting.allCategories')} onChange={setCategory} />
                  )}
                  <FilterBox value={query} onChange={setQuery} placeholder={t('scopeSetting.filter')} testId="scope-setting-filter" />
                </div>
                <span className="ghg-toolbar-text ghg-muted" data-testid="scope-setting-last-updated">
                  {lastUpdated.pending ? '' : lastUpdated.latest ? t('scopeSetting.lastUpdated', { when: formatWhen(lastUpdated.latest) }) : t('scopeSetting.neverUpdated')}
                </span>
              </div>
              <QueryState
                query={{ ...settings, data: settings.data ? rows : undefined }}
                empty={<NonIdealState icon="layers" title={t('scopeSetting.empty')} description={t(actions.canWrite ? 'scopeSetting.emptyHint' : 'scopeSetting.emptyReadOnly')} />}
              >
                <div className="ghg-table-scroll">
                  <HTMLTable className="ghg-table" striped interactive data-testid="scope-setting-table">
                    <thead>
                      <tr>
                        {group === '3' && header('category', t('scopeSetting.category'))}
                        {header('formula', t('scopeSetting.formula'))}
                        {header('section', t('scopeSetting.section'))}
                        {header('detail', t('scopeSetting.detail'))}
                        {header('updatedAt', t('scopeSetting.updatedAt'))}
                        <ActionsHeader />
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r) => (
                        <SettingRow key={r.setting.id} row={r} showCategory={group === '3'} when={formatWhen(r.updatedAt)} actions={actions} />
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              </QueryState>
            </>
          }
        />
      </Card>
      {actions.elements}
    </>
  );
}

interface Row {
  setting: ScopeSetting;
  category: string;
  formula: string;
  section: string;
  detail: string;
}

function SettingRow({ row, showCategory, when, actions }: { row: Row; showCategory: boolean; when: string; actions: ReturnType<typeof useScopeSettingActions> }) {
  const t = useT();
  const s = row.setting;
  const writable = actions.canWriteRow(s);
  const readOnly = (content: ReactElement, allowed = writable) => (
    <Tooltip content={t('settings.readOnly')} disabled={allowed}>
      {content}
    </Tooltip>
  );
  return (
    <tr data-testid="scope-setting-row" data-id={s.id}>
      {showCategory && <td>{row.category}</td>}
      <td>
        <Link to={`/emission/setting/scope/detail?id=${encodeURIComponent(s.id)}`} data-testid="scope-setting-open">
          <strong>{row.formula}</strong>
        </Link>
      </td>
      <td>{row.section || <span className="ghg-muted">{t('scopeSetting.sectionGone')}</span>}</td>
      <td data-testid="scope-setting-detail">{row.detail || <span className="ghg-muted">{t('scopeSetting.allFromLine')}</span>}</td>
      <td className="ghg-nowrap" data-testid="scope-setting-updated">
        {when}
      </td>
      <td className="ghg-actions-col ghg-nowrap">
        {readOnly(
          <Button variant="minimal" size="small" icon="edit" disabled={!writable} aria-label={t('scopeSetting.editRow', { name: row.formula })} onClick={() => actions.open({ kind: 'edit', setting: s })} data-testid="scope-setting-edit" />,
        )}
        {readOnly(
          <Button variant="minimal" size="small" icon="duplicate" disabled={!actions.canWrite} aria-label={t('scopeSetting.copyRow', { name: row.formula })} onClick={() => actions.open({ kind: 'copy', setting: s })} data-testid="scope-setting-copy" />,
          actions.canWrite,
        )}
        {readOnly(
          <Button variant="minimal" size="small" icon="trash" intent="danger" disabled={!writable} aria-label={t('scopeSetting.deleteRow', { name: row.formula })} onClick={() => actions.askDelete(s)} data-testid="scope-setting-delete" />,
        )}
      </td>
    </tr>
  );
}
