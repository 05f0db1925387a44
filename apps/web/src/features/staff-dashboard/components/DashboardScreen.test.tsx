import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addShopDays, shopDayOf, ZDashboard, type TDashboard } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { BUYER } from '@/test/msw/fixtures';
import { DashboardScreen } from './DashboardScreen';

// The sales dashboard (/admin/dashboard): the figures of the answer in each currency, the tiles
// linking to their screens, the range presets sent to the API, the empty and error states.

const zero = { CNY: 0, USD: 0 };
function answer(from: string, to: string, sold: boolean): TDashboard {
  return ZDashboard.parse({
    from,
    to,
    days: [{ day: to, orders: sold ? { CNY: 2, USD: 1 } : zero, revenue: sold ? { CNY: 1234.5, USD: 99 } : zero, newBuyers: sold ? 1 : 0 }],
    totals: {
      orders: sold ? { CNY: 2, USD: 1 } : zero,
      revenue: sold ? { CNY: 1234.5, USD: 99 } : zero,
      received: sold ? { CNY: 0, USD: 99 } : zero,
      newBuyers: sold ? 1 : 0,
    },
    payment: {
      paid: { orders: sold ? { CNY: 0, USD: 1 } : zero, amount: sold ? { CNY: 0, USD: 99 } : zero },
      unpaid: { orders: sold ? { CNY: 2, USD: 0 } : zero, amount: sold ? { CNY: 1234.5, USD: 0 } : zero, toPay: sold ? { CNY: 1234.5, USD: 0 } : zero },
    },
    topProducts: sold ? [{ itemId: 7, nameZh: '轨道三阶', nameEn: 'Orbit 3x3', units: 36, revenue: { CNY: 720, USD: 99 } }] : [],
    topBrands: sold ? [{ nameZh: '奇艺', nameEn: 'QiYi', units: 36, revenue: { CNY: 720, USD: 99 } }] : [],
    lowStock: { products: 3, styles: [] },
    openRequests: 1,
    chat: { waiting: 2, serving: 0 },
  });
}

let sold = true;
beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'common']);
});
beforeEach(() => {
  sold = true;
  resetSession();
  signIn({ ...BUYER, admin: true, role: 'owner' });
  server.use(
    http.get('/api/admin/dashboard', ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json(answer(q.get('from')!, q.get('to')!, sold));
    }),
  );
});

describe('DashboardScreen', { timeout: 20_000 }, () => {
  it('shows the figures of the answer in each currency, never added together, and tiles linking to their screens', async () => {
    renderScreen(<DashboardScreen role="owner" />, { path: '/admin/dashboard' });
    expect(await screen.findByText('¥1,234.50 · $99.00')).toBeInTheDocument();
    expect(screen.getByText('CNY 2 · USD 1')).toBeInTheDocument();
    expect(screen.getByText('Orbit 3x3')).toBeInTheDocument();
    expect(screen.getByText('QiYi')).toBeInTheDocument();
    const cny = screen.getByTestId('dashboard-payment-CNY');
    expect(cny).toHaveTextContent('Unpaid: 2 orders · still to pay ¥1,234.50');
    expect(screen.getByTestId('dashboard-payment-USD')).toHaveTextContent('Paid: 1 order · $99.00');
    expect(screen.getByRole('link', { name: /3 products low on stock/ })).toHaveAttribute('href', '/admin/stock?stockStatus=low');
    expect(screen.getByRole('link', { name: /1 request to decide/ })).toHaveAttribute('href', '/admin/requests');
    expect(within(screen.getByRole('link', { name: /2 buyers waiting/ })).getByText('0 conversations open')).toBeInTheDocument();
    // The last 30 days by default, in the shop's days.
    const today = shopDayOf(Date.now());
    const asked = calls('GET', '/api/admin/dashboard').at(-1)!.query;
    expect([asked.get('from'), asked.get('to')]).toEqual([addShopDays(today, -29), today]);
  });

  it('asks for 90 days when the preset is chosen and keeps the range in the URL', async () => {
    const { router } = renderScreen(<DashboardScreen role="owner" />, { path: '/admin/dashboard' });
    await screen.findByText('Orbit 3x3');
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    const today = shopDayOf(Date.now());
    await waitFor(() => expect(calls('GET', '/api/admin/dashboard').at(-1)!.query.get('from')).toBe(addShopDays(today, -89)));
    expect(router.state.location.search).toBe(`?from=${addShopDays(today, -89)}&to=${today}`);
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when nothing was sold in the range, and sales see no link to the stock screen they cannot open', async () => {
    sold = false;
    renderScreen(<DashboardScreen role="sales" />, { path: '/admin/dashboard' });
    expect(await screen.findByTestId('dashboard-empty')).toHaveTextContent('No orders were placed in this range.');
    expect(screen.queryByRole('link', { name: /low on stock/ })).not.toBeInTheDocument();
    expect(screen.getByText('3 products low on stock')).toBeInTheDocument();
  });

  it('shows an error with a retry when the dashboard cannot be loaded', async () => {
    server.use(http.get('/api/admin/dashboard', () => HttpResponse.json({ code: 'INTERNAL', desc: 'boom' }, { status: 500 })));
    renderScreen(<DashboardScreen role="owner" />, { path: '/admin/dashboard' });
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
