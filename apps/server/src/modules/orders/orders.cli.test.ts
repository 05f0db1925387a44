import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderList, TOrderDetail } from '@cubeshop/shared';
import { runCommand } from '../../cli/commands.js';
import { createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Staff move orders with `npx cubeshop order status` (docs/orders.md); every change is in the history.
let t: ShopApp;
let c: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  c = shopClient(t, (await createBuyer(t, 'cli')).token);
});
afterAll(async () => {
  await t.close();
});

async function newOrder(): Promise<number> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.sticker, quantity: 1 } })).status).toBe(200);
  const res = await c<{ id: number }>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.id;
}
const cli = (...argv: (string | number)[]) => runCommand(['order', ...argv.map(String)], t.services);
const detail = async (id: number) => (await c<TOrderDetail>('GET', `/api/orders/${id}`)).body;

describe('npx cubeshop order status', () => {
  it('walks an order from confirm to complete with logistics and tracking, recording every change', async () => {
    const id = await newOrder();
    expect(await cli('status', id, 'outbound', '--tracking', 'DHL-1234567890')).toEqual({
      code: 0,
      output: `Order ${id}: status confirm -> outbound; tracking - -> DHL-1234567890. Now outbound, logistics pending, tracking DHL-1234567890.`,
    });
    expect((await cli('status', id, 'delivery', '--logistics', 'inTransit')).code).toBe(0);
    expect((await cli('status', id, 'delivery', '--logistics', 'outForDelivery', '--note', 'left the depot')).code).toBe(0);
    // complete needs the parcel delivered
    const early = await cli('status', id, 'complete');
    expect(early.code).toBe(1);
    expect(early.output).toBe(`Cannot change order ${id}: Complete needs logistics status delivered (it is outForDelivery); add --logistics delivered`);
    expect((await cli('status', id, 'complete', '--logistics', 'delivered')).code).toBe(0);
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'complete', logisticsStatus: 'delivered', trackingNumber: 'DHL-1234567890' });
    expect(order.history.map((e) => [e.type, e.from, e.to, e.note])).toEqual([
      ['created', null, 'confirm', null],
      ['status', 'confirm', 'outbound', null],
      ['tracking', null, 'DHL-1234567890', null],
      ['status', 'outbound', 'delivery', null],
      ['logistics', 'pending', 'inTransit', null],
      // A note given with a change is staff text: the buyer's history does not carry it (docs/orders.md, Staff text stays with staff).
      ['logistics', 'inTransit', 'outForDelivery', null],
      ['status', 'delivery', 'complete', null],
      ['logistics', 'outForDelivery', 'delivered', null],
    ]);
    const times = order.history.map((e) => Date.parse(e.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // a complete order does not change any more
    expect((await cli('status', id, 'cancel')).output).toBe(`Cannot change order ${id}: The order is complete; it does not change any more`);
    const shown = await cli('show', id);
    expect(shown.code).toBe(0);
    expect(shown.output).toContain(`Order ${id}`);
    // Staff read it: `order show` prints the history with its notes.
    expect(shown.output).toContain('(left the depot)');
    expect(shown.output).toContain('status delivery -> complete');
  });

  it('cancels from confirm or outbound only', async () => {
    const a = await newOrder();
    expect((await cli('status', a, 'cancel')).code).toBe(0);
    expect((await detail(a)).status).toBe('cancel');
    expect((await cli('status', a, 'confirm')).output).toContain('order is cancelled');
    const b = await newOrder();
    await cli('status', b, 'outbound');
    expect((await cli('status', b, 'cancel')).code).toBe(0);
    const c3 = await newOrder();
    await cli('status', c3, 'outbound');
    await cli('status', c3, 'delivery');
    const refused = await cli('status', c3, 'cancel');
    expect(refused).toEqual({ code: 1, output: `Cannot change order ${c3}: Status delivery cannot become cancel (allowed: complete)` });
    expect((await detail(c3)).history.filter((e) => e.type === 'status')).toHaveLength(2);
  });

  it('refuses skipped steps, logistics before the parcel leaves, bad values and unknown orders', async () => {
    const id = await newOrder();
    expect((await cli('status', id, 'delivery')).output).toBe(`Cannot change order ${id}: Status confirm cannot become delivery (allowed: outbound, cancel)`);
    expect((await cli('status', id, 'complete')).code).toBe(1);
    expect((await cli('status', id, 'confirm', '--logistics', 'inTransit')).output).toBe(
      `Cannot change order ${id}: Logistics status changes only once the order is outbound (order is confirmed)`,
    );
    expect((await cli('status', id, 'confirm', '--tracking', 'SF123456')).output).toContain('A tracking number is set once the order is outbound');
    expect((await cli('status', id, 'confirm')).output).toBe(`Cannot change order ${id}: Nothing to change`);
    await cli('status', id, 'outbound');
    expect((await cli('status', id, 'outbound', '--logistics', 'delivered')).output).toContain(
      'Logistics status pending cannot become delivered (allowed: inTransit)',
    );
    expect((await cli('status', id, 'outbound', '--logistics', 'inTransit')).code).toBe(0);
    expect((await cli('status', id, 'outbound', '--logistics', 'failed')).code).toBe(0);
    expect((await cli('status', id, 'outbound', '--logistics', 'inTransit', '--tracking', 'EMS-RESENT-2')).code).toBe(0);
    expect((await cli('status', id, 'outbound', '--tracking', 'no spaces allowed')).output).toContain('Tracking number: 4-40 letters, digits and hyphens');
    expect((await cli('status', id, 'shipped')).code).toBe(2);
    expect((await cli('status', id, 'outbound', '--logistics', 'lost')).code).toBe(2);
    expect((await cli('status', 'abc', 'outbound')).code).toBe(2);
    expect((await cli('status', id)).code).toBe(2);
    expect(await cli('status', 99_999_999, 'outbound')).toEqual({ code: 1, output: 'Cannot change order 99999999: The order does not exist' });
    expect((await cli('show', 99_999_999)).code).toBe(1);
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'EMS-RESENT-2' });
    expect(order.history.filter((e) => e.type === 'logistics').map((e) => e.to)).toEqual(['inTransit', 'failed', 'inTransit']);
  });

  it('is listed in the CLI help', async () => {
    const help = await runCommand(['help'], t.services);
    expect(help.output).toContain('order status <id> <status> [--logistics S] [--tracking N] [--note T]');
  });
});

