// Over 400 lines: the one table every staff list uses (sorting, columns, selection, keys, loading/empty/error states).
import { useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  columnVisibilityFeature,
  createColumnHelper,
  FlexRender,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSort,
  type ColumnVisibilityState,
  type Header,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { cn } from '@/components/ui/cn';
import { Menu, menuItemClass } from '@/components/ui/Menu';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { readJson, STORAGE_KEYS, writeString } from '@/lib/storage';
import { useListKeys } from './use-list-keys';

export type { ColumnSort, RowSelectionState } from '@tanstack/react-table';

/** What a column says about itself beyond TanStack's definition. */
export interface StaffColumnMeta {
  /** Figures: right-aligned. */
  align?: 'end';
  /** Classes of the column's cells (widths, truncation, fonts). */
  className?: string;
  /** Shown from this width up only (a dense phone layout); the column chooser still lists it. */
  from?: 'sm' | 'md' | 'lg' | 'xl';
  /** Its name in the column chooser, when the header shows no text (a picture column). */
  label?: string;
  /** With the table's `group`: one cell per group, beside all its rows (a product beside its styles), a header of the group. */
  span?: boolean;
}

/** The features every staff table has: server-side sorting, column choice, row selection. */
export const staffTableFeatures = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature, columnMeta: metaHelper<StaffColumnMeta>() });
export type StaffTableFeatures = typeof staffTableFeatures;
/** A column of a staff table (build them with staffColumns<Row>()). */
export type StaffColumn<Row extends RowData> = ColumnDef<StaffTableFeatures, Row, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
/** The column helper of a staff table's rows: accessor (sortable, hideable), display (anything else), columns. */
export const staffColumns = <Row extends RowData>() => createColumnHelper<StaffTableFeatures, Row>();

const FROM: Record<NonNullable<StaffColumnMeta['from']>, string> = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
};

interface ListQuery {
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => Promise<unknown>;
  /** A new page is on its way while the last one is shown (keepPreviousData). */
  isPlaceholderData?: boolean;
}

export interface StaffTableSelection<Row extends RowData> {
  /** Selected row ids (TanStack's row selection state). */
  state: RowSelectionState;
  onChange: (next: RowSelectionState) => void;
  /** The name of a row's checkbox ("Select order 10000001"). */
  label: (row: Row) => string;
  /** The name of the header's checkbox ("Select every order on this page"). */
  allLabel: string;
}

export interface StaffTableProps<Row extends RowData> {
  /** The table's accessible name. */
  label: string;
  /** Stable column definitions (module scope or useMemo). */
  columns: StaffColumn<Row>[];
  /** The rows of the page (a stable array: the query's data). */
  rows: readonly Row[];
  rowId: (row: Row) => string;
  /** The list query: its error, its first load, its refetch. */
  query: ListQuery;
  loadFailed: string;
  empty: ReactNode;
  /** Server-side sort (from the URL): the sorted column; clicking a sortable header asks for another. */
  sort?: ColumnSort | null;
  onSort?: (sort: ColumnSort) => void;
  /** Column choice, remembered in this browser under this name; absent: every column, no chooser. */
  columnsKey?: string;
  /** Columns hidden until the staff member shows them. */
  hiddenByDefault?: readonly string[];
  /** Row selection for bulk actions. */
  selection?: StaffTableSelection<Row>;
  /**
   * false: no active row and no list keys (a table of inputs, a short table beside the screen's
   * own list, whose keys j/k and Enter are the list's). Default true.
   */
  cursor?: boolean;
  /** Enter (or a screen's own key) on the active row. */
  onOpen?: (row: Row) => void;
  onKey?: (key: string, row: Row) => void;
  /** The list's search box: `/` focuses it. */
  searchBox?: RefObject<HTMLInputElement | null>;
  /** When it changes (a new search or page) the cursor goes back to the top. */
  resetOn: unknown;
  /** A row's own classes (an archived product is greyed). */
  rowClassName?: (row: Row) => string | false | undefined;
  /** A row's data attributes (`data-testid`, `data-code`). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** A row's accessible name, when its cells do not say it well (a row of inputs). */
  rowLabel?: (row: Row) => string;
  /**
   * Rows that belong together (a product's styles): consecutive rows of one group share a body
   * (`<tbody>`) named by the label, and `span` columns show once per group, across its rows.
   */
  group?: (row: Row) => { id: string; label: string };
  /** Before the column chooser, on the bar above the table (bulk actions, a count). */
  toolbar?: ReactNode;
  testId?: string;
}

/** The staff member's column choice per list, kept in this browser. */
type StoredColumns = Record<string, ColumnVisibilityState>;

