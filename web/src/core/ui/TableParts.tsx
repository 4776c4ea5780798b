import { useState, type ReactNode } from 'react';
import { Button, InputGroup, Intent, Spinner, Tooltip } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { ErrorCallout } from './ErrorCallout';
import { SortableHeader } from './SortableHeader';
import { toggleSort, type SortState } from './sorting';

/** What QueryState reads of a query: a UseQueryResult of rows has it, and so has one whose rows are derived from its data. */
export interface QueryStatus<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

/** A query's table: a spinner while loading, the error, `empty` when there are no rows, else the table. */
export function QueryState<T>({ query, empty, children }: { query: QueryStatus<T>; empty?: ReactNode; children: ReactNode }) {
  if (query.isPending) {
    return (
      <div className="ghg-center-pad">
        <Spinner size={24} />
      </div>
    );
  }
  if (query.isError) return <ErrorCallout error={query.error} />;
  if (empty && query.data?.length === 0) return <>{empty}</>;
  return <>{children}</>;
}

/** The search box above a table (filters as one types). */
export function FilterBox({ value, onChange, placeholder, testId }: { value: string; onChange: (value: string) => void; placeholder: string; testId?: string }) {
  return (
    <InputGroup
      className="ghg-filter"
      leftIcon="search"
      type="search"
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}

/** The primary add button of a screen; disabled with the read-only hint for a role that may not write. */
export function AddButton({ canWrite, onClick, label, testId }: { canWrite: boolean; onClick: () => void; label: string; testId: string }) {
  const t = useT();
  return (
    <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
      <Button intent={Intent.PRIMARY} icon="add" disabled={!canWrite} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  );
}

/** A row's edit and delete buttons; `testId` prefixes `-edit` and `-delete`. */
export function RowActions(props: { canWrite: boolean; editLabel: string; deleteLabel: string; onEdit: () => void; onDelete: () => void; testId: string }) {
  return (
    <td className="ghg-actions-col">
      <Button variant="minimal" size="small" icon="edit" disabled={!props.canWrite} aria-label={props.editLabel} onClick={props.onEdit} data-testid={`${props.testId}-edit`} />
      <Button
        variant="minimal"
        size="small"
        icon="trash"
        intent={Intent.DANGER}
        disabled={!props.canWrite}
        aria-label={props.deleteLabel}
        onClick={props.onDelete}
        data-testid={`${props.testId}-delete`}
      />
    </td>
  );
}

/** The last header cell, above RowActions. */
export function ActionsHeader() {
  const t = useT();
  return (
    <th className="ghg-actions-col">
      <span className="ghg-visually-hidden">{t('common.actions')}</span>
    </th>
  );
}

/** Sort state of a table and its sortable header cells. */
export function useSort<K extends string>(initial: SortState<K>) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const header = (column: K, label: string, align?: 'right') => (
    <SortableHeader column={column} label={label} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} align={align} />
  );
  return { sort, header };
}
