import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
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

/** No automatic retries: the test drives them. */
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The value (dd) of the fact labelled `label` in the order summary. */
function fact(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('OrderDetailScreen', { timeout: 20_000 }, () => {
  it('tells a T/T buyer where to pay, with the order id as reference, until the order is paid', async () => {
    const bankTransfer = { accountName: 'Cube Co', bank: 'Test Bank', bankAddress: null, swift: 'TESTCNSZ', accountNumber: '1234 5678', reference: '5001' };
    shop.orders = [orderDetail({ bankTransfer })];
    const view = renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    const card = await screen.findByTestId('bank-transfer');
    expect(card).toHaveTextContent('1234 5678');
    expect(card).toHaveTextContent('TESTCNSZ');
    expect(screen.getByText(/with this payment reference: 5001\./)).toHaveTextContent('Please transfer ¥1,252.80');
    view.unmount();
    shop.orders = [orderDetail({ bankTransfer, paymentStatus: 'paid', balance: 0 })];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.queryByTestId('bank-transfer')).toBeNull();
  });

  it('shows the order as placed: status, lines, freight, payment fee and a total that adds up', async () => {
    shop.orders = [orderDetail()];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    expect(await screen.findByTestId('order-id')).toHaveTextContent('Order ID: 5001');
    expect(screen.getAllByText('Confirmed').length).toBeGreaterThan(0);
    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('GAN 356 M')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('¥800.00');
    expect(lines[1]).toHaveTextContent('¥200.00');
    expect(fact('Goods amount')).toHaveTextContent('¥1,000.00');
    expect(screen.getByTestId('order-freight')).toHaveTextContent('¥200.00');
    expect(fact('Payment fee (4.4%)')).toHaveTextContent('¥52.80');
    // 1,000 + 200 + 52.80
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥1,252.80');
    expect(fact('Total quantity')).toHaveTextContent(/^12$/);
    expect(screen.queryByText(/Actual/)).not.toBeInTheDocument();
    // The country reads in the page's language.
    expect(await screen.findByText('United States of America')).toBeInTheDocument();
  });

  it('shows the packed (actual) quantity and total next to what was ordered when they differ', async () => {
    const order = orderDetail();
    shop.orders = [
      {
        ...order,
        actualQuantity: 11,
        actualTotalPrice: 1169.2,
        items: [{ ...order.items[0]!, actualQuantity: 9 }, order.items[1]!],
      },
    ];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    const quantity = fact('Total quantity');
    expect(quantity).toHaveTextContent('12');
    expect(quantity).toHaveTextContent('Actual quantity: 11');
    const total = fact('Total amount');
    expect(within(total).getByTestId('order-total')).toHaveTextContent('¥1,252.80');
    expect(total).toHaveTextContent('Actual total: ¥1,169.20');
    const [first, second] = screen.getAllByTestId('order-line');
    expect(first).toHaveTextContent('× 10');
    expect(first).toHaveTextContent('Actual quantity: 9');
    expect(second).not.toHaveTextContent('Actual quantity');
  });

  it('says which quantity tier a line was sold at', async () => {
    const order = orderDetail();
    shop.orders = [{ ...order, items: [{ ...order.items[0]!, tierMinQuantity: 12 }, order.items[1]!] }];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    const [first, second] = screen.getAllByTestId('order-line');
    expect(within(first!).getByTestId('order-line-tier')).toHaveTextContent('12+ pieces price');
    expect(within(second!).queryByTestId('order-line-tier')).toBeNull();
  });

  it('free shipping strikes the freight through and charges nothing for it', async () => {
    shop.orders = [orderDetail({ freeShipping: true, expressFee: 0, expressFeeBase: 200, surcharge: 44, totalAmount: 1044, actualTotalPrice: 1044 })];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    expect(await screen.findByTestId('order-freight')).toHaveTextContent('Free shipping');
    expect(fact('Freight').querySelector('s')).toHaveTextContent('¥200.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥1,044.00');
  });
});

describe('OrderDetailScreen errors', { timeout: 20_000 }, () => {
  it('a missing order says not found with a way back to my orders, and no retry', async () => {
    renderScreen(<OrderDetailScreen orderId="404404" />, { queryClient: client() });
    expect(await screen.findByText('Order 404404 does not exist.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Back to my orders' });
    expect(links.every((link) => link.getAttribute('href') === '/my-order')).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/orders/404404')).toHaveLength(1);
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces(['orders', 'common']);
      renderScreen(<OrderDetailScreen orderId="9" />, { queryClient: client() });
      expect(await screen.findByText('订单 9 不存在。')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a server error offers a retry that refetches', async () => {
    let attempt = 0;
    server.use(http.get('/api/orders/7', () => (++attempt === 1 ? apiError(500, 'INTERNAL', 'down') : apiError(502, 'BAD_GATEWAY', 'still down'))));
    renderScreen(<OrderDetailScreen orderId="7" />, { queryClient: client() });
    expect(await screen.findByText('Failed to load, please try again later')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Retry' });
    await expect.poll(() => calls('GET', '/api/orders/7').length).toBe(2);
  });

  it('a network error offers a retry that refetches', async () => {
    let fail = true;
    // Once no answer at all; then the server's own answer (no such order).
    server.use(http.get('/api/orders/8', () => (fail ? HttpResponse.error() : undefined)));
    renderScreen(<OrderDetailScreen orderId="8" />, { queryClient: client() });
    expect(await screen.findByText('Failed to load, please try again later')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Order 8 does not exist.')).toBeInTheDocument();
    expect(calls('GET', '/api/orders/8')).toHaveLength(2);
  });
});
