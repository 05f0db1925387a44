import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { server } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrderDetailScreen } from './OrderDetailScreen';

// The PayPal part of the buyer's order page (docs/orders.md, PayPal).
beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const paypalOrder = (overrides = {}) => orderDetail({ payMethod: { id: 'paypal', name: 'PayPal' }, messages: [], documents: [], ...overrides });
const online = (value: boolean) => server.use(http.get('/api/paypal/config', () => HttpResponse.json({ online: value })));
const screenAt = (query = '') => renderScreen(<OrderDetailScreen orderId="5001" />, { path: '/order/:id', at: `/order/5001${query}`, queryClient: client() });

describe('PayPalPay', { timeout: 20_000 }, () => {
  it('sends the buyer to PayPal to pay the balance, showing that it is on the way', async () => {
    shop.orders = [paypalOrder()];
    online(true);
    let started = 0;
    server.use(
      http.post('/api/orders/:id/paypal', async () => {
        started++;
        await new Promise((r) => setTimeout(r, 50));
        return HttpResponse.json({ paypalOrderId: 'PP1', approveUrl: 'https://www.paypal.test/checkoutnow?token=PP1' });
      }),
    );
    const location = { href: 'http://localhost/order/5001', assign: vi.fn() };
    vi.stubGlobal('location', location);
    screenAt();
    const card = await screen.findByTestId('paypal-pay');
    expect(card).toHaveTextContent('Pay the balance of ¥1,252.80 on PayPal');
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(await screen.findByRole('button', { name: 'Taking you to PayPal…' })).toBeDisabled();
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://www.paypal.test/checkoutnow?token=PP1'));
    expect(started).toBe(1);
  });

  it("shows the server's reason when PayPal cannot be started, and lets the buyer try again", async () => {
    shop.orders = [paypalOrder()];
    online(true);
    server.use(http.post('/api/orders/:id/paypal', () => apiError(503, 'UNAVAILABLE', 'PayPal cannot be reached at the moment; please try again later')));
    screenAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal cannot be reached at the moment');
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
  });

  it('shows the invoice-by-e-mail text instead of the button when PayPal online is off', async () => {
    shop.orders = [paypalOrder()];
    online(false);
    screenAt();
    expect(await screen.findByTestId('paypal-invoice')).toHaveTextContent('We will e-mail you a PayPal invoice for ¥1,252.80');
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
  });

  it('shows nothing to pay on a paid, a cancelled or a non-PayPal order', async () => {
    online(true);
    for (const order of [
      paypalOrder({ paymentStatus: 'paid', balance: 0 }),
      paypalOrder({ status: 'cancel' }),
      paypalOrder({ payMethod: { id: 'tt', name: 'T/T' } }),
    ]) {
      shop.orders = [order];
      const view = screenAt();
      await screen.findByTestId('order-id');
      expect(screen.queryByTestId('paypal-pay')).toBeNull();
      expect(screen.queryByTestId('paypal-invoice')).toBeNull();
      view.unmount();
    }
  });

  it('tells the buyer back from PayPal how it ended', async () => {
    online(true);
    shop.orders = [paypalOrder({ paymentStatus: 'paid', balance: 0 })];
    let view = screenAt('?paypal=paid');
    const notice = await screen.findByTestId('paypal-outcome');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('your PayPal payment was received');
    view.unmount();
    shop.orders = [paypalOrder()];
    view = screenAt('?paypal=failed');
    expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('did not go through');
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    view.unmount();
    await i18n.changeLanguage('zh');
    try {
      screenAt('?paypal=cancelled');
      expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('您已离开 PayPal，未付款');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('tells the buyer when PayPal did not charge because the order was already paid, owes another amount or was cancelled', async () => {
    online(true);
    shop.orders = [paypalOrder({ paymentStatus: 'paid', balance: 0 })];
    let view = screenAt('?paypal=alreadyPaid');
    const notice = await screen.findByTestId('paypal-outcome');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('This order was already paid, so PayPal did not charge you again.');
    expect(screen.queryByTestId('paypal-pay')).toBeNull();
    view.unmount();

    // A lower balance now: the notice, and the button to pay the new amount.
    shop.orders = [paypalOrder({ balance: 1000 })];
    view = screenAt('?paypal=amountChanged');
    expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent(
      'The amount owed on this order changed, so PayPal did not charge you. Please pay the new amount.',
    );
    expect(screen.getByTestId('paypal-outcome')).toHaveAttribute('role', 'alert');
    expect(await screen.findByTestId('paypal-pay')).toHaveTextContent('Pay the balance of ¥1,000.00 on PayPal');
    view.unmount();

    shop.orders = [paypalOrder({ status: 'cancel' })];
    view = screenAt('?paypal=orderCancelled');
    expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('This order was cancelled, so PayPal did not charge you.');
    view.unmount();

    await i18n.changeLanguage('zh');
    try {
      shop.orders = [paypalOrder({ paymentStatus: 'paid', balance: 0 })];
      view = screenAt('?paypal=alreadyPaid');
      expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('该订单已付款，PayPal 未再次扣款。');
      view.unmount();
      shop.orders = [paypalOrder({ balance: 1000 })];
      view = screenAt('?paypal=amountChanged');
      expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('该订单的待付金额已变更，PayPal 未扣款。请按新金额重新付款。');
      view.unmount();
      shop.orders = [paypalOrder({ status: 'cancel' })];
      screenAt('?paypal=orderCancelled');
      expect(await screen.findByTestId('paypal-outcome')).toHaveTextContent('该订单已取消，PayPal 未扣款。');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