function storedVisibility(key: string | undefined, hidden: readonly string[] | undefined): ColumnVisibilityState {
  const stored = key ? readJson<StoredColumns>(STORAGE_KEYS.staffColumns)?.[key] : undefined;
  if (stored && typeof stored === 'object') return stored;
  return Object.fromEntries((hidden ?? []).map((id) => [id, false]));
}

function storeVisibility(key: string, visibility: ColumnVisibilityState) {
  const all = readJson<StoredColumns>(STORAGE_KEYS.staffColumns) ?? {};
  writeString(STORAGE_KEYS.staffColumns, JSON.stringify({ ...all, [key]: visibility }));
}

const resolve = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);
const noRef: RefObject<HTMLInputElement | null> = { current: null };
const noRows: readonly never[] = [];
const noTable: RefObject<HTMLElement | null> = { current: null };
const noop = () => undefined;

/**
 * The back office's one list table, on TanStack Table: column definitions, server-side sorting
 * (a header click asks the screen, which keeps the sort in the URL), column choice (remembered in
 * localStorage), row selection for bulk actions, the list keyboard (j/k and arrows move, Enter
 * opens), a header that stays in view while the rows scroll, and its states: a skeleton on the
 * first load, the error with a retry, the empty sentence. Dense; at phone width it scrolls
 * sideways and columns marked `from` drop out.
 */
