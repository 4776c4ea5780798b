import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { categoryName } from '../../core/router/categories';
import { filterRows } from '../../core/ui/filtering';
import { sortRows } from '../../core/ui/sorting';
import { useResetOnChange } from '../../core/ui/useResetOnChange';
import { FilterBox, QueryState, useSort } from '../../core/ui/TableParts';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { INPUT_CATEGORIES } from '../input/categories';
import { useFormulas } from '../settings/scopeSetting/api';
import { labelOf } from '../settings/scopeSetting/form';
import { useImportHistory, useImportRecords } from './api';

/** Records asked of the server at once (its pages; sorting and the filter box work within the page shown). */
export const RECORDS_PAGE = 200;

type Column = 'date' | 'sourceKey' | 'row' | 'item' | 'supplier' | 'section' | 'category' | 'formula' | 'co2eKg' | 'file';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The records imports recorded for the selected fiscal year, a page at a time: sortable, filterable, and by import. */
export function RecordsPanel() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const { companyId, fiscalYear } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const importId = params.get('importId');
  const [offset, setOffset] = useState(0);
  const [query, setQuery] = useState('');
  // Another year or company starts at its first page.
  useResetOnChange([companyId, fiscalYear], () => setOffset(0));
  const records = useImportRecords(companyId, fiscalYear, importId, offset, RECORDS_PAGE);
  const imports = useImportHistory(companyId, null);
  const formulas = useFormulas();
  const { sort, header } = useSort<Column>({ key: 'date', direction: 'asc' });

  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const fileOf = (id: string) => imports.data?.find((i) => i.importId === id)?.fileName ?? id;
  const formulaName = (id: string) => {
    const f = formulas.data?.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  const ofYear = (imports.data ?? []).filter((i) => i.fiscalYears.includes(fiscalYear) || i.importId === importId);

  const all = (records.data?.records ?? []).map((r) => ({
    record: r,
    date: r.occurrenceDate,
    sourceKey: r.sourceKey,
    row: r.row,
    item: text(r.record.contents) || text(r.record.productName),
    product: text(r.record.contents) ? text(r.record.productName) : '',
    supplier: text(r.record.supplierName),
    section: r.sectionName ?? r.section,
    department: text(r.record.department),
    category: t(categoryName[r.scopeCategory]),
    formula: formulaName(r.formulaId),
    co2eKg: r.co2eKg,
    file: fileOf(r.importId),
  }));
  const matched = filterRows(all, query, (r) => [r.date, r.sourceKey, r.item, r.product, r.supplier, r.section, r.department, r.category, r.formula, r.file]);
  const rows = sortRows(matched, sort, (r, k) => r[k]);
  const total = records.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECORDS_PAGE));
  const page = Math.floor(offset / RECORDS_PAGE) + 1;
  const pageKg = matched.reduce((sum, r) => sum + r.co2eKg, 0);

  const chooseImport = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('importId', id);
    else next.delete('importId');
    setParams(next, { replace: true });
    setOffset(0);
  };

  return (
    <>
      <div className="ghg-table-toolbar">
        <div className="ghg-toolbar-start">
          <HTMLSelect value={importId ?? ''} onChange={(e) => chooseImport(e.currentTarget.value)} aria-label={t('import.records.byImport')} data-testid="record-import-filter">
            <option value="">{t('import.records.allImports')}</option>
            {ofYear.map((i) => (
              <option key={i.importId} value={i.importId}>
                {t('import.records.importOption', { file: i.fileName, when: intl.formatDate(i.importedAt, { dateStyle: 'short', timeStyle: 'short' }) })}
              </option>
            ))}
          </HTMLSelect>
          <FilterBox value={query} onChange={setQuery} placeholder={t('import.records.filter')} testId="record-filter" />
        </div>
        <span className="ghg-toolbar-text" data-testid="record-total">
          {t('import.records.total', { n: total })}
          {query && matched.length !== all.length && <span className="ghg-muted"> {t('import.records.matched', { n: matched.length, value: kg(pageKg) })}</span>}
        </span>
      </div>
      <QueryState
        query={{ ...records, data: records.data ? rows : undefined }}
        empty={<NonIdealState icon="import" title={t(all.length === 0 ? 'import.records.empty' : 'import.records.noMatch')} description={all.length === 0 ? t('import.records.emptyHint') : undefined} />}
      >
        <div className="ghg-table-scroll">
          <HTMLTable className="ghg-table" striped interactive compact data-testid="record-table">
            <thead>
              <tr>
                {header('date', t('import.field.transactionDate'))}
                {header('sourceKey', t('import.records.sourceKey'))}
                {header('row', t('import.records.row'), 'right')}
                {header('item', t('import.records.item'))}
                {header('supplier', t('import.field.supplierName'))}
                {header('section', t('import.records.section'))}
                {header('category', t('import.records.category'))}
                {header('formula', t('scopeSetting.formula'))}
                {header('co2eKg', t('import.records.co2eKg'), 'right')}
                {header('file', t('import.records.import'))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.record.dealId} data-testid="record-row" data-id={r.record.dealId} data-source-key={r.sourceKey}>
                  <td className="ghg-nowrap">{r.date}</td>
                  <td className="ghg-nowrap">{r.sourceKey}</td>
                  <td className="ghg-num">{r.row}</td>
                  <td data-testid="record-item">
                    {r.item}
                    {r.product && <div className="ghg-muted ghg-small">{r.product}</div>}
                  </td>
                  <td data-testid="record-supplier">{r.supplier}</td>
                  <td>
                    {r.section}
                    {r.department && r.department !== r.section && <div className="ghg-muted ghg-small">{r.department}</div>}
                  </td>
                  <td>
                    <div className="ghg-ellipsis" title={r.category}>
                      {(INPUT_CATEGORIES as readonly string[]).includes(r.record.scopeCategory) ? <Link to={`/emission/input/${r.record.scopeCategory}`}>{r.category}</Link> : r.category}
                    </div>
                  </td>
                  <td>
                    <div className="ghg-ellipsis" title={r.formula}>
                      {r.formula}
                    </div>
                  </td>
                  <td className="ghg-num ghg-nowrap" data-testid="record-co2e">
                    {kg(r.co2eKg)}
                  </td>
                  <td className="ghg-small ghg-break">{r.file}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        {pages > 1 && (
          <div className="ghg-pager">
            <Button icon="chevron-left" variant="minimal" disabled={page <= 1} onClick={() => setOffset(Math.max(0, offset - RECORDS_PAGE))} aria-label={t('activityInput.previous')} data-testid="record-prev" />
            <span data-testid="record-page">{t('activityInput.page', { page, pages })}</span>
            <Button icon="chevron-right" variant="minimal" disabled={page >= pages} onClick={() => setOffset(offset + RECORDS_PAGE)} aria-label={t('activityInput.next')} data-testid="record-next" />
            <span className="ghg-muted ghg-small">{t('import.records.pageHint')}</span>
          </div>
        )}
      </QueryState>
    </>
  );
}
