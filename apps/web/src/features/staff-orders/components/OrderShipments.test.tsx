import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TStaffOrderDetail, TOrderShipment } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { StaffOrderScreen } from './StaffOrderScreen';

// "Ship a parcel" on the staff order screen (docs/orders.md, Split shipments).

beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function paid(): TStaffOrderDetail {
  const order = orderDetail();
  return {
    order: { ...order, money: { ...order.money, balance: 0, toPay: 0, paid: order.money.owed } },
    buyer: { id: 7, account: 'li_wei', name: 'Li Wei', email: 'li@example.com', mobile: null },
    paymentStatus: 'paid',
    balance: 0,
    due: order.totalAmount,
    carrier: null,
    trackingUrl: null,
    cancelReason: null,
    payments: [],
    audit: [],
    notes: [],
  };
}

const parcel: TOrderShipment = {
  id: 31,
  number: 1,
  carrier: 'dhl',
  trackingNumber: 'JD0146000001',
  trackingUrl: 'https://www.dhl.com/track?tracking-id=JD0146000001',
  lines: [{ lineId: 1, itemId: 100001, name: 'GAN 356 M', typeName: null, quantity: 10 }],
  pieces: 10,
  packingListUrl: '/api/orders/5001/documents/packing-list.pdf?shipment=31',
  createdTime: '2026-11-27T10:00:00.000Z',
};

describe('ShipmentsCard', { timeout: 20_000 }, () => {
  it('ships the chosen pieces with carrier and tracking number, then lists the parcel', async () => {
    let state = paid();
    const seen: unknown[] = [];
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(state)),
      http.post('/api/admin/orders/5001/shipments', async ({ request }) => {
        seen.push(await request.json());
        state = {
          ...state,
          order: {
            ...state.order,
            fulfillment: 'partial',
            shipments: [parcel],
            items: state.order.items.map((l) => (l.id === 1 ? { ...l, shippedQuantity: 10 } : l)),
          },
        };
        return HttpResponse.json(state, { status: 201 });
      }),
    );
    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    const card = await screen.findByRole('region', { name: 'Parcels' });
    expect(within(card).getByText('Nothing has left yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Ship a parcel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship a parcel' });
    // All that is left of each line, by default.
    expect(within(dialog).getByLabelText('Pieces in this parcel: GAN 356 M')).toHaveValue('10');
    expect(within(dialog).getByLabelText('Pieces in this parcel: MoYu RS3M')).toHaveValue('2');
    await userEvent.clear(within(dialog).getByLabelText('Pieces in this parcel: MoYu RS3M'));
    expect(within(dialog).getByTestId('ship-summary')).toHaveTextContent('10 pieces in this parcel; the rest follows later.');
    // Carrier and tracking number are required, on their fields.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(seen).toEqual([]);
    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'dhl');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'JD0146000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Parcel 1')).toBeInTheDocument();
    expect(seen).toEqual([{ carrier: 'dhl', trackingNumber: 'JD0146000001', lines: [{ lineId: 1, quantity: 10 }] }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByText('Partly shipped: 2 packed pieces are still to ship.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', parcel.trackingUrl);
  });

  it("shows the server's refusal in the dialog", async () => {
    server.use(
      http.get('/api/admin/orders/5001', () => HttpResponse.json(paid())),
      http.post('/api/admin/orders/5001/shipments', () =>
        HttpResponse.json(
          { code: 'CONFLICT', desc: 'GAN 356 M: at most 9 more pieces can leave (packed less already shipped)', details: { lineId: 1, max: 9 } },
          { status: 409 },
        ),
      ),
    );
    renderScreen(<StaffOrderScreen id="5001" role="warehouse" />, { queryClient: client() });
    const card = await screen.findByRole('region', { name: 'Parcels' });
    await userEvent.click(within(card).getByRole('button', { name: 'Ship a parcel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship a parcel' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'sf');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'SF1234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('GAN 356 M: at most 9 more pieces can leave (packed less already shipped)')).toBeInTheDocument();
  });
});
