import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { ariaSort, type SortState } from '../utils/table-sort.js';

interface Props<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  sortByLabel: string;
  onSort(column: K): void;
  className?: string;
}

/** A column head that sorts the study screens' tables; a second click turns the direction. */
export function SortHeader<K extends string>({ column, label, sort, sortByLabel, onSort, className }: Props<K>) {
  const active = sort.key === column;
  return (
    <th aria-sort={ariaSort(sort, column)} className={className}>
      <button type="button" className={dataTable.sortButton} onClick={() => onSort(column)} title={sortByLabel}>
        {label}
        <span className={dataTable.sortIcon} aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
