import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffOrderDetail, TOrderDetail, TOrderList, TStaffOrderPreview, TStaffRole } from '@cubeshop/shared';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Orders taken by staff for a buyer and lines added or removed before the goods leave
// (docs/orders.md, Orders taken for a buyer; Editing an order before it leaves): prices from the
// buyer's group and tiers or set by staff, the buyer's mail and order list, stock, totals, a paid
// order's balance, the outbound rule, roles and the audit trail.

let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as Record<TStaffRole, ShopCall>;
let tiered: number;

async function staffMember(role: TStaffRole): Promise<ShopCall> {
  const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
  return shopClient(t, await t.services.authn.issueUserToken(user.id));
}

async function buyer(locale: 'zh' | 'en' = 'en') {
  const email = `staffplaced_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '王小明' : 'Wendy Chat', locale });
  return { id: user.id, email, call: shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: locale }) };
}

/** An order request for the buyer, CNY, DHL to ADDRESS, bank transfer. */
const request = (buyerId: number, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  ...orderPayload(),
  buyerId,
  currency: 'CNY',
  lines,
  ...extra,
});

async function take(body: Record<string, unknown>, key = randomUUID(), who: ShopCall = staff.sales) {
  return who<{ id: number }>('POST', '/api/admin/orders', { body, headers: { 'idempotency-key': key } });
}

const stockOf = async (itemId: number, typeCode = '') => (await t.services.stock.levels([itemId])).get(itemId)?.find((l) => l.typeCode === typeCode);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) staff[role] = await staffMember(role);
  const cube = (await t.services.catalog.query.itemsForPricing([t.products.cube])).get(t.products.cube)!;
  const categoryId = (await shopClient(t, undefined)('GET', `/api/items/${t.products.cube}`)).body.categoryId as number;
  [tiered] = (await t.services.catalog.writes.addItems([
    {
      supplierId: cube.supplierId,
      categoryId,
      nameZh: '轨道 阶梯价魔方',
      nameEn: 'Orbit Tiered Cube',
      priceFen: 1_000,
      priceTiers: [
        { minQuantity: 48, priceFen: 800 },
        { minQuantity: 12, priceFen: 900 },
      ],
      nwG: 80,
      gwG: 100,
      volumeCm3: 150,
    },
  ])) as [number];
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('orders taken for a buyer', () => {
  it('prices by the buyer’s group and tiers unless staff set a price; the buyer gets the mail and sees the order', async () => {
    const plain = await buyer('en');
    const trade = await buyer('zh');
    const group = await staff.owner<{ id: number }>('POST', '/api/admin/customer-groups', {
      body: { code: `trade${randomBytes(2).toString('hex')}`, nameZh: '同行', nameEn: 'Trade', discountPercent: 15 },
    });
    expect(group.status).toBeLessThan(300);
    expect((await staff.sales('PUT', `/api/admin/customers/${trade.id}/group`, { body: { groupId: group.body.id } })).status).toBe(200);

    // ¥10.00 with tiers 12 -> ¥9.00, 48 -> ¥8.00; the trade group takes 15 % off (¥8.50).
    const lines = [
      { itemId: tiered, quantity: 12 },
      { itemId: t.products.sticker, quantity: 5, price: 1.5 },
    ];
    const preview = async (b: { id: number }, l: Record<string, unknown>[]) =>
      (await staff.sales<TStaffOrderPreview>('POST', '/api/admin/orders/preview', { body: request(b.id, l) })).body;
    const forPlain = await preview(plain, lines);
    expect(forPlain.lines.map((l) => [l.unitPrice, l.tierMinQuantity, l.staffPrice])).toEqual([
      [9, 12, false],
      [1.5, null, true],
    ]);
    expect(forPlain.goods).toBe(9 * 12 + 1.5 * 5);
    expect(forPlain.total).toBeCloseTo(forPlain.goods + forPlain.freight + forPlain.surcharge, 2);
    expect((await preview(trade, lines)).lines[0]!.unitPrice).toBe(8.5);
    expect((await preview(trade, [{ itemId: tiered, quantity: 48 }])).lines[0]!.unitPrice).toBe(8);

    const placed = await take(request(trade.id, lines, { comment: 'ordered on WeChat' }));
    expect(placed.status).toBe(201);
    const id = placed.body.id;

    // The buyer's own list and page show it, at the prices of the preview.
    const list = (await trade.call<TOrderList>('GET', '/api/orders')).body;
    expect(list.data.map((o) => o.id)).toContain(id);
    const mine = (await trade.call<TOrderDetail>('GET', `/api/orders/${id}`)).body;
    expect(mine.items.map((l) => [l.itemId, l.quantity, l.discountPrice])).toEqual([
      [tiered, 12, 8.5],
      [t.products.sticker, 5, 1.5],
    ]);
    expect(mine.money.charged.total).toBe((await preview(trade, lines)).total);
    expect(mine.history[0]).toMatchObject({ type: 'created', to: 'confirm', note: null });
    // The usual "order placed" mail, in the buyer's language, with the proforma.
    const mail = await mailbox.next(trade.email);
    expect(mail.subject).toBe(`订单 ${id} 已收到`);
    expect(mail.attachments).toHaveLength(1);

    // Staff see who took it.
    const detail = (await staff.owner<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;
    expect(detail.audit[0]).toMatchObject({ action: 'order.place', actor: { role: 'sales', name: 'sales person' } });
    expect(detail.audit[0]!.after).toMatchObject({
      buyer: `王小明 (#${trade.id})`,
      currency: 'CNY',
      staffPriced: true,
      lines: [
        { itemId: tiered, quantity: 12, actualPrice: 8.5, amount: 102, staffPrice: false },
        { itemId: t.products.sticker, quantity: 5, actualPrice: 1.5, amount: 7.5, staffPrice: true },
      ],
    });
    expect(detail.order.history[0]).toMatchObject({ type: 'created', note: 'sales person' });
  });

  it('takes the freight staff agreed, keeps the Idempotency-Key per buyer, and refuses what cannot be ordered', async () => {
    const b = await buyer();
    const body = request(b.id, [{ itemId: t.products.cube, type: 'black', quantity: 2 }], { expressFee: 35 });
    const key = randomUUID();
    const first = await take(body, key);
    expect(first.status).toBe(201);
    const again = await take(body, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await take({ ...body, comment: 'another' }, key)).status).toBe(409);
    expect((await staff.sales('POST', '/api/admin/orders', { body })).status).toBe(400);
    // Two requests with one key at once (a double click): one order, answered to both.
    const twice = randomUUID();
    const once = request(b.id, [{ itemId: t.products.cube, type: 'stickerless', quantity: 1 }]);
    const [x, y] = await Promise.all([take(once, twice), take(once, twice)]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(x.body.id).toBe(y.body.id);
    const order = (await b.call<TOrderDetail>('GET', `/api/orders/${first.body.id}`)).body;
    expect(order.expressFee).toBe(35);
    expect(order.money.charged.total).toBe(129 * 2 + 35);

    // Not a buyer, a product without its type, below the minimum quantity.
    expect((await take(request(999_999_999, [{ itemId: t.products.cube, type: 'black', quantity: 1 }]))).status).toBe(404);
    expect((await take(request(b.id, [{ itemId: t.products.cube, quantity: 1 }]))).status).toBe(400);
    const moq = await staff.sales('POST', '/api/admin/orders', {
      body: request(b.id, [{ itemId: t.products.wholesale, quantity: 5 }]),
      headers: { 'idempotency-key': randomUUID() },
      lang: 'zh',
    });
    expect(moq.status).toBe(400);
    expect(moq.body.desc).toContain('最小起订量');
  });

  it('answers 401 to visitors and 403 to buyers and to roles that do not sell', async () => {
    const b = await buyer();
    const body = request(b.id, [{ itemId: t.products.cube, type: 'black', quantity: 1 }]);
    for (const [who, call, status] of [
      ['anonymous', shopClient(t, undefined), 401],
      ['buyer', b.call, 403],
      ['warehouse', staff.warehouse, 403],
      ['catalog', staff.catalog, 403],
      ['service', staff.service, 403],
    ] as const) {
      expect((await take(body, randomUUID(), call)).status, who).toBe(status);
      expect((await call('POST', '/api/admin/orders/preview', { body })).status, who).toBe(status);
    }
    expect((await b.call<TOrderList>('GET', '/api/orders')).body.data).toHaveLength(0);
    expect((await take(body, randomUUID(), staff.owner)).status).toBe(201);
  });
});

