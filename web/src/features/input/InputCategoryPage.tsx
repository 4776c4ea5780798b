import { Fragment, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState, SegmentedControl, Tooltip } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useUser } from '../../core/auth/SessionProvider';
import { useCan } from '../../core/auth/permissions';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../core/ui/ConfirmDelete';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { filterRows } from '../../core/ui/filtering';
import { PageHeader } from '../../core/ui/PageHeader';
import { sortRows } from '../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, useSort } from '../../core/ui/TableParts';
import { showToast } from '../../core/ui/toaster';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFormulas } from '../settings/scopeSetting/api';
import { labelOf, summaryOf } from '../settings/scopeSetting/form';
import { lineCodes, useDeleteLine, useLines, type LedgerLine, type Scope2Basis } from './api';
import { INPUT_CATEGORIES } from './categories';
import { LineDialog, valuesText, type LineDialogMode } from './LineDialog';
import { PasteDialog } from './PasteDialog';

type Column = 'occurrenceDate' | 'section' | 'setting' | 'quantity' | 'factor' | 'co2eKg';

/** Lines a page shows at once (a year may hold thousands). */
export const PAGE_SIZE = 100;

const SAVED = { add: 'activityInput.added', edit: 'activityInput.updated', copy: 'activityInput.copied' } as const;

const factorText = (line: LedgerLine) => line.factors.map((f) => `${f.setId}:${f.key}@${f.version}`).join(', ');

