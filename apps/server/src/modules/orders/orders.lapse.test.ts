import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney,
  type TStaffOrderDetail,
  type TStaffOrderList,
  type TStaffSettings,
  type TLocale,
  type TOrderDetail,
  type TOrderList,
} from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';
import { runCommand } from '../../cli/commands.js';

// The unpaid-order follow-up (docs/orders.md, Unpaid orders): a reminder some days after the
// order, a cancel of an order with nothing paid some days later, through the staff cancel path.
// Time is the sweep's `now`, moved past each order's own placing time; mail goes through the
// outbox to a real SMTP server.

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as { owner: ShopCall; sales: ShopCall };

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100' });
  for (const role of ['owner', 'sales'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: role, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
  // The cube's black style is tracked: placing reserves pieces, a cancel gives them back.
  await t.services.stock.setOnHand(t.products.cube, [{ typeCode: 'black', onHand: 500 }]);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function policy(remindAfterDays: number | null, cancelAfterDays: number | null) {
  const res = await staff.owner<TStaffSettings>('PUT', '/api/admin/settings', { body: { unpaidOrders: { remindAfterDays, cancelAfterDays } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function buyer(locale: TLocale) {
  const email = `lapse_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '王芳' : 'Jane Buyer', locale });
  return { email, call: shopClient(t, await t.services.authn.issueUserToken(user.id), { lang: locale }) };
}

async function order(c: ShopCall, quantity = 3): Promise<TOrderDetail & { placed: number }> {
  expect((await c('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity } })).status).toBe(200);
  const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(placed.status).toBe(201);
  const detail = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
  return { ...detail, placed: Date.parse(detail.createdTime) };
}

/** The time `days` after the order was placed, and `ms` more. */
const after = (o: { placed: number }, days: number, ms = MINUTE) => new Date(o.placed + days * DAY + ms);
const sweep = (now: Date) => t.services.unpaidOrders.sweep({ now });
/** A sweep of these orders only: the stock figures then move by their pieces alone. */
const sweepOf = (ids: number[], now: Date) => t.services.unpaidOrders.sweep({ now, only: ids });

const reserved = async () => (await t.services.stock.levels([t.products.cube])).get(t.products.cube)!.find((l) => l.typeCode === 'black')!;
/** Waits until the outbox has delivered everything, then the subjects each address received. */
async function delivered(email: string): Promise<string[]> {
  await expect.poll(async () => (await t.services.outbox.pending()).waiting, { timeout: 20_000, interval: 100 }).toBe(0);
  return mailbox.messages.filter((m) => m.rcptTo.includes(email)).map((m) => m.subject);
}
/** A CNY amount in major units as the mail writes it. */
const cny = (major: number) => formatMoney(Math.round(major * 100), 'CNY');
const staffView = async (id: number) => (await staff.sales<TStaffOrderDetail>('GET', `/api/admin/orders/${id}`)).body;
const pay = (id: number, amount: number, kind: 'payment' | 'refund' = 'payment') =>
  staff.sales('POST', `/api/admin/orders/${id}/payments`, { body: { kind, amount, currency: 'CNY', method: 'bankTransfer' } });

describe(`unpaid orders: settings (${TEST_DB_KIND})`, () => {
  it('are off until the owner sets them; the cancel must come after the reminder; 0 is off', async () => {
    expect((await staff.owner<TStaffSettings>('GET', '/api/admin/settings')).body.unpaidOrders).toEqual({ remindAfterDays: null, cancelAfterDays: null });
    for (const [remindAfterDays, cancelAfterDays] of [
      [5, 5],
      [7, 3],
    ]) {
      const res = await staff.owner('PUT', '/api/admin/settings', { body: { unpaidOrders: { remindAfterDays, cancelAfterDays } }, lang: 'zh' });
      expect(res.status).toBe(400);
      expect(res.body.details.field).toBe('unpaidOrders.cancelAfterDays');
      expect(res.body.desc).toContain('自动取消的天数须大于提醒的天数');
    }
    expect((await staff.owner('PUT', '/api/admin/settings', { body: { unpaidOrders: { remindAfterDays: -1, cancelAfterDays: null } } })).status).toBe(400);
    expect((await staff.owner('PUT', '/api/admin/settings', { body: { unpaidOrders: { remindAfterDays: 2.5, cancelAfterDays: null } } })).status).toBe(400);
    expect((await staff.sales('PUT', '/api/admin/settings', { body: { unpaidOrders: { remindAfterDays: 3, cancelAfterDays: 10 } } })).status).toBe(403);
    await policy(0, 10);
    expect(await t.services.settings.unpaidOrders()).toEqual({ remindAfterDays: null, cancelAfterDays: 10 });
    await policy(null, null);
  });
});

describe(`unpaid orders: the follow-up (${TEST_DB_KIND})`, () => {
  it('reminds once, in the buyer’s language, and never again however often it sweeps', async () => {
    await policy(3, 10);
    const zh = await buyer('zh');
    const en = await buyer('en');
    const a = await order(zh.call);
    const b = await order(en.call);

    const early = await sweep(after(b, 3, -MINUTE));
    expect(early.reminded).not.toContain(a.id);
    expect(early.reminded).not.toContain(b.id);
    const first = await sweep(after(b, 3));
    expect(first.reminded).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const later of [after(b, 3, 2 * MINUTE), after(b, 5), after(b, 9)]) {
      const again = await sweep(later);
      expect(again.reminded).not.toContain(a.id);
      expect(again.reminded).not.toContain(b.id);
    }

    const zhMail = (await delivered(zh.email)).filter((s) => s.includes('尚待付款'));
    const enMail = (await delivered(en.email)).filter((s) => s.includes('waiting for your payment'));
    expect(zhMail).toEqual([`订单 ${a.id} 尚待付款`]);
    expect(enMail).toEqual([`Order ${b.id} is waiting for your payment`]);
    const cancelDay = (o: { placed: number }) => new Date(o.placed + 10 * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
    const zhText = mailbox.messages.find((m) => m.rcptTo.includes(zh.email) && m.subject === zhMail[0])!.text;
    expect(zhText).toContain(`待付余额：${cny(a.totalAmount)}`);
    expect(zhText).toContain(`订单将于 ${cancelDay(a)}（北京时间）自动取消`);
    expect(zhText).toContain(`汇款附言请填写订单号 ${a.id}`);
    const enText = mailbox.messages.find((m) => m.rcptTo.includes(en.email) && m.subject === enMail[0])!.text;
    expect(enText).toContain(`the order will be cancelled on ${cancelDay(b)} (China time)`);

    // A reminder changes nothing but the record: still confirmed and unpaid, the trail says who reminded.
    const view = await staffView(a.id);
    expect(view.order.status).toBe('confirm');
    expect(view.audit.filter((e) => e.action === 'order.remind').map((e) => [e.actor.name, e.actor.role, e.note])).toEqual([['system', null, 'unpaid']]);
  });

  it('cancels at the age through the staff cancel path: stock back, the buyer mailed, audited by the system', async () => {
    await policy(3, 10);
    const en = await buyer('en');
    const before = await reserved();
    const o = await order(en.call, 4);
    expect((await reserved()).reserved).toBe(before.reserved + 4);

    expect((await sweepOf([o.id], after(o, 3))).reminded).toContain(o.id);
    expect((await sweepOf([o.id], after(o, 10, -MINUTE))).cancelled).not.toContain(o.id);
    expect((await staffView(o.id)).order.status).toBe('confirm');
    expect((await sweepOf([o.id], after(o, 10))).cancelled).toContain(o.id);

    expect(await reserved()).toEqual({ ...before, reserved: before.reserved });
    const view = await staffView(o.id);
    expect(view.order.status).toBe('cancel');
    expect(view.paymentStatus).toBe('unpaid');
    expect(view.cancelReason).toBe('Not paid within 10 days of ordering: cancelled automatically');
    const cancel = view.audit.filter((e) => e.action === 'order.cancel');
    expect(cancel.map((e) => [e.actor.name, e.actor.id, e.note, e.after?.status])).toEqual([['system', null, 'unpaid', 'cancel']]);
    const mine = (await en.call<TOrderDetail>('GET', `/api/orders/${o.id}`)).body;
    expect(mine.status).toBe('cancel');
    expect(mine.history.find((h) => h.to === 'cancel')?.note).toBe('Not paid within 10 days of ordering: cancelled automatically');
    expect(await delivered(en.email)).toEqual(expect.arrayContaining([`Order ${o.id} is waiting for your payment`, `Order ${o.id} was cancelled`]));
    const mail = mailbox.messages.find((m) => m.rcptTo.includes(en.email) && m.subject === `Order ${o.id} was cancelled`)!;
    expect(mail.text).toContain('Reason: Not paid within 10 days of ordering: cancelled automatically');

    // Later sweeps leave it be.
    expect((await sweepOf([o.id], after(o, 30))).cancelled).not.toContain(o.id);
    expect((await delivered(en.email)).filter((s) => s === `Order ${o.id} was cancelled`)).toHaveLength(1);
  });

  it('never cancels an order with a payment recorded; a part-paid one is reminded of the rest', async () => {
    await policy(3, 10);
    const en = await buyer('en');
    const part = await order(en.call);
    const full = await order(en.call);
    const refunded = await order(en.call);
    expect((await pay(part.id, 100)).status).toBe(201);
    expect((await pay(full.id, full.totalAmount)).status).toBe(201);
    expect((await pay(refunded.id, 50)).status).toBe(201);
    expect((await staff.sales('PUT', `/api/admin/orders/${refunded.id}/lines/${refunded.items[0]!.id}`, { body: { actualPrice: 0 } })).status).toBe(200);
    expect((await staff.sales('PUT', `/api/admin/orders/${refunded.id}/shipping-fee`, { body: { actualExpressFee: 0 } })).status).toBe(200);
    expect((await pay(refunded.id, 50, 'refund')).status).toBe(201);
    expect(
      (await staff.sales('PUT', `/api/admin/orders/${refunded.id}/lines/${refunded.items[0]!.id}`, { body: { actualPrice: refunded.items[0]!.discountPrice } }))
        .status,
    ).toBe(200);
    expect((await staffView(refunded.id)).paymentStatus).toBe('unpaid');

    const reminded = await sweep(after(refunded, 3));
    expect(reminded.reminded).toEqual(expect.arrayContaining([part.id, refunded.id]));
    expect(reminded.reminded).not.toContain(full.id);
    for (const days of [10, 40, 400]) {
      const done = await sweep(after(refunded, days));
      for (const o of [part, full, refunded]) expect(done.cancelled, `${o.id} at ${days} days`).not.toContain(o.id);
    }
    for (const o of [part, full, refunded]) expect((await staffView(o.id)).order.status).toBe('confirm');
    expect(await delivered(en.email)).toEqual(
      expect.arrayContaining([`Order ${part.id} is waiting for your payment`, `Order ${refunded.id} is waiting for your payment`]),
    );
    const text = mailbox.messages.find((m) => m.subject === `Order ${part.id} is waiting for your payment`)!.text;
    expect(text).toContain(`Still to pay: ${cny(part.totalAmount - 100)}`);
    expect(text).not.toContain('will be cancelled');
  });

  it('gives an order the follow-up never reminded its reminder first, and the full grace before the cancel', async () => {
    await policy(null, null);
    const en = await buyer('en');
    const o = await order(en.call);
    // Turned on long after the order: the first sweep reminds, the cancel waits 7 days from then.
    await policy(3, 10);
    const late = after(o, 30);
    const first = await sweep(late);
    expect(first.reminded).toContain(o.id);
    expect(first.cancelled).not.toContain(o.id);
    expect((await sweep(new Date(late.getTime() + 7 * DAY - MINUTE))).cancelled).not.toContain(o.id);
    expect((await sweep(new Date(late.getTime() + 7 * DAY))).cancelled).toContain(o.id);
    // Without reminders the cancel comes at its age.
    await policy(null, 10);
    const plain = await order(en.call);
    expect((await sweep(after(plain, 10, -MINUTE))).cancelled).not.toContain(plain.id);
    const done = await sweep(after(plain, 10));
    expect(done.cancelled).toContain(plain.id);
    expect(done.reminded).toEqual([]);
  });

  it('two sweeps racing remind once, cancel once, release the stock once and mail once', async () => {
    await policy(3, 10);
    const zh = await buyer('zh');
    const before = await reserved();
    const o = await order(zh.call, 5);
    const reminds = await Promise.all([sweepOf([o.id], after(o, 3)), sweepOf([o.id], after(o, 3))]);
    expect(reminds.flatMap((r) => r.reminded).filter((id) => id === o.id)).toHaveLength(1);
    const cancels = await Promise.all([sweepOf([o.id], after(o, 10)), sweepOf([o.id], after(o, 10)), sweepOf([o.id], after(o, 11))]);
    expect(cancels.flatMap((r) => r.cancelled).filter((id) => id === o.id)).toHaveLength(1);
    expect(await reserved()).toEqual(before);
    const subjects = await delivered(zh.email);
    expect(subjects.filter((s) => s === `订单 ${o.id} 尚待付款`)).toHaveLength(1);
    expect(subjects.filter((s) => s === `订单 ${o.id} 已取消`)).toHaveLength(1);
    const view = await staffView(o.id);
    expect(view.audit.filter((e) => e.action === 'order.cancel')).toHaveLength(1);
    expect(view.audit.filter((e) => e.action === 'order.remind')).toHaveLength(1);
    expect(view.cancelReason).toBe('下单后 10 天内未付款，订单已自动取消');
  });

  it('does nothing while the settings are off, and reminds only while cancelling is off', async () => {
    await policy(null, null);
    const en = await buyer('en');
    const o = await order(en.call);
    const none = await sweep(after(o, 1000));
    expect(none).toEqual({ reminded: [], cancelled: [] });
    expect((await staffView(o.id)).order.status).toBe('confirm');
    await policy(0, 0);
    expect(await sweep(after(o, 1000))).toEqual({ reminded: [], cancelled: [] });
    expect((await delivered(en.email)).filter((s) => !s.startsWith('We received'))).toEqual([]);

    await policy(3, null);
    const only = await sweep(after(o, 1000));
    expect(only.reminded).toContain(o.id);
    expect(only.cancelled).toEqual([]);
    expect((await staffView(o.id)).order.status).toBe('confirm');
    await policy(null, null);
  });

  it('the CLI runs it for the orders named, as of a time', async () => {
    await policy(3, 10);
    const en = await buyer('en');
    const a = await order(en.call);
    const b = await order(en.call);
    const at = after(b, 10).toISOString();
    const first = await runCommand(['order', 'follow-up', String(a.id), '--at', at], t.services);
    expect(first).toEqual({ code: 0, output: `Unpaid orders as of ${at}: reminded ${a.id}; cancelled none.` });
    expect((await runCommand(['order', 'follow-up', 'x'], t.services)).code).toBe(2);
    expect((await runCommand(['order', 'follow-up', '--at', 'soon'], t.services)).code).toBe(2);
    expect((await staffView(b.id)).audit.filter((e) => e.action === 'order.remind')).toEqual([]);
    await policy(null, null);
  });
});

describe(`unpaid orders: the queue (${TEST_DB_KIND})`, () => {
  it('says when each unpaid order lapses and filters the ones that will (lapsing=1)', async () => {
    await policy(3, 10);
    const en = await buyer('en');
    const unpaid = await order(en.call);
    const paid = await order(en.call);
    expect((await pay(paid.id, paid.totalAmount)).status).toBe(201);
    const queue = (query: Record<string, string | number>) =>
      staff.sales<TStaffOrderList>('GET', '/api/admin/orders', { query: { recPerPage: 200, ...query } });

    const all = (await queue({ q: en.email })).body;
    const row = (id: number) => all.data.find((r) => r.id === id)!;
    // Not reminded yet: the reminder at 3 days, the cancel 7 days after it.
    expect(Date.parse(row(unpaid.id).lapsesAt!)).toBe(unpaid.placed + 10 * DAY);
    expect(row(paid.id).lapsesAt).toBeNull();

    const lapsing = (await queue({ q: en.email, lapsing: 1 })).body;
    expect(lapsing.data.map((r) => r.id)).toEqual([unpaid.id]);
    expect(lapsing.counts.confirm).toBe(1);
    expect((await queue({ lapsing: 'yes' })).status).toBe(400);

    await policy(3, null);
    const off = (await queue({ q: en.email, lapsing: 1 })).body;
    expect(off.data).toEqual([]);
    expect(off.counts.all).toBe(0);
    expect((await queue({ q: en.email })).body.data.every((r) => r.lapsesAt === null)).toBe(true);
    await policy(null, null);
  });
});

describe(`unpaid orders: the buyer’s order page (${TEST_DB_KIND})`, () => {
  const mine = async (c: ShopCall, id: number) => (await c<TOrderDetail>('GET', `/api/orders/${id}`)).body;
  /** The day in China time, as the reminder mail writes it. */
  const chinaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

  it('says by when to pay: the staff queue’s date, the reminder mail’s date; none once paid', async () => {
    await policy(3, 10);
    const zh = await buyer('zh');
    const o = await order(zh.call);
    const before = await mine(zh.call, o.id);
    expect(Date.parse(before.lapsesAt!)).toBe(o.placed + 10 * DAY);
    expect(before.lapseAfterDays).toBe(10);
    const queued = (await staff.sales<TStaffOrderList>('GET', '/api/admin/orders', { query: { q: zh.email } })).body.data.find((r) => r.id === o.id)!;
    expect(queued.lapsesAt).toBe(before.lapsesAt);

    // Reminded a minute late: the cancel moves to 7 days after the reminder, on the page and in the mail alike.
    expect((await sweepOf([o.id], after(o, 3))).reminded).toContain(o.id);
    const reminded = await mine(zh.call, o.id);
    expect(Date.parse(reminded.lapsesAt!)).toBe(after(o, 3).getTime() + 7 * DAY);
    const subject = `订单 ${o.id} 尚待付款`;
    expect(await delivered(zh.email)).toContain(subject);
    const text = mailbox.messages.find((m) => m.rcptTo.includes(zh.email) && m.subject === subject)!.text;
    expect(text).toContain(`订单将于 ${chinaDay(reminded.lapsesAt!)}（北京时间）自动取消`);

    expect((await pay(o.id, 100)).status).toBe(201);
    const part = await mine(zh.call, o.id);
    expect(part.lapsesAt).toBeNull();
    expect(part.lapseAfterDays).toBeNull();
    await policy(null, null);
  });

  it('the buyer’s order list carries the same date on each unpaid row, none on a paid one or while the shop does not cancel', async () => {
    await policy(3, 10);
    const en = await buyer('en');
    const unpaid = await order(en.call);
    const paid = await order(en.call);
    expect((await pay(paid.id, paid.totalAmount)).status).toBe(201);
    const listed = async () => new Map((await en.call<TOrderList>('GET', '/api/orders')).body.data.map((r) => [r.id, r.lapsesAt]));
    const rows = await listed();
    expect(rows.get(unpaid.id)).toBe((await mine(en.call, unpaid.id)).lapsesAt);
    expect(Date.parse(rows.get(unpaid.id)!)).toBe(unpaid.placed + 10 * DAY);
    expect(rows.get(paid.id)).toBeNull();
    await policy(3, null);
    expect((await listed()).get(unpaid.id)).toBeNull();
    await policy(null, null);
  });

  it('gives no date when the shop does not cancel unpaid orders, or once the order is cancelled', async () => {
    await policy(3, null);
    const en = await buyer('en');
    const o = await order(en.call);
    expect(await mine(en.call, o.id)).toMatchObject({ lapsesAt: null, lapseAfterDays: null });
    await policy(null, 10);
    expect(Date.parse((await mine(en.call, o.id)).lapsesAt!)).toBe(o.placed + 10 * DAY);
    expect((await sweepOf([o.id], after(o, 10))).cancelled).toContain(o.id);
    expect(await mine(en.call, o.id)).toMatchObject({ status: 'cancel', lapsesAt: null, lapseAfterDays: null });
    await policy(null, null);
  });
});