describe('editing an order before it leaves', () => {
  async function placed(b: { id: number }, lines: Record<string, unknown>[]) {
    const res = await take(request(b.id, lines));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  it('adds a line (stock reserved, totals follow) and removes one (stock released); the buyer is mailed and sees both in the history', async () => {
    const b = await buyer('en');
    await t.services.stock.setOnHand(t.products.timer, [{ typeCode: '', onHand: 10 }]);
    const id = await placed(b, [{ itemId: t.products.cube, type: 'black', quantity: 2 }]);
    await mailbox.next(b.email);
    const before = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;

    const add = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/lines`, { body: { itemId: t.products.timer, quantity: 4 } });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(await stockOf(t.products.timer)).toMatchObject({ onHand: 10, reserved: 4 });
    const added = add.body.order.items.find((l) => l.itemId === t.products.timer)!;
    expect(added).toMatchObject({ quantity: 4, discountPrice: 199 });
    // What the order comes to: by the money rule, the new line included (DHL freight unchanged).
    const freight = before.order.money.charged.freight;
    expect(add.body.order.money.charged.goods).toBe(129 * 2 + 199 * 4);
    expect(add.body.order.money.charged.total).toBe(129 * 2 + 199 * 4 + freight);
    expect(add.body.balance).toBe(add.body.order.money.charged.total);
    expect(add.body.order.lineCount).toBe(2);

    // Not enough pieces: 409 saying so, nothing reserved; the same product again: 409.
    await t.services.stock.setOnHand(t.products.big, [{ typeCode: '', onHand: 1 }]);
    const short = await staff.sales('POST', `/api/admin/orders/${id}/lines`, { body: { itemId: t.products.big, quantity: 3 }, lang: 'en' });
    expect(short.status).toBe(409);
    expect(short.body.desc).toBe('Only 1 of Orbit 17x17 available: 3 cannot be added');
    expect(await stockOf(t.products.big)).toMatchObject({ onHand: 1, reserved: 0 });
    expect((await staff.sales('POST', `/api/admin/orders/${id}/lines`, { body: { itemId: t.products.timer, quantity: 2 } })).status).toBe(409);

    const cubeLine = add.body.order.items.find((l) => l.itemId === t.products.cube)!;
    const removed = await staff.sales<TStaffOrderDetail>('DELETE', `/api/admin/orders/${id}/lines/${cubeLine.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.order.items.map((l) => l.itemId)).toEqual([t.products.timer]);
    expect(removed.body.order.money.charged.total).toBe(199 * 4 + freight);
    expect(removed.body.order.money.changed).toBe(true);
    // The last line stays: cancel the order instead.
    const last = await staff.sales('DELETE', `/api/admin/orders/${id}/lines/${added.id}`, { lang: 'zh' });
    expect(last.status).toBe(409);
    expect(last.body.desc).toContain('取消订单');
    // Removing the timer line would release its 4 pieces; it is still there.
    expect(await stockOf(t.products.timer)).toMatchObject({ onHand: 10, reserved: 4 });

    // The buyer: two mails saying what changed and the order's history naming both lines.
    const mails = [await mailbox.next(b.email), await mailbox.next(b.email)];
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${id} was changed`, `Your order ${id} was changed`]);
    expect(mails.find((m) => m.text.includes('added Orbit Timer × 4'))?.text).toContain('It now comes to');
    expect(mails.some((m) => m.text.includes('removed Orbit 3x3 Magnetic Cube (Black) × 2'))).toBe(true);
    const mine = (await b.call<TOrderDetail>('GET', `/api/orders/${id}`)).body;
    expect(mine.history.filter((h) => h.type === 'lineAdded' || h.type === 'lineRemoved').map((h) => [h.type, h.to, h.note])).toEqual([
      ['lineAdded', 'Orbit Timer × 4', null],
      ['lineRemoved', 'Orbit 3x3 Magnetic Cube (Black) × 2', null],
    ]);
    const zh = (await b.call<TOrderDetail>('GET', `/api/orders/${id}`, { lang: 'zh' })).body;
    expect(zh.history.find((h) => h.type === 'lineRemoved')!.to).toBe('轨道 三阶磁力魔方（黑色） × 2');
    expect(mine.money).toEqual(removed.body.order.money);

    // Audited with before and after.
    const audit = (await staff.owner<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body.audit;
    const removal = audit.find((a) => a.action === 'order.lineRemove')!;
    expect(removal.before).toMatchObject({
      lines: [{ itemId: t.products.cube, name: 'Orbit 3x3 Magnetic Cube (Black)', quantity: 2, actualPrice: 129, amount: 258 }],
      total: add.body.order.money.charged.total,
    });
    expect(removal.after).toMatchObject({ lines: [], total: 199 * 4 + freight, paymentStatus: 'unpaid' });
    expect(audit.find((a) => a.action === 'order.lineAdd')!.after).toMatchObject({
      lines: [{ itemId: t.products.timer, name: 'Orbit Timer', quantity: 4, actualPrice: 199, amount: 796 }],
    });
  });

  it('releases the reservation of a removed line; a staff price on an added line; a paid order shows the refund due', async () => {
    const b = await buyer('zh');
    await t.services.stock.setOnHand(t.products.timer, [{ typeCode: '', onHand: 20 }]);
    const id = await placed(b, [
      { itemId: t.products.cube, type: 'black', quantity: 1 },
      { itemId: t.products.timer, quantity: 6 },
    ]);
    const reservedBefore = (await stockOf(t.products.timer))!.reserved;
    const order = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;
    const pay = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/payments`, {
      body: { kind: 'payment', amount: order.order.money.toPay, currency: 'CNY', method: 'bankTransfer' },
    });
    expect(pay.body.paymentStatus).toBe('paid');

    const timerLine = order.order.items.find((l) => l.itemId === t.products.timer)!;
    const removed = await staff.sales<TStaffOrderDetail>('DELETE', `/api/admin/orders/${id}/lines/${timerLine.id}`);
    expect(removed.status).toBe(200);
    expect((await stockOf(t.products.timer))!.reserved).toBe(reservedBefore - 6);
    // Paid for more than it now comes to: the shop owes the difference back (a refund due, as for any price cut).
    expect(removed.body.paymentStatus).toBe('refund_due');
    expect(removed.body.order.money.refundDue).toBe(199 * 6);
    expect(removed.body.balance).toBe(-199 * 6);

    // An added line at the price staff agreed: the balance turns into what is still to pay.
    const add = await staff.sales<TStaffOrderDetail>('POST', `/api/admin/orders/${id}/lines`, {
      body: { itemId: t.products.sticker, quantity: 10, price: 150 },
    });
    expect(add.status).toBe(201);
    expect(add.body.order.items.find((l) => l.itemId === t.products.sticker)).toMatchObject({ discountPrice: 150, amount: 1500 });
    expect(add.body.balance).toBe(1500 - 199 * 6);
    expect(add.body.paymentStatus).toBe('partially_paid');
    // The buyer's page says the same.
    const mine = (await b.call<TOrderDetail>('GET', `/api/orders/${id}`)).body;
    expect(mine.money).toEqual(add.body.order.money);
  });

  it('refuses changes once the order is outbound or cancelled (409, in the caller’s language), to roles that do not sell, and to strangers', async () => {
    const b = await buyer();
    const id = await placed(b, [
      { itemId: t.products.cube, type: 'black', quantity: 1 },
      { itemId: t.products.sticker, quantity: 2 },
    ]);
    const order = (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body.order;
    const line = order.items[1]!;
    const addBody = { body: { itemId: t.products.single, quantity: 1 } };
    for (const [who, call, status] of [
      ['anonymous', shopClient(t, undefined), 401],
      ['buyer', b.call, 403],
      ['warehouse', staff.warehouse, 403],
      ['catalog', staff.catalog, 403],
    ] as const) {
      expect((await call('POST', `/api/admin/orders/${id}/lines`, addBody)).status, who).toBe(status);
      expect((await call('DELETE', `/api/admin/orders/${id}/lines/${line.id}`)).status, who).toBe(status);
    }
    expect((await staff.sales('DELETE', `/api/admin/orders/${id}/lines/999999999`)).status).toBe(404);
    expect((await staff.sales('POST', '/api/admin/orders/999999999/lines', addBody)).status).toBe(404);

    const shipped = await staff.sales('POST', `/api/admin/orders/${id}/transitions`, {
      body: { status: 'outbound', shipUnpaid: true, reason: 'regular buyer' },
    });
    expect(shipped.status).toBe(200);
    const en = await staff.sales('POST', `/api/admin/orders/${id}/lines`, { ...addBody, lang: 'en' });
    expect(en.status).toBe(409);
    expect(en.body.desc).toBe('The order is outbound: lines can be added or removed only before it is outbound');
    const zh = await staff.sales('DELETE', `/api/admin/orders/${id}/lines/${line.id}`, { lang: 'zh' });
    expect(zh.status).toBe(409);
    expect(zh.body.desc).toBe('订单状态为“已出库”：只能在出库前添加或删除商品行');

    const other = await placed(b, [{ itemId: t.products.cube, type: 'black', quantity: 1 }]);
    expect((await staff.sales('POST', `/api/admin/orders/${other}/transitions`, { body: { status: 'cancel', reason: 'buyer changed mind' } })).status).toBe(
      200,
    );
    expect((await staff.sales('POST', `/api/admin/orders/${other}/lines`, addBody)).status).toBe(409);
    // Nothing changed on either order.
    expect((await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body.order.items).toHaveLength(2);
  });
});
