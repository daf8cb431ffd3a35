import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { DataTable, type DataTableColumn } from '../../web/src/components/ui/data-table/data-table.js';
import dataTable from '../../web/src/components/ui/data-table/data-table.module.css';

interface Row {
  id: string;
  name: string;
}
type Key = 'name';

const rows: Row[] = [{ id: 'r1', name: 'Alpha' }];
const sort = {
  state: { key: 'name' as const, direction: 'asc' as const },
  onSort: () => {},
  sortByLabel: (label: string) => `Sort by ${label}`,
};
const nameColumn: DataTableColumn<Row, Key> = { key: 'name', label: 'Name', sortKey: 'name', cell: (row) => row.name };
const plainColumn: DataTableColumn<Row, Key> = { key: 'id', label: 'Id', cell: (row) => row.id };

/** The rendered table as a DOM-less string and a few of its parts. */
function render(props: Partial<Parameters<typeof DataTable<Row, Key>>[0]>) {
  const html = renderToStaticMarkup(
    createElement(DataTable<Row, Key>, { columns: [nameColumn, plainColumn], rows, rowKey: (row) => row.id, ...props }),
  );
  return {
    html,
    wrap: /^<div[^>]*>/.exec(html)![0],
    table: /<table[^>]*>/.exec(html)![0],
    thead: /<thead[^>]*>/.exec(html)![0],
    sortButton: /<button[^>]*>/.exec(html)?.[0] ?? '',
    cells: [...html.matchAll(/<td[^>]*>/g)].map((match) => match[0]),
  };
}

describe('DataTable', () => {
  test('without the options the files and users tables added, the markup is what the study tables had', () => {
    const table = render({ cards: true, sort });
    expect(table.wrap).toBe(`<div class="${dataTable.wrap} ${dataTable.cards}">`);
    expect(table.table).toBe(`<table class="${dataTable.table}">`);
    expect(table.thead).toBe(`<thead class="${dataTable.sortBar}">`);
    expect(table.sortButton).not.toContain('data-testid');
    expect(table.cells).toEqual(['<td data-label="Name">', '<td data-label="Id">']);
  });

  test('scrollX marks the panel as a sideways-scrolling frame; noWrap keeps cells on one line', () => {
    const table = render({ scrollX: true, noWrap: true });
    expect(table.wrap).toContain('data-scroll-x="true"');
    expect(table.table).toBe(`<table class="${dataTable.table} ${dataTable.noWrap}">`);
  });

  test('a sort button carries its column’s test id; a card title has no card label', () => {
    const table = render({
      cards: true,
      sort,
      columns: [{ ...nameColumn, sortTestId: 'sort-name', cardLabel: false }, plainColumn],
    });
    expect(table.sortButton).toContain('data-testid="sort-name"');
    expect(table.sortButton).toContain('title="Sort by Name"');
    expect(table.cells).toEqual(['<td>', '<td data-label="Id">']);
  });

  test('sortBar={false} hides a sortable head on phones like any other', () => {
    const table = render({ cards: true, sort, sortBar: false });
    expect(table.thead).toBe('<thead>');
    expect(table.html).toContain('aria-sort="ascending"');
  });
});