describe('npx cubeshop seed --orders', () => {
  it('adds synthetic orders of generated buyers that the staff queue lists, counts and filters', async () => {
    const before = await t.services.ordersStaff.queue({ page: 1, recPerPage: 1, sort: 'newest' }, 'en');
    const out = await runCommand(['seed', '--skus', '0', '--orders', '120', '--buyers', '4'], t.services);
    expect(out.code).toBe(0);
    expect(out.output).toContain('Orders: added 120 of 4 buyers');
    const after: TStaffOrderList = await t.services.ordersStaff.queue({ page: 1, recPerPage: 200, sort: 'newest' }, 'en');
    expect(after.counts.all).toBe(before.counts.all + 120);
    // A running shop's mix: several statuses, a buyer found by e-mail.
    expect(Object.entries(after.counts).filter(([k, n]) => k !== 'all' && n > 0).length).toBeGreaterThanOrEqual(3);
    const byBuyer = await t.services.ordersStaff.queue({ page: 1, recPerPage: 200, sort: 'newest', q: 'seedbuyer_00001@seed.cubeshop.local' }, 'en');
    expect(byBuyer.pager.recTotal).toBe(30);
    // What a seeded order received is on record: the staff page's payments add up to its balance.
    const paid = after.data.find((o) => o.paymentStatus === 'paid')!;
    const detail = await t.services.ordersStaff.detail(paid.id, 'en');
    expect(detail.payments.map((p) => p.orderAmount).reduce((a, b) => a + b, 0)).toBeCloseTo(detail.due - detail.balance, 2);
    expect(detail.balance).toBe(0);
    expect((await runCommand(['seed', '--orders', '-1'], t.services)).code).toBe(2);
  });
});