/** The lines of one category for the selected fiscal year and section: sortable, filterable, a page at a time, with the total. */
export default function InputCategoryPage() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const user = useUser();
  const { pathname } = useLocation();
  const { companyId, company, fiscalYear, companySectionId, companySection, sections } = useWorkspace();
  const category = INPUT_CATEGORIES.find((c) => pathname.endsWith(`/${c}`)) ?? '1';
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const lines = useLines({ companyId, fiscalYear, category, basis, sectionId: companySectionId });
  const formulas = useFormulas();
  const canWrite = useCan('activity.write');
  const remove = useDeleteLine();
  const errorText = useErrorText(lineCodes);
  const [mode, setMode] = useState<LineDialogMode | null>(null);
  const [pasting, setPasting] = useState(false);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { sort, header } = useSort<Column>({ key: 'occurrenceDate', direction: 'asc' });

  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const formulaName = (id: string) => {
    const f = formulas.data?.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  /** The fields the line itself gave (weight, distance, travellers…), as "label: value". */
  const ownFields = (line: LedgerLine) => {
    const f = formulas.data?.find((x) => x.id === line.formulaId);
    return f ? summaryOf(f.fields, line.scopeSettingDetail, locale, kg, f.fields.length) : [];
  };
  // A section editor changes only the lines of their sections (the server checks the same).
  const canWriteLine = (line: LedgerLine) => canWrite && (!user.sectionId || sections.some((s) => s.id === line.section));

  const all = (lines.data?.lines ?? []).map((line) => ({
    line,
    occurrenceDate: line.occurrenceDate,
    section: line.sectionName ?? line.section,
    setting: formulaName(line.formulaId),
    item: line.deal.item ?? line.deal.client ?? '',
    quantity: line.quantity,
    factor: factorText(line),
    own: ownFields(line),
    co2eKg: line.co2eKg,
  }));
  const matched = filterRows(all, query, (r) => [r.occurrenceDate, r.section, r.setting, r.item, r.factor, r.line.unit]);
  const rows = sortRows(matched, sort, (r, k) => r[k]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const total = all.reduce((sum, r) => sum + r.co2eKg, 0);
  const matchedTotal = matched.reduce((sum, r) => sum + r.co2eKg, 0);

  const deletion = useConfirmedDelete((line: LedgerLine) => remove.mutateAsync(line), (line) => t('activityInput.deleted', { date: line.occurrenceDate }), errorText);
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const subtitle = [company?.name, t('fiscalYear.name', { year: String(fiscalYear) }), companySection?.displayName ?? t('activityInput.allSections')].filter(Boolean).join(' / ');

  return (
    <>
      <PageHeader
        subtitle={subtitle}
        actions={
          <>
            <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
              <Button icon="clipboard" disabled={!canWrite} onClick={() => setPasting(true)} data-testid="line-paste">
                {t('activityInput.paste')}
              </Button>
            </Tooltip>
            <AddButton canWrite={canWrite} onClick={() => setMode({ kind: 'add' })} label={t('activityInput.add')} testId="line-add" />
          </>
        }
      />
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <div className="ghg-toolbar-start">
            {category === '2' && (
              <SegmentedControl
                options={[
                  { label: t('activityInput.basis.location'), value: 'location' },
                  { label: t('activityInput.basis.market'), value: 'market' },
                ]}
                value={basis}
                onValueChange={(v) => {
                  setBasis(v as Scope2Basis);
                  setPage(1);
                }}
                data-testid="line-basis"
              />
            )}
            <FilterBox
              value={query}
              onChange={(q) => {
                setQuery(q);
                setPage(1);
              }}
              placeholder={t('activityInput.filter')}
              testId="line-filter"
            />
          </div>
          <span className="ghg-toolbar-text" data-testid="line-total">
            {t('activityInput.total', { value: kg(total), n: all.length })}
            {query && matched.length !== all.length && <span className="ghg-muted"> {t('activityInput.matchedTotal', { value: kg(matchedTotal), n: matched.length })}</span>}
          </span>
        </div>
        {category === '2' && (lines.data?.withoutBasis ?? 0) > 0 && (
          <Callout intent={Intent.WARNING} className="ghg-top-gap" data-testid="line-without-basis">
            {t(basis === 'location' ? 'activityInput.withoutLocation' : 'activityInput.withoutMarket', { n: lines.data?.withoutBasis ?? 0 })}
          </Callout>
        )}
        <QueryState
          query={{ ...lines, data: lines.data ? rows : undefined }}
          empty={<NonIdealState icon="th-list" title={t(all.length === 0 ? 'activityInput.empty' : 'activityInput.noMatch')} description={all.length === 0 ? t(canWrite ? 'activityInput.emptyHint' : 'activityInput.emptyReadOnly') : undefined} />}
        >
          <div className="ghg-table-scroll">
            <HTMLTable className="ghg-table" striped interactive data-testid="line-table">
              <thead>
                <tr>
                  <th className="ghg-actions-col">
                    <span className="ghg-visually-hidden">{t('activityInput.expand')}</span>
                  </th>
                  {header('occurrenceDate', t('activityInput.occurrenceDate'))}
                  {header('section', t('activityInput.section'))}
                  {header('setting', t('activityInput.formula'))}
                  {header('quantity', t('activityInput.quantity'), 'right')}
                  {header('factor', t('activityInput.factor'))}
                  {header('co2eKg', t('activityInput.co2eKg'), 'right')}
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <LineRow
                    key={r.line.dealId}
                    row={r}
                    expanded={open.has(r.line.dealId)}
                    onToggle={() => toggle(r.line.dealId)}
                    kg={kg}
                    canWrite={canWrite}
                    writable={canWriteLine(r.line)}
                    onEdit={() => setMode({ kind: 'edit', line: r.line })}
                    onCopy={() => setMode({ kind: 'copy', line: r.line })}
                    onDelete={() => deletion.ask(r.line)}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={6}>
                    <strong>{t('activityInput.categoryTotal')}</strong>
                  </td>
                  <td className="ghg-num ghg-nowrap" data-testid="line-table-total">
                    <strong>{kg(total)}</strong>
                  </td>
                  <td />
                </tr>
              </tfoot>
            </HTMLTable>
          </div>
          {pages > 1 && (
            <div className="ghg-pager">
              <Button icon="chevron-left" variant="minimal" disabled={current <= 1} onClick={() => setPage(current - 1)} aria-label={t('activityInput.previous')} data-testid="line-prev" />
              <span data-testid="line-page">{t('activityInput.page', { page: current, pages })}</span>
              <Button icon="chevron-right" variant="minimal" disabled={current >= pages} onClick={() => setPage(current + 1)} aria-label={t('activityInput.next')} data-testid="line-next" />
            </div>
          )}
        </QueryState>
      </Card>
      <LineDialog
        category={category}
        mode={mode}
        onClose={() => setMode(null)}
        onSaved={(done) => {
          setMode(null);
          showToast({ message: t(SAVED[done.kind]), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <PasteDialog category={category} isOpen={pasting} onClose={() => setPasting(false)} />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending}>
        {deletion.target && t('activityInput.confirmDelete', { date: deletion.target.occurrenceDate, setting: formulaName(deletion.target.formulaId), value: kg(deletion.target.co2eKg) })}
      </ConfirmDelete>
    </>
  );
}

interface Row {
  line: LedgerLine;
  section: string;
  setting: string;
  item: string;
  factor: string;
  /** The line's own fields, "label: value". */
  own: string[];
}

interface RowProps {
  row: Row;
  expanded: boolean;
  onToggle: () => void;
  kg: (n: number) => string;
  canWrite: boolean;
  writable: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

function LineRow({ row, expanded, onToggle, kg, canWrite, writable, onEdit, onCopy, onDelete }: RowProps) {
  const t = useT();
  const intl = useIntl();
  const l = row.line;
  const readOnly = (content: ReactElement, allowed: boolean) => (
    <Tooltip content={t('settings.readOnly')} disabled={allowed}>
      {content}
    </Tooltip>
  );
  return (
    <Fragment>
      <tr data-testid="line-row" data-id={l.dealId}>
        <td className="ghg-actions-col">
          <Button variant="minimal" size="small" icon={expanded ? 'chevron-down' : 'chevron-right'} aria-expanded={expanded} aria-label={t('activityInput.expand')} onClick={onToggle} data-testid="line-expand" />
        </td>
        <td className="ghg-nowrap">{l.occurrenceDate}</td>
        <td>{row.section}</td>
        <td>
          {row.setting}
          {row.item && <div className="ghg-muted ghg-small">{row.item}</div>}
        </td>
        <td className="ghg-num ghg-nowrap" data-testid="line-quantity">
          {l.quantity === null ? <span className="ghg-muted ghg-small">{row.own.slice(0, 2).join(', ')}</span> : `${kg(l.quantity)} ${l.unit ?? ''}`}
        </td>
        <td className="ghg-small ghg-break">{row.factor}</td>
        <td className="ghg-num ghg-nowrap" data-testid="line-co2e">
          {kg(l.co2eKg)}
        </td>
        <td className="ghg-actions-col ghg-nowrap">
          {readOnly(<Button variant="minimal" size="small" icon="edit" disabled={!writable} aria-label={t('activityInput.editRow', { date: l.occurrenceDate })} onClick={onEdit} data-testid="line-edit" />, writable)}
          {readOnly(<Button variant="minimal" size="small" icon="duplicate" disabled={!canWrite} aria-label={t('activityInput.copyRow', { date: l.occurrenceDate })} onClick={onCopy} data-testid="line-copy" />, canWrite)}
          {readOnly(
            <Button variant="minimal" size="small" icon="trash" intent="danger" disabled={!writable} aria-label={t('activityInput.deleteRow', { date: l.occurrenceDate })} onClick={onDelete} data-testid="line-delete" />,
            writable,
          )}
        </td>
      </tr>
      {expanded && (
        <tr className="ghg-line-detail" data-testid="line-detail">
          <td />
          <td colSpan={7}>
            <dl className="ghg-dl">
              <dt>{t('activityInput.gases')}</dt>
              <dd data-testid="line-gases">
                {Object.entries(l.gasesKg)
                  .map(([gas, v]) => t('activityInput.gasValue', { gas, value: kg(v) }))
                  .join(' / ')}
              </dd>
              {row.own.length > 0 && (
                <>
                  <dt>{t('activityInput.ownFields')}</dt>
                  <dd data-testid="line-own-fields">{row.own.join(' / ')}</dd>
                </>
              )}
              {l.deal.count !== null && (
                <>
                  <dt>{t('activityInput.count')}</dt>
                  <dd>{`${kg(l.deal.count)} ${l.deal.countUnit ?? ''}`}</dd>
                </>
              )}
              {l.deal.amount !== null && (
                <>
                  <dt>{t('activityInput.amount')}</dt>
                  <dd>{`${kg(l.deal.amount)} ${l.deal.currency ?? ''}`}</dd>
                </>
              )}
              {l.factors.map((f) => (
                <Fragment key={f.setId + f.key + f.version}>
                  <dt>{t('activityInput.factor')}</dt>
                  <dd>{t('activityInput.factorUsed', { factor: `${f.setId}:${f.key}@${f.version}`, values: valuesText(f.values, kg) })}</dd>
                </Fragment>
              ))}
              <dt>{t('activityInput.gwpSetLabel')}</dt>
              <dd>{l.gwpSet}</dd>
              {l.basis && (
                <>
                  <dt>{t('activityInput.basisLabel')}</dt>
                  <dd>{t(l.basis === 'market' ? 'activityInput.basis.market' : 'activityInput.basis.location')}</dd>
                </>
              )}
              {l.scope2 &&
                (['location', 'market'] as const).map((b) => {
                  const figure = l.scope2?.[b];
                  return (
                    <Fragment key={b}>
                      <dt>{t(b === 'market' ? 'activityInput.basis.market' : 'activityInput.basis.location')}</dt>
                      <dd data-testid={`line-basis-${b}`}>
                        {figure ? t(figure.method === 'gridAverage' ? 'activityInput.basisFigureGridAverage' : 'activityInput.basisFigure', { value: kg(figure.co2eKg) }) : t('activityInput.basisFigureNone')}
                      </dd>
                    </Fragment>
                  );
                })}
              <dt>{t('activityInput.updatedAt')}</dt>
              <dd>{intl.formatDate(l.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            </dl>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
