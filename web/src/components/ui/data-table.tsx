import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Input } from './input';

export type SortState = { key: string; direction: 'asc' | 'desc' } | null;

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Whether the header sorts by this column (the server sorts: see `onSortChange`). */
  sortable?: boolean;
  className?: string;
};

type DataTableProps<Row> = {
  /** The table's name, read by screen readers and shown above it. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Controlled sorting: a sortable header's press asks for the next order. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Controlled filter text, e.g. sent to the server as `?q=`. Omitted: no filter box. */
  filter?: string;
  onFilterChange?: (filter: string) => void;
  filterLabel?: string;
  /** Server pagination, 1-based. Omitted: no pager. */
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  emptyText?: string;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Next order of a column: ascending, then descending, then the server's default. */
function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/**
 * A table for admin lists whose data the server sorts, filters and pages: the table only says
 * what the user asked for (all state is controlled). Sortable headers are buttons inside the
 * header cell, which carries `aria-sort`; the pager is a labelled navigation whose page is
 * announced; a load keeps the old rows and marks the table busy.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  filter,
  onFilterChange,
  filterLabel = 'Filter',
  page,
  pageCount,
  onPageChange,
  loading = false,
  emptyText = 'Nothing to show.',
}: DataTableProps<Row>) {
  const filterId = useId();
  const captionId = useId();
  return (
    <div className="space-y-3">
      {onFilterChange ? (
        <div className="space-y-1.5">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            {filterLabel}
          </label>
          <Input
            id={filterId}
            type="search"
            value={filter ?? ''}
            onChange={(e) => onFilterChange(e.target.value)}
          />
        </div>
      ) : null}
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table
          aria-labelledby={captionId}
          aria-busy={loading || undefined}
          className="w-full text-sm"
        >
          <caption id={captionId} className="px-3 pt-3 text-left font-semibold">
            {caption}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null;
                const Icon =
                  direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      column.sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined
                    }
                    className={cn('px-3 py-2 font-medium', column.className)}
                  >
                    {column.sortable && onSortChange ? (
                      <button
                        type="button"
                        className="inline-flex min-h-9 items-center gap-1 rounded hover:text-slate-900"
                        onClick={() => onSortChange(nextSort(sort, column.key))}
                      >
                        {column.header}
                        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600">
                  {loading ? 'Loading...' : emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0">
                  {columns.map((column) => (
                    <td key={column.key} className={cn('px-3 py-2', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {page !== undefined && pageCount !== undefined && onPageChange ? (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1 || loading}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <p aria-live="polite" className="text-sm text-slate-600">
            Page {page} of {Math.max(1, pageCount)}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount || loading}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
