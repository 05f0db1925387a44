import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TStaffOrderDetail, TOrderDetail } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { StaffOrderScreen } from './StaffOrderScreen';

// Lines added or removed before the order is outbound (docs/orders.md, Editing an order before it
// leaves), on the staff order page: sales removes a line after confirming; once the order is
// outbound the buttons are disabled and the card says why; the warehouse sees no such controls.

beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function detail(order: TOrderDetail): TStaffOrderDetail {
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
  };
}

describe('adding and removing lines on the staff order page', { timeout: 20_000 }, () => {
  it('removes a line after sales confirms, and shows the order as the server answers it', async () => {
    let state = detail(orderDetail());
    const removed: string[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(state)),
      http.delete('/api/admin/orders/5001/lines/:lineId', ({ params }) => {
        removed.push(String(params.lineId));
        state = { ...state, order: { ...state.order, items: state.order.items.filter((l) => String(l.id) !== params.lineId) } };
        return HttpResponse.json(state);
      }),
    );
    renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    await screen.findByRole('heading', { name: 'Order 5001' });
    const [first, second] = state.order.items;
    const buttons = screen.getAllByRole('button', { name: /^Remove / });
    expect(buttons).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: `Remove ${first!.typeName ? `${first!.name} (${first!.typeName})` : first!.name}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Its reserved pieces go back to stock and the buyer is told by e-mail.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Line removed; the buyer is told')).toBeInTheDocument();
    expect(removed).toEqual([String(first!.id)]);
    // The last line cannot go: its button is disabled and says why.
    const last = await screen.findByRole('button', { name: new RegExp(`^Remove ${second!.name}`) });
    expect(last).toBeDisabled();
    expect(last).toHaveAttribute('title', 'An order keeps at least one line: cancel it instead.');
    expect(screen.getByRole('form', { name: 'Add a line' })).toBeInTheDocument();
  });

  it('locks the lines once the order is outbound, and gives the warehouse no add or remove', async () => {
    server.use(http.get('/api/admin/orders/5001', () => HttpResponse.json(detail(orderDetail({ status: 'outbound' })))));
    const view = renderScreen(<StaffOrderScreen id="5001" role="sales" />, { queryClient: client() });
    await screen.findByRole('heading', { name: 'Order 5001' });
    for (const button of screen.getAllByRole('button', { name: /^Remove / })) expect(button).toBeDisabled();
    expect(screen.getByTestId('line-edit-locked')).toHaveTextContent('Lines can be added or removed only before the order is outbound.');
    expect(screen.queryByRole('form', { name: 'Add a line' })).toBeNull();
    view.unmount();

    server.use(http.get('/api/admin/orders/5001', () => HttpResponse.json(detail(orderDetail()))));
    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    await screen.findByRole('heading', { name: 'Order 5001' });
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Add a line' })).toBeNull();
  });
});
