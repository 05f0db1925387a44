import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TAddress, TQuote } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { QuoteDetailScreen } from './QuoteDetailScreen';

// The buyer's quote page: the quoted lines and total, and the accept form that sends the chosen
// address, shipping and payment and opens the order; a refusal shows the server's reason.

const QUOTE: TQuote = {
  id: 42,
  status: 'sent',
  currency: 'CNY',
  message: 'Best price for 12?',
  lines: [
    {
      id: 1,
      itemId: 7,
      name: 'Orbit 3x3',
      type: 'black',
      typeName: 'Black',
      quantity: 12,
      unitPrice: 100,
      catalogPrice: 129,
      amount: 1200,
      thumbnail: '/t.webp',
    },
  ],
  goodsAmount: 1200,
  freight: 80,
  totalAmount: 1280,
  validUntil: '2099-01-31',
  withdrawReason: null,
  orderId: null,
  sentTime: '2026-11-27T10:00:00.000Z',
  createdTime: '2026-11-27T09:00:00.000Z',
  updatedTime: '2026-11-27T10:00:00.000Z',
  history: [
    { action: 'quote.request', time: '2026-11-27T09:00:00.000Z', by: 'buyer', name: null, note: null },
    { action: 'quote.send', time: '2026-11-27T10:00:00.000Z', by: 'staff', name: null, note: null },
  ],
};

const ADDRESS = {
  id: 3,
  deliveryRegionId: 'US',
  deliveryState: 'CA',
  deliveryCity: 'San Francisco',
  deliveryPostalCode: '94105',
  deliveryUser: 'Quinn',
  deliveryPhone: '+1 415 555 0100',
  deliveryAddress: '1 Market Street',
  deliveryAddress2: null,
  deliveryCompany: null,
  deliveryTaxId: null,
  deliveryShippingMark: null,
  isDefault: true,
} as unknown as TAddress;

beforeAll(async () => {
  await i18n.loadNamespaces('quotes');
});
beforeEach(() => {
  resetSession();
  signIn();
  server.use(
    http.get('*/api/quotes/42', () => HttpResponse.json(QUOTE)),
    http.get('*/api/selector/express', () => HttpResponse.json([{ id: 'dhl', name: 'DHL Express', transitDays: { min: 3, max: 5 } }])),
    http.get('*/api/selector/payment', () =>
      HttpResponse.json([
        { id: 'tt', name: 'Bank transfer (T/T)', surchargePercent: 0 },
        { id: 'paypal', name: 'PayPal', surchargePercent: 4.4 },
      ]),
    ),
  );
});

describe('QuoteDetailScreen', () => {
  it('shows the quoted lines and total, and accepting sends the choices and opens the order', async () => {
    server.use(http.post('*/api/quotes/42/accept', () => HttpResponse.json({ orderId: 10000077, replayed: false }, { status: 201 })));
    const { router } = renderScreen(<QuoteDetailScreen quoteId={42} address={ADDRESS} addressCard={<p>Address card</p>} />, { path: '/quotes/42' });
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('¥1,280.00');
    expect(within(screen.getByTestId('quote-lines')).getByText('¥129.00')).toBeInTheDocument();
    expect(screen.getByTestId('quote-state')).toHaveTextContent('Valid until 2099-01-31');

    const accept = screen.getByTestId('accept-quote');
    expect(accept).toBeDisabled();
    await screen.findByRole('option', { name: 'DHL Express (3–5 days)' });
    await screen.findByRole('option', { name: 'PayPal (+4.4 %)' });
    fireEvent.change(screen.getByLabelText('Shipping method'), { target: { value: 'dhl' } });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'paypal' } });
    expect(screen.getByText('This method adds 4.4 % to the quoted total.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'tt' } });
    expect(accept).toHaveTextContent('Accept and order for ¥1,280.00');
    fireEvent.click(accept);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/10000077'));
    const [sent] = calls('POST', '/api/quotes/42/accept');
    expect(sent!.body).toMatchObject({
      expressMethod: 'dhl',
      payMethod: 'tt',
      deliveryRegionId: 'US',
      deliveryUser: 'Quinn',
      deliveryAddress: '1 Market Street',
    });
  });

  it('shows why a quote can no longer be accepted', async () => {
    server.use(
      http.post('*/api/quotes/42/accept', () =>
        HttpResponse.json(
          {
            code: 'CONFLICT',
            desc: 'The quote expired on 2026-11-20 and can no longer be accepted; please ask for a new quote',
            details: { reason: 'expired' },
          },
          { status: 409 },
        ),
      ),
    );
    renderScreen(<QuoteDetailScreen quoteId={42} address={ADDRESS} addressCard={null} />, { path: '/quotes/42' });
    await screen.findByRole('option', { name: 'DHL Express (3–5 days)' });
    await screen.findByRole('option', { name: 'Bank transfer (T/T)' });
    fireEvent.change(screen.getByLabelText('Shipping method'), { target: { value: 'dhl' } });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'tt' } });
    fireEvent.click(screen.getByTestId('accept-quote'));
    expect(await screen.findByText(/The quote expired on 2026-11-20/)).toBeInTheDocument();
  });
});
