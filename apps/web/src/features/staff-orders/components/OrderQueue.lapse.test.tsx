import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffOrderList, TStaffOrderRow } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrderQueue } from './OrderQueue';

// The queue shows when the unpaid-order follow-up cancels an order unless it is paid, and filters
// the orders it will cancel (lapsing=1; docs/orders.md, Unpaid orders).

beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const HOUR = 3_600_000;
const row = (id: number, lapsesAt: string | null): TStaffOrderRow => ({
  id,
  createdTime: '2026-11-20T10:00:00.000Z',
  status: 'confirm',
  paymentStatus: lapsesAt ? 'unpaid' : 'paid',
  logisticsStatus: 'pending',
  trackingNumber: null,
  carrier: null,
  currency: 'CNY',
  totalAmount: 300,
  totalCny: 300,
  balance: lapsesAt ? 300 : 0,
  lineCount: 1,
  quantity: 2,
  chargeableWeight: 0.25,
  country: 'US',
  deliveryUser: 'Ada',
  expressMethod: { id: 'dhl', name: 'DHL' },
  payMethod: { id: 'tt', name: 'T/T' },
  buyer: { id: 7, account: 'ada', name: 'Ada', email: 'ada@example.com', mobile: null },
  lapsesAt,
  fulfillment: 'none',
});

function serve(seen: URLSearchParams[]) {
  const soon = new Date(Date.now() + 2 * 24 * HOUR + HOUR).toISOString();
  const due = new Date(Date.now() - HOUR).toISOString();
  server.use(
    http.get('/api/admin/orders', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const data = params.get('lapsing') === '1' ? [row(1, soon), row(2, due)] : [row(1, soon), row(2, due), row(3, null)];
      const list: TStaffOrderList = {
        data,
        pager: { page: 1, recPerPage: 50, recTotal: data.length },
        counts: { confirm: data.length, outbound: 0, delivery: 0, complete: 0, cancel: 0, all: data.length },
      };
      return HttpResponse.json(list);
    }),
  );
}

describe('OrderQueue: unpaid orders', { timeout: 20_000 }, () => {
  it.each([
    ['en', 'in 3 days', 'due now', 'Unpaid follow-up', 'Will be cancelled unless paid'],
    ['zh', '3 天后', '即将取消', '未付款跟进', '未付款将被取消'],
  ] as const)('says when each lapses and filters the ones that will (%s)', async (lang, soon, now, label, option) => {
    await i18n.changeLanguage(lang);
    const seen: URLSearchParams[] = [];
    serve(seen);
    const user = userEvent.setup();
    const { router } = renderScreen(<OrderQueue role="sales" />, { path: '/admin/orders' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(soon)).toBeInTheDocument();
    expect(within(table).getByText(now)).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText(label), option);
    expect(router.state.location.search).toContain('lapsing=1');
    await waitFor(() => expect(seen.at(-1)?.get('lapsing')).toBe('1'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
  });
});
