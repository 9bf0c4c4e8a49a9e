import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, type SortState } from './data-table';

afterEach(cleanup);

type Member = { id: number; name: string; flights: number };
const columns: Column<Member>[] = [
  { key: 'name', header: 'Name', cell: (m) => m.name, sortable: true },
  { key: 'flights', header: 'Flights', cell: (m) => m.flights, sortable: true },
];
const rows: Member[] = [
  { id: 1, name: 'Ana', flights: 3 },
  { id: 2, name: 'Bo', flights: 7 },
];

/** The screen's side: it owns sort, filter and page, and would send them to the server. */
function Harness({ onQuery }: { onQuery: (q: object) => void }) {
  const [sort, setSort] = useState<SortState>(null);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  onQuery({ sort, filter, page });
  return (
    <DataTable
      caption="Members"
      columns={columns}
      rows={rows}
      rowKey={(m) => m.id}
      sort={sort}
      onSortChange={setSort}
      filter={filter}
      onFilterChange={setFilter}
      filterLabel="Search members"
      page={page}
      pageCount={3}
      onPageChange={setPage}
    />
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, with its rows as rows', () => {
    render(<Harness onQuery={() => {}} />);
    const table = screen.getByRole('table', { name: 'Members' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((row) => row.textContent)).toEqual(['Ana3', 'Bo7']);
  });

  it('sorts from header buttons, cycling ascending, descending, none, with aria-sort', () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    const header = () => screen.getByRole('columnheader', { name: /Flights/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    const button = within(header()).getByRole('button', { name: 'Flights' });
    fireEvent.click(button);
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(button);
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(onQuery).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: { key: 'flights', direction: 'desc' } }),
    );
    fireEvent.click(button);
    expect(header().getAttribute('aria-sort')).toBe('none');
  });

  it('filters through a labelled search box and pages through a labelled navigation', () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), {
      target: { value: 'an' },
    });
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ filter: 'an' }));
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const previous = within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('says when there is nothing to show', () => {
    render(
      <DataTable
        caption="Members"
        columns={columns}
        rows={[]}
        rowKey={(m) => m.id}
        emptyText="No members yet."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No members yet.' })).toBeTruthy();
  });
});
