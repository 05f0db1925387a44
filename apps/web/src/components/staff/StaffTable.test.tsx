import { useMemo, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { ZStaffOrderQuery } from '@cubeshop/shared';
import { ApiError } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderScreen } from '@/test/render';
import { sortOptions, useListParams } from './list-params';
import { StaffTable, staffColumns, type RowSelectionState } from './StaffTable';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});
beforeEach(() => localStorage.clear());

interface Row {
  id: number;
  buyer: string;
  country: string;
  total: number;
}
const ROWS: Row[] = [
  { id: 11, buyer: 'Ada', country: 'US', total: 120 },
  { id: 12, buyer: 'Bob', country: 'DE', total: 80 },
  { id: 13, buyer: 'Cy', country: 'FR', total: 40 },
];
const SORTS = sortOptions({
  newest: { id: 'id', desc: true },
  oldest: { id: 'id', desc: false },
  totalDesc: { id: 'total', desc: true },
  totalAsc: { id: 'total', desc: false },
});
const col = staffColumns<Row>();

interface Query {
  isError: boolean;
  error: unknown;
  data: Row[] | undefined;
  refetch: () => Promise<unknown>;
}
const answered = (rows: Row[]): Query => ({ isError: false, error: null, data: rows, refetch: async () => undefined });

/** A list screen as the staff screens build one: params in the URL (the order queue's schema), a StaffTable. */
function Screen({ query, selectable = false }: { query: Query; selectable?: boolean }) {
  const list = useListParams(ZStaffOrderQuery);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', { header: 'Order', enableHiding: false, sortDescFirst: true }),
        col.accessor('buyer', { header: 'Buyer', enableSorting: false }),
        col.accessor('country', { header: 'Country', enableSorting: false }),
        col.accessor('total', { header: 'Total', meta: { align: 'end' }, sortDescFirst: true }),
      ]),
    [],
  );
  return (
    <>
      <StaffTable
        label="Orders"
        columns={columns}
        rows={query.data ?? []}
        rowId={(r) => String(r.id)}
        query={query}
        loadFailed="The orders could not be loaded."
        empty="No orders match these filters."
        sort={SORTS.toSort(list.values.sort)}
        onSort={(sort) => list.set('sort', SORTS.fromSort(sort))}
        columnsKey="test-orders"
        resetOn={list.search}
        onOpen={(row) => void navigate(`/orders/${row.id}`)}
        {...(selectable
          ? { selection: { state: selected, onChange: setSelected, label: (r: Row) => `Select order ${r.id}`, allLabel: 'Select every order' } }
          : {})}
      />
      <output data-testid="selected">{Object.keys(selected).join(',')}</output>
    </>
  );
}

