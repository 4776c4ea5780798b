import { Icon } from '@blueprintjs/core';
import type { SortState } from './sorting';

interface Props<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (column: K) => void;
  align?: 'left' | 'right';
}

/** A column header that sorts on click or Enter/Space; announces the order to screen readers. */
export function SortableHeader<K extends string>({ column, label, sort, onSort, align = 'left' }: Props<K>) {
  const active = sort.key === column;
  return (
    <th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={align === 'right' ? 'ghg-num' : undefined}>
      <button type="button" className="ghg-sort-button" onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <span>{label}</span>
        <Icon icon={active ? (sort.direction === 'asc' ? 'chevron-up' : 'chevron-down') : 'double-caret-vertical'} size={12} className={active ? undefined : 'ghg-muted'} />
      </button>
    </th>
  );
}
