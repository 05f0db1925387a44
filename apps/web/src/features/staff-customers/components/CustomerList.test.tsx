import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TCustomerList, TCustomerRow } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { CustomerList } from './CustomerList';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const row = (id: number, account: string, extra: Partial<TCustomerRow> = {}): TCustomerRow => ({
  id,
  account,
  name: `${account} name`,
  email: `${account}@example.com`,
  mobile: null,
  country: 'US',
  registeredTime: '2026-01-02T03:04:05Z',
  disabledTime: null,
  orderCount: 0,
  spent: [],
  lastOrderTime: null,
  ...extra,
});

/** The staff customer API's list: answers the rows whose account contains q, and remembers each query string. */
function serve(rows: TCustomerRow[], seen: string[]) {
  server.use(
    http.get('/api/admin/customers', ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.search);
      const q = url.searchParams.get('q') ?? '';
      const data = rows.filter((r) => r.account.includes(q));
      return HttpResponse.json({ data, pager: { page: 1, recPerPage: 50, recTotal: data.length } } satisfies TCustomerList);
    }),
  );
}

describe('CustomerList', { timeout: 20_000 }, () => {
  it('shows buyers with their figures, searches through the URL and opens the chosen row with the keyboard', async () => {
    const seen: string[] = [];
    serve(
      [
        row(2, 'ada', {
          orderCount: 3,
          spent: [
            { currency: 'CNY', amount: 70 },
            { currency: 'USD', amount: 12.5 },
          ],
          lastOrderTime: '2026-03-01T10:00:00Z',
        }),
        row(1, 'bob', { disabledTime: '2026-03-02T10:00:00Z' }),
      ],
      seen,
    );
    const { router } = renderScreen(<CustomerList />, { path: '/admin/customers' });
    const table = await screen.findByRole('table');
    const ada = within(table).getByRole('row', { name: /ada/ });
    expect(within(ada).getByText('3')).toBeTruthy();
    expect(within(ada).getByText(/¥70\.00 · \$12\.50/)).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /bob/ })).getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('2 customers')).toBeTruthy();

    const user = userEvent.setup();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await user.type(screen.getByRole('searchbox'), 'bo{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bo'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /ada/ })).toBeNull());
    expect(seen.at(-1)).toBe('?q=bo');

    await user.click(document.body);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers/1'));
  });
});
