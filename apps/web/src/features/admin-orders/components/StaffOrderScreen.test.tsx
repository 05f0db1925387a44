import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TAdminOrderDetail } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { StaffOrderScreen } from './StaffOrderScreen';

beforeAll(async () => {
  await i18n.loadNamespaces(['backoffice', 'orders']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function detail(overrides: Partial<TAdminOrderDetail> = {}): TAdminOrderDetail {
  const order = orderDetail();
  return {
    order,
    buyer: { id: 7, account: 'li_wei', name: 'Li Wei', email: 'li@example.com', mobile: null },
    paymentStatus: 'unpaid',
    balance: order.totalAmount,
    due: order.totalAmount,
    carrier: null,
    trackingUrl: null,
    cancelReason: null,
    payments: [],
    audit: [],
    notes: [],
    ...overrides,
  };
}

/** The staff order API of one order: GET answers `state`; a payment adds itself and answers the new state. */
function serve(state: TAdminOrderDetail, seen: unknown[] = []) {
  server.use(
    http.get('/api/admin/orders/5001', () => HttpResponse.json(state)),
    http.post('/api/admin/orders/5001/payments', async ({ request }) => {
      const body = (await request.json()) as { amount: number; currency: 'CNY' | 'USD'; kind: 'payment' | 'refund'; method: 'bankTransfer' };
      seen.push(body);
      state = {
        ...state,
        paymentStatus: 'paid',
        balance: 0,
        payments: [{ id: 1, ...body, orderAmount: body.amount, reference: null, paidAt: '2026-11-25T10:00:00Z', recordedBy: 'Sam', createdTime: '2026-11-25T10:00:00Z' }],
      };
      return HttpResponse.json(state, { status: 201 });
    }),
  );
}

describe('StaffOrderScreen', { timeout: 20_000 }, () => {
  it('lets sales record the balance as a payment and shows the order paid', async () => {
    const seen: unknown[] = [];
    serve(detail(), seen);
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByLabelText('Amount')).toHaveValue('1252.80');
    await userEvent.click(within(payments).getByRole('button', { name: 'Record' }));
    expect(await within(payments).findByText('Recorded by Sam', { exact: false })).toBeInTheDocument();
    expect(seen).toEqual([{ kind: 'payment', amount: 1252.8, currency: 'CNY', method: 'bankTransfer' }]);
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    // sales may cancel: the next statuses include it
    const move = within(screen.getByRole('region', { name: 'Status and shipping' })).getByLabelText('Move to');
    expect(within(move).getAllByRole('option').map((o) => o.textContent)).toEqual(['Confirmed', '→ Outbound', '→ Cancelled']);
  });

  it('gives the warehouse packing and shipping but no prices, payments or cancel', async () => {
    serve(detail());
    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    await screen.findByRole('heading', { name: 'Order 5001' });
    expect(screen.getAllByLabelText(/^Packed: /)).toHaveLength(2);
    expect(screen.queryAllByLabelText(/^Actual price: /)).toHaveLength(0);
    expect(within(screen.getByRole('region', { name: 'Payments' })).queryByRole('button', { name: 'Record' })).toBeNull();
    expect(screen.queryByLabelText(/Actual shipping fee/)).toBeNull();
    const move = within(screen.getByRole('region', { name: 'Status and shipping' })).getByLabelText('Move to');
    expect(within(move).getAllByRole('option').map((o) => o.textContent)).toEqual(['Confirmed', '→ Outbound']);
  });

  it('sends a message to the buyer with Ctrl+Enter; the warehouse may only add internal notes', async () => {
    let state = detail();
    const seen: unknown[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(state)),
      http.post('/api/admin/orders/5001/notes', async ({ request }) => {
        const body = (await request.json()) as { kind: 'note' | 'message'; body: string };
        seen.push(body);
        state = { ...state, notes: [...state.notes, { id: state.notes.length + 1, ...body, author: 'Sam', createdTime: '2026-11-25T10:00:00Z' }] };
        return HttpResponse.json(state, { status: 201 });
      }),
    );
    const view = renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const notes = await screen.findByRole('region', { name: 'Notes and messages' });
    expect(within(notes).getByText('No notes yet.')).toBeInTheDocument();
    await userEvent.click(within(notes).getByRole('radio', { name: 'Message to the buyer' }));
    await userEvent.type(within(notes).getByRole('textbox'), 'Black is sold out{Enter}White instead?');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(notes).findByText(/White instead\?/)).toBeInTheDocument();
    expect(seen).toEqual([{ kind: 'message', body: 'Black is sold out\nWhite instead?' }]);
    expect(within(notes).getByRole('textbox')).toHaveValue('');
    view.unmount();

    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    const again = await screen.findByRole('region', { name: 'Notes and messages' });
    expect(within(again).getByRole('radio', { name: 'Message to the buyer' })).toBeDisabled();
    expect(within(again).getByRole('radio', { name: 'Internal note' })).toBeChecked();
  });

  it('offers the refund due when the balance is negative (a cancelled order that was paid)', async () => {
    serve(detail({ paymentStatus: 'partially_paid', balance: -50, due: 0 }));
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Refund due: ¥50.00')).toBeInTheDocument();
    expect(within(payments).getByLabelText('Payment/Refund')).toHaveValue('refund');
    expect(within(payments).getByLabelText('Amount')).toHaveValue('50.00');
  });

  it('says so when the order does not exist', async () => {
    server.use(http.get('/api/admin/orders/5001', () => HttpResponse.json({ code: 'NOT_FOUND', desc: 'The order does not exist' }, { status: 404 })));
    renderScreen(<StaffOrderScreen id="5001" role="owner" />, { queryClient: client() });
    expect(await screen.findByText('There is no order 5001.')).toBeInTheDocument();
  });
});