export function StaffTable<Row extends RowData>(props: StaffTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    rowId,
    query,
    loadFailed,
    empty,
    sort,
    onSort,
    columnsKey,
    hiddenByDefault,
    selection,
    cursor = true,
    onOpen,
    onKey,
    searchBox,
    resetOn,
    rowClassName,
    rowData,
    rowLabel,
    group,
    toolbar,
    testId,
  } = props;
  const { t } = useTranslation('staff');
  const body = useRef<HTMLTableElement>(null);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => storedVisibility(columnsKey, hiddenByDefault));
  const sorting = useMemo<SortingState>(() => (sort ? [sort] : []), [sort]);

  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = resolve(updater, sorting)[0];
      if (next && onSort) onSort(next);
    },
    [sorting, onSort],
  );
  const onColumnVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) => {
      setVisibility((old) => {
        const next = resolve(updater, old);
        if (columnsKey) storeVisibility(columnsKey, next);
        return next;
      });
    },
    [columnsKey],
  );
  const onRowSelectionChange = useCallback((updater: Updater<RowSelectionState>) => selection?.onChange(resolve(updater, selection.state)), [selection]);

  const table = useTable({
    features: staffTableFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    enableSorting: Boolean(onSort),
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: Boolean(selection),
    enableRowRangeSelection: true,
    state: { sorting, columnVisibility: visibility, rowSelection: selection?.state ?? {} },
    onSortingChange,
    onColumnVisibilityChange,
    onRowSelectionChange,
  });

  const [cursorAt, setActive] = useListKeys({
    rows: cursor ? rows : noRows,
    searchBox: searchBox ?? noRef,
    table: cursor ? body : noTable,
    resetOn,
    onOpen: onOpen ?? noop,
    ...(onKey ? { onKey } : {}),
  });
  const active = cursor ? cursorAt : -1;
  const chooser = columnsKey ? <ColumnChooser columns={table.getAllLeafColumns()} label={t('table.columns')} /> : null;
  const bar =
    toolbar || chooser ? (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {toolbar}
        {chooser ? <span className="ml-auto">{chooser}</span> : null}
      </div>
    ) : null;

  let content: ReactNode;
  if (query.isError && !query.data) content = <QueryError error={query.error} onRetry={() => void query.refetch()} message={loadFailed} />;
  else if (!query.data) content = <TableSkeleton label={t('table.loading')} />;
  else if (rows.length === 0) content = <p className="rounded border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600">{empty}</p>;
  else {
    const headers = table.getHeaderGroups()[0]?.headers ?? [];
    content = (
      <div
        className={cn(
          'overflow-auto rounded border border-gray-200 bg-white md:max-h-[max(24rem,calc(100dvh-12rem))]',
          query.isPlaceholderData && 'opacity-60',
        )}
      >
        <table ref={body} className="w-full text-left text-sm" aria-label={label} data-testid={testId}>
          <thead className="sticky top-0 z-10 bg-gray-100 text-xs text-gray-700 shadow-[0_1px_0_var(--color-gray-200)]">
            <tr>
              {selection ? (
                <th scope="col" className="w-8 px-2 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={selection.allLabel}
                    checked={table.getIsAllPageRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
                    }}
                    onChange={() => table.toggleAllPageRowsSelected(!table.getIsAllPageRowsSelected())}
                  />
                </th>
              ) : null}
              {headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </tr>
          </thead>
          {bodiesOf(table.getRowModel().rows, group).map((part) => (
            <tbody key={part.id} aria-label={part.label} className={cn(group && 'border-t border-gray-300')}>
              {part.rows.map((row, at) => {
                const i = part.start + at;
                return (
                  <tr
                    key={row.id}
                    data-row={i}
                    tabIndex={cursor ? (i === active ? 0 : -1) : undefined}
                    aria-label={rowLabel?.(row.original)}
                    aria-selected={selection ? row.getIsSelected() : undefined}
                    onClick={cursor ? () => setActive(i) : undefined}
                    onFocus={cursor ? (event) => event.target === event.currentTarget && setActive(i) : undefined}
                    className={cn(
                      'border-t border-gray-100 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset',
                      i === active ? 'bg-brand-50' : 'hover:bg-gray-50',
                      row.getIsSelected() && 'bg-amber-50',
                      rowClassName?.(row.original),
                    )}
                    {...rowData?.(row.original)}
                  >
                    {selection ? (
                      <td className="px-2 py-1">
                        <input
                          type="checkbox"
                          aria-label={selection.label(row.original)}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    ) : null}
                    {row.getVisibleCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const className = cn('px-2 py-1', meta?.align === 'end' && 'text-right tabular-nums', meta?.from && FROM[meta.from], meta?.className);
                      if (group && meta?.span) {
                        // The group's one cell, in its first row, across the others.
                        return at === 0 ? (
                          <th key={cell.id} scope="rowgroup" rowSpan={part.rows.length} className={cn(className, 'text-left align-top font-normal')}>
                            <table.FlexRender cell={cell} />
                          </th>
                        ) : null;
                      }
                      return (
                        <td key={cell.id} className={className}>
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      {bar}
      {content}
    </div>
  );
}

/** The table's bodies: one of every row, or one per run of rows of a group; `start` is the index of its first row. */
function bodiesOf<R extends { original: Row }, Row>(rows: R[], group: ((row: Row) => { id: string; label: string }) | undefined) {
  if (!group) return [{ id: 'rows', label: undefined as string | undefined, start: 0, rows }];
  const bodies: { id: string; label: string | undefined; start: number; rows: R[] }[] = [];
  rows.forEach((row, i) => {
    const { id, label } = group(row.original);
    const last = bodies.at(-1);
    if (last && last.id === id) last.rows.push(row);
    else bodies.push({ id, label, start: i, rows: [row] });
  });
  return bodies;
}

/** A column header: a button when the column sorts (aria-sort says how it is sorted now). */
function HeaderCell<Row extends RowData>({ header }: { header: Header<StaffTableFeatures, Row, unknown> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sorted = column.getIsSorted();
  const className = cn('px-2 py-1.5 font-medium whitespace-nowrap', meta?.align === 'end' && 'text-right', meta?.from && FROM[meta.from]);
  const content = header.isPlaceholder ? null : <FlexRender header={header} />;
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        {content}
      </th>
    );
  }
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={className} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className={cn(
          'inline-flex items-center gap-1 rounded hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
          sorted && 'font-semibold text-ink',
        )}
      >
        {content}
        <Icon aria-hidden="true" className={cn('size-3', !sorted && 'text-gray-400')} />
      </button>
    </th>
  );
}

interface ChooserColumn {
  id: string;
  columnDef: { header?: unknown; meta?: StaffColumnMeta | undefined };
  getCanHide: () => boolean;
  getIsVisible: () => boolean;
  toggleVisibility: (value?: boolean) => void;
}

/** The column chooser: a menu of checkable column names; the last visible column cannot go. */
function ColumnChooser({ columns, label }: { columns: ChooserColumn[]; label: string }) {
  const hideable = columns.filter((c) => c.getCanHide());
  const visible = columns.filter((c) => c.getIsVisible()).length;
  const nameOf = (c: ChooserColumn) => c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id);
  if (hideable.length === 0) return null;
  return (
    <Menu
      label={
        <>
          <Columns3 aria-hidden="true" className="size-4" />
          {label}
        </>
      }
      buttonClassName="inline-flex h-8 items-center gap-1.5 rounded border border-gray-300 bg-white px-2 text-sm text-ink hover:bg-gray-50"
      menuClassName="max-h-80 overflow-y-auto"
    >
      {() =>
        hideable.map((c) => {
          const on = c.getIsVisible();
          return (
            <button
              key={c.id}
              type="button"
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={on && visible <= 1}
              className={cn(menuItemClass, 'disabled:text-gray-400')}
              onClick={() => c.toggleVisibility(!on)}
            >
              <input type="checkbox" tabIndex={-1} aria-hidden="true" checked={on} readOnly className="pointer-events-none" />
              {nameOf(c)}
            </button>
          );
        })
      }
    </Menu>
  );
}

/** The first load: grey lines where the rows will be, announced as loading. */
function TableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-1.5 rounded border border-gray-200 bg-white p-2" data-testid="table-loading">
      <Skeleton className="h-5 w-full bg-gray-100" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  );
}
