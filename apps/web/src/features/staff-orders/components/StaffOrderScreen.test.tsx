import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TStaffOrderDetail } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { orderDetail, orderMoney } from '@/test/msw/fixtures';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { StaffOrderScreen } from './StaffOrderScreen';

beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const CHARGE = { goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 };

function detail(overrides: Partial<TStaffOrderDetail> = {}, order = orderDetail({ payMethod: { id: 'tt', name: 'Bank transfer (T/T)' } })): TStaffOrderDetail {
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
function serve(state: TStaffOrderDetail, seen: unknown[] = []) {
  server.use(
    http.get('/api/admin/orders/5001', () => HttpResponse.json(state)),
    http.post('/api/admin/orders/5001/payments', async ({ request }) => {
      const body = (await request.json()) as { amount: number; currency: 'CNY' | 'USD'; kind: 'payment' | 'refund'; method: 'bankTransfer' };
      seen.push(body);
      state = {
        ...state,
        paymentStatus: 'paid',
        balance: 0,
        payments: [
          { id: 1, ...body, orderAmount: body.amount, reference: null, paidAt: '2026-11-25T10:00:00Z', recordedBy: 'Sam', createdTime: '2026-11-25T10:00:00Z' },
        ],
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
    expect(
      within(move)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Confirmed', '→ Outbound', '→ Cancelled']);
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
    expect(
      within(move)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Confirmed', '→ Outbound']);
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
    const order = orderDetail({ status: 'cancel', paymentStatus: 'refund_due', balance: -50, money: orderMoney(CHARGE, { paid: 50, cancelled: true }) });
    serve(detail({ paymentStatus: 'refund_due', balance: -50, due: 0 }, order));
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Refund due: ¥50.00')).toBeInTheDocument();
    expect(within(payments).getByLabelText('Payment/Refund')).toHaveValue('refund');
    expect(within(payments).getByLabelText('Amount')).toHaveValue('50.00');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByTestId('staff-balance')).toHaveTextContent('¥50.00');
    expect(within(totals).getByText('Refund due')).toBeInTheDocument();
    expect(within(totals).getByText('Owed (cancelled)')).toBeInTheDocument();
  });

  it('starts the payment form at the order’s own way of paying (a PayPal order records a PayPal payment)', async () => {
    serve(detail({}, orderDetail({ payMethod: { id: 'paypal', name: 'PayPal' } })));
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByLabelText('Method')).toHaveValue('paypal');
  });

  it('asks before recording more than is owed, and records it once confirmed', async () => {
    const seen: { confirmOverpayment?: boolean; amount: number }[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(detail())),
      http.post('/api/admin/orders/5001/payments', async ({ request }) => {
        const body = (await request.json()) as { confirmOverpayment?: boolean; amount: number };
        seen.push(body);
        if (!body.confirmOverpayment) {
          return HttpResponse.json(
            { code: 'CONFLICT', desc: 'This payment is more than the ¥1,252.80 still owed', details: { toPay: 1252.8, amount: 5000 } },
            { status: 409 },
          );
        }
        return HttpResponse.json(detail({ paymentStatus: 'refund_due', balance: -3747.2 }), { status: 201 });
      }),
    );
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const amount = within(payments).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5000');
    await userEvent.click(within(payments).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'More than is owed' });
    expect(dialog).toHaveTextContent('¥5,000.00 is more than what is still owed (¥1,252.80)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record anyway' }));
    await expect.poll(() => seen.length).toBe(2);
    expect(seen.map((b) => b.confirmOverpayment ?? false)).toEqual([false, true]);
  });

  it('issues a credit note for returned pieces once the goods left, showing what it comes to', async () => {
    const order = orderDetail({ status: 'delivery', payMethod: { id: 'tt', name: 'T/T' }, money: orderMoney(CHARGE, { paid: 1252.8 }) });
    const seen: unknown[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(detail({ paymentStatus: 'paid', balance: 0 }, order))),
      http.post('/api/admin/orders/5001/credits', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json(
          detail({ paymentStatus: 'refund_due', balance: -160 }, { ...order, money: orderMoney(CHARGE, { paid: 1252.8, credited: 160 }) }),
          { status: 201 },
        );
      }),
    );
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    const credits = await screen.findByRole('region', { name: 'Credit notes' });
    await userEvent.type(within(credits).getByLabelText('Reason (the buyer reads it)'), 'Two cubes cracked');
    await userEvent.type(within(credits).getByLabelText('Returned pieces (at the price charged): GAN 356 M'), '2');
    expect(within(credits).getByTestId('credit-total')).toHaveTextContent('Credit note comes to ¥160.00');
    await userEvent.click(within(credits).getByRole('button', { name: 'Issue the credit note' }));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ kind: 'return', reason: 'Two cubes cracked', lines: [{ lineId: 1, quantity: 2 }] });
    expect(await within(screen.getByRole('region', { name: 'Totals' })).findByText('Refund due')).toBeInTheDocument();
  });

  it('lets the warehouse receive returned goods, at most what left', async () => {
    const order = orderDetail({ status: 'delivery' });
    const shipped = { ...order, items: order.items.map((l) => ({ ...l, shippedQuantity: l.actualQuantity })) };
    const seen: unknown[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(detail({}, shipped))),
      http.post('/api/admin/orders/5001/restock', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json(detail({}, { ...shipped, items: shipped.items.map((l, i) => (i === 1 ? { ...l, returnedQuantity: 1 } : l)) }), {
          status: 201,
        });
      }),
    );
    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    const returned = await screen.findByRole('region', { name: 'Returned goods' });
    await userEvent.type(within(returned).getByLabelText('Receive: MoYu RS3M'), '1');
    await userEvent.click(within(returned).getByRole('button', { name: 'Add to stock' }));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ lines: [{ lineId: 2, quantity: 1 }] });
    await expect
      .poll(() =>
        within(returned)
          .getAllByTestId('restock-returned')
          .map((c) => c.textContent),
      )
      .toEqual(['0', '1']);
    // The credit-note form is for sales: the warehouse sees none.
    expect(screen.queryByRole('form', { name: 'Issue a credit note' })).toBeNull();
  });

  it('says so when the order does not exist', async () => {
    server.use(http.get('/api/admin/orders/5001', () => HttpResponse.json({ code: 'NOT_FOUND', desc: 'The order does not exist' }, { status: 404 })));
    renderScreen(<StaffOrderScreen id="5001" role="owner" />, { queryClient: client() });
    expect(await screen.findByText('There is no order 5001.')).toBeInTheDocument();
  });
});
