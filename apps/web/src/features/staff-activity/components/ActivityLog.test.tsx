import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TAuditEntry, TAuditList } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession } from '@/test/render';
import { ActivityLog } from './ActivityLog';

// The activity log reads as words: what was changed ("Shipping rate dhl × eu", "Product 100001"),
// and how (field labels and value labels), never entity codes, field names or JSON.
beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
beforeEach(() => resetSession());

const actor = { id: 1, name: 'Ada', role: 'owner' as const };
const entry = (id: number, over: Partial<TAuditEntry>): TAuditEntry => ({
  id,
  time: '2026-11-20T08:00:00.000Z',
  actor,
  action: 'order.payment',
  entity: 'order',
  entityId: '10000001',
  before: null,
  after: null,
  note: null,
  ...over,
});

describe('ActivityLog', () => {
  it('names what each change was made to and shows the change in words', async () => {
    const list: TAuditList = {
      data: [
        entry(1, {
          before: { paymentStatus: 'partially_paid', balance: 10 },
          after: { paymentStatus: 'paid', balance: 0, amount: 10, currency: 'CNY', method: 'alipay', reference: null },
        }),
        entry(2, { action: 'shipping.update', entity: 'shipping_rate', entityId: 'dhl|eu', before: { minChargeFen: 5000 }, after: { minChargeFen: 6000 } }),
        entry(3, { action: 'item.import', entity: 'item', entityId: 'import', after: { created: 0, updated: 3, unchanged: 7, rows: 10, file: 'prices.csv' } }),
        entry(4, {
          action: 'stock.adjust',
          entity: 'item',
          entityId: '100001',
          before: { '': { onHand: 25, reserved: 0 } },
          after: { '': { onHand: 24, reserved: 0 } },
        }),
      ],
      pager: { page: 1, recPerPage: 100, recTotal: 4 },
    };
    server.use(http.get('/api/admin/audit', () => HttpResponse.json(list)));
    renderScreen(<ActivityLog />, { path: '/admin/activity' });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(4);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);

    expect(cells(rows[0]!).slice(2)).toEqual([
      'Payment recorded',
      '10000001',
      'Amount: ¥10.00Payment method: AlipayPayment status: Partly paid → PaidBalance: 10.00 → 0.00',
    ]);
    expect(cells(rows[1]!).slice(2)).toEqual(['Shipping changed', 'Shipping rate dhl × eu', 'Minimum charge: ¥50.00 → ¥60.00']);
    expect(cells(rows[2]!).slice(2)).toEqual(['Spreadsheet imported', 'Spreadsheet import', 'Created: 0Updated: 3Unchanged: 7Rows: 10File: prices.csv']);
    expect(cells(rows[3]!).slice(2)).toEqual(['Stock changed', 'Product 100001', 'Stock: on hand 25, reserved 0 → on hand 24, reserved 0']);
    expect(within(rows[3]!).getByRole('link', { name: 'Product 100001' })).toHaveAttribute('href', '/admin/items/100001');
  });
});
