import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffSearchResult } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession } from '@/test/render';
import { useRef } from 'react';
import { useListKeys } from '@/components/staff/use-list-keys';
import { StaffSearch } from './StaffSearch';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});
beforeEach(() => {
  resetSession();
});

/** The search API: Tom's two orders (and more), Tom the customer, nothing else; remembers each q asked. */
function serve(seen: string[]) {
  server.use(
    http.get('/api/admin/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      seen.push(q);
      const tom = 'tom'.startsWith(q.toLowerCase()) || q.toLowerCase().startsWith('tom');
      const body: TStaffSearchResult = {
        q,
        sections: [
          {
            kind: 'orders',
            hits: tom
              ? [
                  { id: 10000042, title: '10000042 · Tom Smith', detail: 'Tom Cubes Ltd · ¥120.00', link: '/admin/orders/10000042', status: 'confirm' },
                  { id: 10000041, title: '10000041 · Tom Smith', detail: 'Tom Cubes Ltd · ¥80.00', link: '/admin/orders/10000041', status: 'complete' },
                ]
              : [],
            more: tom,
            all: `/admin/orders?q=${encodeURIComponent(q)}`,
          },
          {
            kind: 'customers',
            hits: tom ? [{ id: 7, title: 'Tom Smith', detail: 'kestrel · tom@example.com', link: '/admin/customers/7' }] : [],
            more: false,
            all: `/admin/customers?q=${encodeURIComponent(q)}`,
          },
        ],
      };
      return HttpResponse.json(body);
    }),
  );
}

/** A staff list with its own search box and list keys (as the queue and the customer list have). */
function ListWithKeys() {
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  useListKeys({ rows: [1, 2], searchBox, table, onOpen: () => {}, resetOn: '' });
  return <input ref={searchBox} aria-label="Search the list" />;
}

function screenWithAnotherField() {
  return renderScreen(
    <>
      <StaffSearch />
      <label>
        Note <input name="note" />
      </label>
    </>,
    { path: '/admin/*', at: '/admin/orders' },
  );
}

describe('StaffSearch', { timeout: 20_000 }, () => {
  it('takes / from anywhere but a field, groups the matches by kind, moves with the arrows and opens with Enter', async () => {
    const seen: string[] = [];
    serve(seen);
    const { router } = screenWithAnotherField();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search orders, customers and products' });

    // `/` typed into another field stays there.
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'a/b');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('a/b');
    expect(box).not.toHaveFocus();
    await user.click(document.body);
    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');

    // One character asks nothing; two do (once the typing pauses).
    await user.keyboard('t');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('o');
    expect(await screen.findByRole('status')).toHaveTextContent('Searching…');
    const list = await screen.findByRole('listbox');
    expect(seen).toEqual(['to']);
    expect(within(list).getByRole('group', { name: 'Orders' })).toBeTruthy();
    expect(within(list).getByRole('group', { name: 'Customers' })).toBeTruthy();
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('10000042 · Tom Smith'),
      expect.stringContaining('10000041 · Tom Smith'),
      'All matching Orders →',
      expect.stringContaining('kestrel · tom@example.com'),
    ]);
    expect(options[0]).toHaveTextContent('Confirmed');

    // Arrows move (and wrap); the box says which row is active.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options[3]).toHaveAttribute('aria-selected', 'true');

    // Escape closes the list; Enter opens it again, and Enter on a row goes to its page.
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/10000041'));
    expect(box).not.toHaveFocus();
  });

  it('opens the first match on Enter, a row under the mouse on a click, and says when nothing is found', async () => {
    const seen: string[] = [];
    serve(seen);
    const { router } = screenWithAnotherField();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox');

    await user.click(box);
    await user.keyboard('zebra');
    expect(await screen.findByText('Nothing found for “zebra”')).toBeTruthy();
    expect(seen.at(-1)).toBe('zebra');

    await user.clear(box);
    await user.type(box, 'Tom');
    const customer = await screen.findByRole('option', { name: /kestrel/ });
    await user.hover(customer);
    expect(customer).toHaveAttribute('aria-selected', 'true');
    await user.click(customer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers/7'));

    await user.click(box);
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/10000042'));
  });

  it('takes / before a staff list does (the list keeps its box for the mouse)', async () => {
    serve([]);
    renderScreen(
      <>
        <StaffSearch />
        <ListWithKeys />
      </>,
      { path: '/admin/*', at: '/admin/orders' },
    );
    const user = userEvent.setup();
    await user.keyboard('/');
    expect(screen.getByRole('combobox')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Search the list' })).not.toHaveFocus();
  });
});
