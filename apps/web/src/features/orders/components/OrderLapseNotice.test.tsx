import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { resetLocaleForTests } from '@/lib/locale';
import { orderDetail } from '@/test/msw/fixtures';
import { shop } from '@/test/msw/shop';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrderDetailScreen } from './OrderDetailScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const LAPSES_AT = '2026-03-14T09:30:00.000Z';

describe('the unpaid-order notice on the buyer’s order page', { timeout: 20_000 }, () => {
  it('tells the buyer, in English, by when to pay to keep the order (the server’s date)', async () => {
    shop.orders = [orderDetail({ lapsesAt: LAPSES_AT, lapseAfterDays: 10 })];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    const notice = await screen.findByTestId('order-lapse');
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAPSES_AT));
    expect(notice).toHaveTextContent(`Unpaid orders are cancelled after 10 days: pay by ${date} to keep this order.`);
  });

  it('says the same in Chinese, with the date as the Chinese page shows dates', async () => {
    // The page's language: the stored choice (dates, the API) and i18next.
    localStorage.setItem('locale', 'zh');
    resetLocaleForTests();
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces('orders');
      shop.orders = [orderDetail({ lapsesAt: LAPSES_AT, lapseAfterDays: 1 })];
      renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
      const notice = await screen.findByTestId('order-lapse');
      const date = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAPSES_AT));
      expect(notice).toHaveTextContent(`未付款订单将在 1 天后自动取消：请在 ${date} 前付款以保留此订单。`);
    } finally {
      localStorage.removeItem('locale');
      resetLocaleForTests();
      await i18n.changeLanguage('en');
    }
  });

  it('shows nothing when the server gives no date (paid, or the shop does not cancel) or the order is cancelled', async () => {
    shop.orders = [orderDetail({ lapsesAt: null, lapseAfterDays: null })];
    const view = renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.queryByTestId('order-lapse')).toBeNull();
    view.unmount();
    shop.orders = [orderDetail({ status: 'cancel', lapsesAt: LAPSES_AT, lapseAfterDays: 10 })];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.queryByTestId('order-lapse')).toBeNull();
  });
});