describe('StaffTable', { timeout: 20_000 }, () => {
  it('sorts on the server: a header click changes the sort param in the URL, aria-sort follows', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<Screen query={answered(ROWS)} />, { path: '/admin/orders' });
    const order = await screen.findByRole('columnheader', { name: /Order/ });
    expect(order).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Buyer' })).not.toHaveAttribute('aria-sort');

    await user.click(within(screen.getByRole('columnheader', { name: /Total/ })).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=totalDesc');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Order/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(within(screen.getByRole('columnheader', { name: /Total/ })).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=totalAsc');
    // Back to the default sort: the param goes (the URL keeps no defaults).
    await user.click(within(screen.getByRole('columnheader', { name: /Order/ })).getByRole('button'));
    expect(router.state.location.search).toBe('');
  });

  it('hides a column chosen away and remembers the choice in this browser', async () => {
    const user = userEvent.setup();
    const { unmount } = renderScreen(<Screen query={answered(ROWS)} />, { path: '/admin/orders' });
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    // The order column cannot be hidden: it is not in the menu.
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Order' })).toBeNull();
    const country = screen.getByRole('menuitemcheckbox', { name: 'Country' });
    expect(country).toHaveAttribute('aria-checked', 'true');
    await user.click(country);
    expect(screen.queryByRole('columnheader', { name: 'Country' })).toBeNull();
    expect(
      within(screen.getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['11', 'Ada', '120']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.staffColumns)!)).toEqual({ 'test-orders': { country: false } });

    unmount();
    renderScreen(<Screen query={answered(ROWS)} />, { path: '/admin/orders' });
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.queryByRole('columnheader', { name: 'Country' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Buyer' })).toBeInTheDocument();
  });

  it('selects rows for a bulk action, one by one, with Shift for a range, or the whole page', async () => {
    const user = userEvent.setup();
    renderScreen(<Screen query={answered(ROWS)} selectable />, { path: '/admin/orders' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select order 11' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('11');
    expect(screen.getByRole('row', { name: /Ada/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select order 13' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('selected')).toHaveTextContent('11,12,13');
    const all = screen.getByRole('checkbox', { name: 'Select every order' });
    expect(all).toBeChecked();
    await user.click(all);
    expect(screen.getByTestId('selected')).toHaveTextContent(/^$/);
    await user.click(all);
    expect(screen.getByTestId('selected')).toHaveTextContent('11,12,13');
  });

  it('walks the rows with the arrow keys (the focus follows), j/k anywhere, and Enter opens the active row', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<Screen query={answered(ROWS)} />, { path: '/admin/orders' });
    await screen.findByRole('table', { name: 'Orders' });
    const rows = () => screen.getAllByRole('row').slice(1);
    // The active row is the list's one tab stop.
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    // A click on a row makes it active and gives it the focus.
    await user.click(within(rows()[0]!).getByText('Ada'));
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(rows()[2]).toHaveFocus();
    expect(rows()[2]).toHaveClass('bg-brand-50');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(rows()[2]).toHaveFocus();
    await user.keyboard('{Home}k');
    expect(rows()[0]).toHaveFocus();
    await user.click(document.body);
    await user.keyboard('jj');
    expect(rows()[2]).toHaveClass('bg-brand-50');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/13'));
  });

  it("groups rows under a header cell of their own, and a table without a cursor leaves the keys to the screen's list", async () => {
    const user = userEvent.setup();
    const opened: number[] = [];
    const lines = [
      { id: 11, buyer: 'Ada', country: 'US', total: 1 },
      { id: 11, buyer: 'Ada', country: 'DE', total: 2 },
      { id: 12, buyer: 'Bob', country: 'FR', total: 3 },
    ];
    const columns = [
      col.accessor('buyer', { header: 'Buyer', meta: { span: true } }),
      col.accessor('country', { header: 'Country' }),
      col.accessor('total', { header: 'Total' }),
    ];
    renderScreen(
      <>
        <StaffTable
          label="Grouped"
          columns={columns}
          rows={lines}
          rowId={(r) => `${r.id}-${r.country}`}
          group={(r) => ({ id: String(r.id), label: r.buyer })}
          query={answered(lines)}
          loadFailed=""
          empty=""
          resetOn={null}
        />
        <StaffTable
          label="Plain"
          columns={columns}
          rows={ROWS}
          rowId={(r) => String(r.id)}
          query={answered(ROWS)}
          loadFailed=""
          empty=""
          resetOn={null}
          cursor={false}
          onOpen={(r) => opened.push(r.id)}
        />
      </>,
      { path: '/admin/orders' },
    );
    const ada = within(screen.getByRole('table', { name: 'Grouped' })).getByRole('rowgroup', { name: 'Ada' });
    const rows = within(ada).getAllByRole('row');
    expect(rows).toHaveLength(2);
    // The buyer's cell heads both of its rows, once.
    expect(within(rows[0]!).getByRole('rowheader')).toHaveAttribute('rowspan', '2');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['US', '1']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['DE', '2']);

    const plain = within(screen.getByRole('table', { name: 'Plain' }))
      .getAllByRole('row')
      .slice(1);
    expect(plain.map((r) => r.getAttribute('tabindex'))).toEqual([null, null, null]);
    await user.keyboard('j{Enter}');
    expect(opened).toEqual([]);
    expect(plain.some((r) => r.classList.contains('bg-brand-50'))).toBe(false);
  });

  it('shows a skeleton on the first load, the empty sentence, and the error with a retry', async () => {
    const loading: Query = { isError: false, error: null, data: undefined, refetch: async () => undefined };
    const view = renderScreen(<Screen query={loading} />, { path: '/admin/orders' });
    expect(await screen.findByRole('status', { name: 'Loading the list…' })).toBeInTheDocument();
    expect(screen.queryAllByRole('row')).toHaveLength(0);
    view.unmount();

    const { unmount } = renderScreen(<Screen query={answered([])} />, { path: '/admin/orders' });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    let retried = 0;
    const failed: Query = {
      isError: true,
      error: new ApiError({ message: 'Server internal error', status: 500, kind: 'http' }),
      data: undefined,
      refetch: async () => {
        retried += 1;
      },
    };
    renderScreen(<Screen query={failed} />, { path: '/admin/orders' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });
});
