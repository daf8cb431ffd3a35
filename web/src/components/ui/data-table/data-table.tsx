import type { HTMLAttributes, ReactNode } from 'react';
import { ariaSort, type SortState } from '../../../lib/table-sort.js';
import dataTable from './data-table.module.css';

/**
 * One column of a DataTable: its head and how a row fills its cell. A table is a list of these;
 * the markup (head, phone-card labels, empty row, sort buttons) is DataTable's.
 */
export interface DataTableColumn<Row, K extends string = string> {
  key: string;
  /** The head's text, and the cell's label on a phone card. */
  label: string;
  /** The head shows the label to screen readers only (checkbox and action columns); such cells get no card label. */
  hiddenLabel?: boolean;
  /** false: a phone card shows the cell without its column name (the card's title, such as a file name). */
  cardLabel?: boolean;
  /** What the head shows instead of the label (a select-all checkbox). Cells of such a column get no card label. */
  head?: ReactNode;
  /** Class of the head and body cells (`numeric`, `checkCell`, a feature's own). */
  className?: string;
  /** The sort key when a click on the head sorts by this column. */
  sortKey?: K;
  /** The test id of the head's sort button. */
  sortTestId?: string;
  cell(row: Row): ReactNode;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

interface DataTableProps<Row, K extends string> {
  columns: readonly DataTableColumn<Row, K>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** A body row's attributes: its test id and data, `selected` for a ticked row. */
  rowProps?(row: Row): RowAttributes;
  /** A row with state of its own (inline editing) renders itself, with DataTableRow. */
  renderRow?(row: Row): ReactNode;
  /** Shown in one row across the table when there are no rows (nothing when absent). */
  empty?: ReactNode;
  /** Phones: every row a card with its cells labelled (and a sortable head kept as a bar of sort buttons). */
  cards?: boolean;
  /** false: on phones a sortable head is hidden with the rest of the head instead of kept as a bar of sort buttons. */
  sortBar?: boolean;
  /** Cells stay on one line (data-table.module.css `noWrap`); phone cards wrap again. */
  noWrap?: boolean;
  /** The panel is a sideways-scrolling frame (`data-scroll-x`): what is wider than the page scrolls inside it. */
  scrollX?: boolean;
  sort?: { state: SortState<K>; onSort(key: K): void; sortByLabel(label: string): string };
  /** Extra classes of the wrapping panel (a feature's card layout, desktop only). */
  className?: string;
  testId?: string;
}

/** A data table in a white panel (data-table.module.css): a column description per table, one markup for all. */
export function DataTable<Row, K extends string = string>({
  columns,
  rows,
  rowKey,
  rowProps,
  renderRow,
  empty,
  cards = false,
  sortBar = true,
  noWrap = false,
  scrollX = false,
  sort,
  className,
  testId,
}: DataTableProps<Row, K>) {
  const sortable = !!sort && columns.some((column) => column.sortKey !== undefined);
  return (
    <div
      className={[dataTable.wrap, cards ? dataTable.cards : '', className ?? ''].filter(Boolean).join(' ')}
      data-scroll-x={scrollX || undefined}
    >
      <table className={noWrap ? `${dataTable.table} ${dataTable.noWrap}` : dataTable.table} data-testid={testId}>
        <thead className={cards && sortable && sortBar ? dataTable.sortBar : undefined}>
          <tr>
            {columns.map((column) =>
              column.sortKey !== undefined && sort ? (
                <SortHeader
                  key={column.key}
                  column={column.sortKey}
                  label={column.label}
                  sort={sort.state}
                  sortByLabel={sort.sortByLabel(column.label)}
                  onSort={sort.onSort}
                  className={column.className}
                  testId={column.sortTestId}
                />
              ) : (
                <th key={column.key} className={column.className}>
                  {column.head ??
                    (column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined && (
            <tr>
              <td colSpan={columns.length} className={dataTable.empty}>
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) =>
            renderRow ? (
              renderRow(row)
            ) : (
              <DataTableRow key={rowKey(row)} columns={columns} row={row} cards={cards} {...rowProps?.(row)} />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One body row of a DataTable: each column's cell, labelled for the phone cards. */
export function DataTableRow<Row, K extends string = string>({
  columns,
  row,
  cards = true,
  ...attributes
}: { columns: readonly DataTableColumn<Row, K>[]; row: Row; cards?: boolean } & RowAttributes) {
  return (
    <tr {...attributes}>
      {columns.map((column) => (
        <td
          key={column.key}
          className={column.className}
          data-label={
            cards && !column.hiddenLabel && column.cardLabel !== false && column.head === undefined
              ? column.label
              : undefined
          }
        >
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}

interface SortHeaderProps<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  sortByLabel: string;
  onSort(column: K): void;
  className?: string;
  testId?: string;
}

/** A column head that sorts; a second click turns the direction. */
function SortHeader<K extends string>({
  column,
  label,
  sort,
  sortByLabel,
  onSort,
  className,
  testId,
}: SortHeaderProps<K>) {
  const active = sort.key === column;
  return (
    <th aria-sort={ariaSort(sort, column)} className={className}>
      <button
        type="button"
        className={dataTable.sortButton}
        onClick={() => onSort(column)}
        title={sortByLabel}
        data-testid={testId}
      >
        {label}
        <span className={dataTable.sortIcon} aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
