import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { resetLocaleForTests } from '@/lib/locale';
import { orderDetail } from '@/test/msw/fixtures';
import { shop } from '@/test/msw/shop';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrdersSection } from './OrdersSection';

// The buyer's order list (profile): each unpaid order the shop will cancel says by when to pay,
// the server's date (docs/orders.md, Unpaid orders), as the order page does.

beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const LAPSES_AT = '2026-03-14T09:30:00.000Z';
const orders = () => [
  orderDetail({ id: 5003, lapsesAt: LAPSES_AT }),
  orderDetail({ id: 5002, paymentStatus: 'paid', lapsesAt: null }),
  orderDetail({ id: 5001, status: 'cancel', lapsesAt: LAPSES_AT }),
];
const row = async (id: number) => (await screen.findAllByTestId('order-row')).find((r) => r.dataset.orderId === String(id))!;

describe('the pay-by date on the buyer’s order list', { timeout: 20_000 }, () => {
  it('shows, in English, by when each unpaid order must be paid; nothing on a paid or cancelled one', async () => {
    shop.orders = orders();
    renderScreen(<OrdersSection />, { queryClient: client() });
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAPSES_AT));
    const unpaid = within(await row(5003)).getByTestId('order-row-lapse');
    expect(unpaid).toHaveTextContent(`Pay by ${date}`);
    expect(within(unpaid).getByText(`Pay by ${date}`)).toHaveAttribute('datetime', LAPSES_AT);
    expect(within(await row(5002)).queryByTestId('order-row-lapse')).toBeNull();
    expect(within(await row(5001)).queryByTestId('order-row-lapse')).toBeNull();
  });

  it('says the same in Chinese, with the date as the Chinese page shows dates', async () => {
    localStorage.setItem('locale', 'zh');
    resetLocaleForTests();
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces('orders');
      shop.orders = orders();
      renderScreen(<OrdersSection />, { queryClient: client() });
      const date = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAPSES_AT));
      expect(within(await row(5003)).getByTestId('order-row-lapse')).toHaveTextContent(`请于 ${date} 前付款`);
    } finally {
      localStorage.removeItem('locale');
      resetLocaleForTests();
      await i18n.changeLanguage('en');
    }
  });
});
