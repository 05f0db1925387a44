import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { orderDetail, orderMoney } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { struckThrough } from '@/test/queries';
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
    shop.orders = [
      orderDetail({
        bankTransfer,
        paymentStatus: 'paid',
        balance: 0,
        money: orderMoney({ goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 }, { paid: 1252.8 }),
      }),
    ];
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
    expect(fact('Goods')).toHaveTextContent('¥1,000.00');
    expect(screen.getByTestId('order-freight')).toHaveTextContent('¥200.00');
    expect(fact('Payment fee (4.4%)')).toHaveTextContent('¥52.80');
    // 1,000 + 200 + 52.80
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥1,252.80');
    expect(screen.getByTestId('order-balance')).toHaveTextContent('¥1,252.80');
    expect(fact('Still to pay')).toHaveTextContent('¥1,252.80');
    expect(fact('Total quantity')).toHaveTextContent(/^12$/);
    expect(screen.queryByTestId('order-changed-note')).toBeNull();
    expect(struckThrough(screen.getByTestId('order-money'))).toEqual([]);
    // The country reads in the page's language.
    expect(await screen.findByText('United States of America')).toBeInTheDocument();
  });

  it('shows what was packed and its price first, with the ordered figures struck through', async () => {
    const order = orderDetail();
    const ordered = { goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 };
    // 9 of the 10 first pieces packed, at ¥78 instead of ¥80: 702 + 200 = 902 goods; 4.4 % of 1,102 = 48.49.
    const charged = { goods: 902, freight: 200, surcharge: 48.49, total: 1150.49 };
    shop.orders = [
      {
        ...order,
        actualQuantity: 11,
        actualTotalPrice: 1150.49,
        items: [{ ...order.items[0]!, actualQuantity: 9, actualPrice: 78, actualAmount: 702 }, order.items[1]!],
        money: orderMoney(charged, { ordered }),
      },
    ];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.getByTestId('order-changed-note')).toHaveTextContent('you pay the figures shown first');
    const quantity = fact('Total quantity');
    expect(quantity).toHaveTextContent(/^11/);
    expect(struckThrough(quantity)[0]).toHaveTextContent('12');
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥1,150.49');
    expect(struckThrough(fact('Total'))[0]).toHaveTextContent('¥1,252.80');
    expect(fact('Goods')).toHaveTextContent('¥902.00');
    expect(fact('Still to pay')).toHaveTextContent('¥1,150.49');
    const [first, second] = screen.getAllByTestId('order-line');
    expect(within(first!).getByTestId('order-line-price')).toHaveTextContent('¥78.00 × 9');
    expect(struckThrough(within(first!).getByTestId('order-line-price'))[0]).toHaveTextContent('Ordered: ¥80.00 × 10');
    expect(within(first!).getByTestId('order-line-amount')).toHaveTextContent('¥702.00');
    expect(struckThrough(first!).at(-1)).toHaveTextContent('¥800.00');
    expect(struckThrough(within(second!).getByTestId('order-line-price'))).toEqual([]);
  });

  it('after a return and its refund: the credit note, paid, credited and refunded, and nothing left either way', async () => {
    const charge = { goods: 700, freight: 20, surcharge: 4.08, total: 724.08 };
    const order = orderDetail({ currency: 'USD' });
    shop.orders = [
      {
        ...order,
        paymentStatus: 'paid',
        balance: 0,
        money: orderMoney(charge, { credited: 12.51, paid: 724.08, refunded: 12.51 }),
        credits: [
          {
            id: 1,
            number: 'CN-5001-1',
            kind: 'return',
            amount: 12.51,
            reason: 'Cracked on arrival',
            lines: [{ lineId: 1, itemId: 100001, name: 'GAN 356 M', typeName: null, quantity: 1, unitPrice: 12.51, amount: 12.51 }],
            extra: 0,
            requestId: 3,
            createdBy: null,
            createdTime: order.createdTime,
          },
        ],
        payments: [
          { kind: 'payment', amount: 724.08, currency: 'USD', orderAmount: 724.08, method: 'paypal', paidAt: order.createdTime },
          { kind: 'refund', amount: 12.51, currency: 'USD', orderAmount: 12.51, method: 'paypal', paidAt: order.createdTime },
        ],
      },
    ];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Paid');
    expect(fact('Credit note CN-5001-1')).toHaveTextContent('-$12.51');
    expect(screen.getByText(/Cracked on arrival/)).toBeInTheDocument();
    expect(screen.getByText(/GAN 356 M × 1/)).toBeInTheDocument();
    expect(screen.getByTestId('order-owed')).toHaveTextContent('$711.57');
    expect(screen.getByTestId('order-paid')).toHaveTextContent('$724.08');
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('$12.51');
    expect(fact('Nothing left to pay')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('order-payments')).toHaveTextContent('Refund · PayPal');
  });

  it('says how much the shop owes back when the buyer paid more than is owed', async () => {
    const charge = { goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 };
    shop.orders = [orderDetail({ paymentStatus: 'refund_due', balance: -52.8, money: orderMoney(charge, { credited: 52.8, paid: 1252.8 }) })];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Refund due');
    expect(fact('We owe you')).toHaveTextContent('¥52.80');
    expect(screen.getByText('We will refund ¥52.80 to you.')).toBeInTheDocument();
  });

  it('tells an Alipay buyer how to pay, with the order number to quote, until nothing is left to pay', async () => {
    const paymentInstructions = {
      method: { id: 'alipay', name: 'Alipay' },
      receiver: 'Cube Co',
      account: 'pay@cube.example',
      note: 'Scan and pay',
      reference: '5001',
      qrUrl: null,
    };
    shop.orders = [orderDetail({ payMethod: { id: 'alipay', name: 'Alipay' }, surchargePercent: 0, paymentInstructions })];
    const view = renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    expect(await screen.findByText('How to pay by Alipay')).toBeInTheDocument();
    expect(screen.getByText('pay@cube.example')).toBeInTheDocument();
    view.unmount();
    shop.orders = [
      orderDetail({
        paymentInstructions,
        paymentStatus: 'paid',
        money: orderMoney({ goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 }, { paid: 1252.8 }),
      }),
    ];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    await screen.findByTestId('order-id');
    expect(screen.queryByText('How to pay by Alipay')).toBeNull();
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
    shop.orders = [
      orderDetail({
        freeShipping: true,
        expressFee: 0,
        expressFeeBase: 200,
        surcharge: 44,
        totalAmount: 1044,
        actualTotalPrice: 1044,
        money: orderMoney({ goods: 1000, freight: 0, surcharge: 44, total: 1044 }),
      }),
    ];
    renderScreen(<OrderDetailScreen orderId="5001" />, { queryClient: client() });
    expect(await screen.findByTestId('order-freight')).toHaveTextContent('Free shipping');
    expect(struckThrough(fact('Freight'))[0]).toHaveTextContent('¥200.00');
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
