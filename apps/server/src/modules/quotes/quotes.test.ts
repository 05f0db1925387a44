import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffQuote, TStaffQuoteList, TOrderDetail, TQuote, TQuoteAccepted, TQuoteList, TStaffRole } from '@cubeshop/shared';
import { users } from '../../db/schema/account.js';
import { quotes } from '../../db/schema/quotes.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Quotes (docs/orders.md, Quotes): a buyer asks from the cart, sales staff change quantities,
// prices, lines, freight and validity and send it (mail through the outbox to a real SMTP
// stand-in); the buyer accepts it once, which places one order at the quoted prices through the
// orders module. Every step is audited and shown on both sides.

let t: ShopApp;
let mailbox: Mailbox;
const staff = {} as Record<TStaffRole, ShopCall>;

interface Buyer {
  id: number;
  email: string;
  call: ShopCall;
}

async function newBuyer(locale: 'zh' | 'en' = 'en', currency: 'CNY' | 'USD' = 'CNY'): Promise<Buyer> {
  const email = `qt_${randomBytes(4).toString('hex')}@example.com`;
  const user = await t.services.account.createUser({ account: email, email, name: locale === 'zh' ? '李雷' : 'Quinn Buyer', locale });
  const token = await t.services.authn.issueUserToken(user.id);
  return { id: user.id, email, call: shopClient(t, token, { lang: locale, currency }) };
}

/** The buyer's cart: 10 black cubes and 100 sticker sheets; then a quote request. */
async function ask(b: Buyer, message = 'Best price for 10 cubes and 100 stickers?'): Promise<TQuote> {
  expect((await b.call('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 10 } })).status).toBe(200);
  expect((await b.call('POST', '/api/cart/items', { body: { itemId: t.products.sticker, quantity: 100 } })).status).toBe(200);
  const asked = await b.call<TQuote>('POST', '/api/quotes', { body: { message } });
  expect(asked.status).toBe(201);
  return asked.body;
}

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Staff price the quote: 12 cubes at ¥100.00 (catalog ¥129.00), 100 stickers at ¥1.50, freight ¥80.00, valid through the day after tomorrow. */
async function priceAndSend(quote: TQuote): Promise<TStaffQuote> {
  const saved = await staff.sales<TStaffQuote>('PUT', `/api/admin/quotes/${quote.id}`, {
    body: {
      lines: [
        { itemId: t.products.cube, type: 'black', quantity: 12, unitPrice: 100 },
        { itemId: t.products.sticker, type: '', quantity: 100, unitPrice: 1.5 },
      ],
      freight: 80,
      validUntil: tomorrow(),
      note: 'Regular customer: 22 % off the cubes',
    },
  });
  expect(saved.status).toBe(200);
  const sent = await staff.sales<TStaffQuote>('POST', `/api/admin/quotes/${quote.id}/send`);
  expect(sent.status).toBe(200);
  return sent.body;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createShopApp({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100', OUTBOX_RETRY_MS: '50' });
  await t.app.ready();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
    staff[role] = shopClient(t, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('a quote from request to order', () => {
  it('is asked from the cart, priced and sent by sales, mailed, accepted into one order at the quoted prices', async () => {
    const b = await newBuyer();
    const quote = await ask(b);
    expect(quote).toMatchObject({
      status: 'requested',
      currency: 'CNY',
      message: 'Best price for 10 cubes and 100 stickers?',
      orderId: null,
      validUntil: null,
    });
    // In the cart's order (newest line first), at the buyer's prices now.
    expect(quote.lines.map((l) => [l.itemId, l.type, l.quantity, l.catalogPrice]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [t.products.cube, 'black', 10, 129],
      [t.products.sticker, '', 100, 2],
    ]);
    // The cart stays as it was.
    expect((await b.call<{ data: unknown[] }>('GET', '/api/cart/items')).body.data).toHaveLength(2);

    // Staff see it in the queue (open, oldest first) and may not be mistaken for the buyer's list.
    const queue = await staff.sales<TStaffQuoteList>('GET', '/api/admin/quotes');
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((q) => q.id === quote.id)).toMatchObject({ status: 'requested', lineCount: 2, buyer: { id: b.id } });

    // Not sent yet: the buyer cannot accept.
    const early = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'CONFLICT', details: { reason: 'notSent' } });

    const sent = await priceAndSend(quote);
    expect(sent).toMatchObject({
      status: 'sent',
      goodsAmount: 1350,
      freight: 80,
      totalAmount: 1430,
      validUntil: tomorrow(),
      note: 'Regular customer: 22 % off the cubes',
    });
    expect(sent.lines.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      [12, 100, 1200],
      [100, 1.5, 150],
    ]);

    const mail = await mailbox.next(b.email, 10_000);
    expect(mail.subject).toBe(`Your quote QT-${quote.id} is ready`);
    expect(mail.text).toContain('¥1,430.00');
    expect(mail.text).toContain(`/quotes/${quote.id}`);
    expect(mail.text).toContain('The quotation is attached as a PDF');
    // The quotation PDF the buyer downloads goes with it: the quoted lines and total.
    expect(mail.attachments.map((f) => [f.filename, f.contentType])).toEqual([[`QT-${quote.id}.pdf`, 'application/pdf']]);
    const attached = await pdfText(mail.attachments[0]!.content);
    for (const phrase of ['Quotation', `QT-${quote.id}`, 'Orbit 3x3 Magnetic Cube', 'Orbit Stickers', '¥100.00', '¥1,200.00', '¥1,430.00'])
      expect(attached.compact, phrase).toContain(squeeze(phrase));

    // The buyer sees the quote, without staff's internal note or names.
    const seen = await b.call<TQuote & { note?: unknown }>('GET', `/api/quotes/${quote.id}`);
    expect(seen.body).toMatchObject({ status: 'sent', totalAmount: 1430, freight: 80 });
    expect(seen.body.note).toBeUndefined();
    expect(JSON.stringify(seen.body)).not.toContain('Regular customer');
    expect(seen.body.history.map((h) => [h.action, h.by, h.name])).toEqual([
      ['quote.request', 'buyer', null],
      ['quote.update', 'staff', null],
      ['quote.send', 'staff', null],
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}/pdf`, headers: { authorization: await tokenOf(b) } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const accepted = await b.call<TQuoteAccepted>('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload({ comment: 'As quoted' }) });
    expect(accepted.status).toBe(201);
    expect(accepted.body.replayed).toBe(false);
    const again = await b.call<TQuoteAccepted>('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ orderId: accepted.body.orderId, replayed: true });

    // The order: the quoted lines and freight, its money as orders.money computes it equal to the quote's total.
    const order = (await b.call<TOrderDetail>('GET', `/api/orders/${accepted.body.orderId}`)).body;
    expect(order.items.map((l) => [l.itemId, l.quantity, l.discountPrice, l.amount])).toEqual([
      [t.products.cube, 12, 100, 1200],
      [t.products.sticker, 100, 1.5, 150],
    ]);
    expect(order.money.charged).toEqual({ goods: 1350, freight: 80, surcharge: 0, total: 1430 });
    expect(order.money.charged.total).toBe(sent.totalAmount);
    expect(order.money.toPay).toBe(1430);
    expect(order.comment).toBe('As quoted');
    const placedMail = await mailbox.next(b.email, 10_000);
    expect(placedMail.subject).toContain(String(accepted.body.orderId));

    const after = await staff.sales<TStaffQuote>('GET', `/api/admin/quotes/${quote.id}`);
    expect(after.body).toMatchObject({ status: 'accepted', orderId: accepted.body.orderId });
    expect(after.body.history.map((h) => [h.action, h.by])).toEqual([
      ['quote.request', 'buyer'],
      ['quote.update', 'staff'],
      ['quote.send', 'staff'],
      ['quote.accept', 'buyer'],
    ]);
    expect(after.body.history[1]!.name).toBe('sales person');

    // Audited: who, before and after.
    const audit = await t.services.audit.of('quote', quote.id);
    const update = audit.find((e) => e.action === 'quote.update')!;
    expect(update.actor).toMatchObject({ name: 'sales person', role: 'sales' });
    expect(update.before).toMatchObject({ status: 'requested', freight: null });
    expect(update.after).toMatchObject({ freight: 8000, lines: [`${t.products.cube}/black × 12 @ 10000`, `${t.products.sticker} × 100 @ 150`] });
    expect(audit.find((e) => e.action === 'quote.accept')!.after).toEqual({ status: 'accepted', order: accepted.body.orderId });

    // Closed: no more changes.
    const late = await staff.sales('PUT', `/api/admin/quotes/${quote.id}`, { body: { lines: [], freight: 0 } });
    expect(late.status).toBe(409);
  });

  it('accepted twice at once places one order, and both answers name it', async () => {
    const b = await newBuyer();
    const quote = await ask(b);
    await priceAndSend(quote);
    const [one, two] = await Promise.all([
      b.call<TQuoteAccepted>('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() }),
      b.call<TQuoteAccepted>('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.orderId).toBe(two.body.orderId);
    const orders = await b.call<{ data: { id: number }[] }>('GET', '/api/orders');
    expect(orders.body.data.map((o) => o.id)).toEqual([one.body.orderId]);
  });

  it('keeps the buyer currency: a USD buyer is quoted and ordered in USD cents', async () => {
    const b = await newBuyer('en', 'USD');
    const quote = await ask(b);
    expect(quote.currency).toBe('USD');
    const saved = await staff.owner<TStaffQuote>('PUT', `/api/admin/quotes/${quote.id}`, {
      body: { lines: [{ itemId: t.products.cube, type: 'black', quantity: 10, unitPrice: 15.55 }], freight: 12.35, validUntil: tomorrow() },
    });
    expect(saved.body).toMatchObject({ goodsAmount: 155.5, freight: 12.35, totalAmount: 167.85 });
    expect((await staff.owner('POST', `/api/admin/quotes/${quote.id}/send`)).status).toBe(200);
    const accepted = await b.call<TQuoteAccepted>('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    const order = (await b.call<TOrderDetail>('GET', `/api/orders/${accepted.body.orderId}`)).body;
    expect(order.currency).toBe('USD');
    expect(order.money.charged.total).toBe(167.85);
  });
});

describe('mail about a quote', () => {
  it('tells each sales staff member and owner with an e-mail of a new request, in their language, with the link to price it', async () => {
    const person = async (role: TStaffRole, locale: 'zh' | 'en', name: string) => {
      const email = `staff_${randomBytes(4).toString('hex')}@example.com`;
      const user = await t.services.account.createUser({ account: email, email, name, role, locale });
      return { id: user.id, email };
    };
    const sales = await person('sales', 'zh', '王销售');
    const owner = await person('owner', 'en', 'Olivia Owner');
    const warehouse = await person('warehouse', 'en', 'Walt Warehouse');
    const gone = await person('sales', 'en', 'Gone Sales');
    await t.services.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));

    const b = await newBuyer();
    const quote = await ask(b, 'Need 10 cubes & 100 stickers <by Friday>');
    const zh = await mailbox.next(sales.email, 10_000);
    expect(zh.subject).toBe(`新询价 QT-${quote.id}：Quinn Buyer <${b.email}>`);
    expect(zh.text).toContain('王销售，您好');
    expect(zh.text).toContain('2 个商品行，共 110 件');
    expect(zh.text).toContain('Need 10 cubes & 100 stickers <by Friday>');
    expect(zh.text).toContain(`/admin/quotes/${quote.id}`);
    expect(zh.html).toContain('Need 10 cubes &amp; 100 stickers &lt;by Friday&gt;');
    const en = await mailbox.next(owner.email, 10_000);
    expect(en.subject).toBe(`New quote request QT-${quote.id} from Quinn Buyer <${b.email}>`);
    expect(en.text).toContain('2 lines, 110 pieces in all');
    expect(en.text).toContain(`/admin/quotes/${quote.id}`);
    // Nobody who cannot answer quotes, nor a disabled account; and the buyer is not mailed.
    await expect.poll(async () => (await t.services.outbox.pending()).waiting, { timeout: 20_000, interval: 100 }).toBe(0);
    for (const email of [warehouse.email, gone.email, b.email])
      expect(
        mailbox.messages.filter((m) => m.rcptTo.includes(email)),
        email,
      ).toEqual([]);
  });

  it('sends a Chinese buyer the quote with the quotation PDF in Chinese', async () => {
    const b = await newBuyer('zh');
    const quote = await ask(b, '请报价');
    await priceAndSend(quote);
    const mail = await mailbox.next(b.email, 10_000);
    expect(mail.subject).toBe(`您的报价单 QT-${quote.id} 已准备好`);
    expect(mail.text).toContain('报价单 PDF 已附在本邮件中');
    expect(mail.attachments.map((f) => f.filename)).toEqual([`QT-${quote.id}.pdf`]);
    const attached = await pdfText(mail.attachments[0]!.content);
    for (const phrase of ['报价单', '轨道 三阶磁力魔方', '轨道 贴纸', '¥1,430.00']) expect(attached.compact, phrase).toContain(squeeze(phrase));
  });
});

describe('refusals', () => {
  it('an expired quote answers 409 with the reason, in English and Chinese', async () => {
    const b = await newBuyer('zh');
    const quote = await ask(b, '请报价');
    await priceAndSend(quote);
    await t.services.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(quotes.id, quote.id));
    expect((await b.call<TQuote>('GET', `/api/quotes/${quote.id}`)).body.status).toBe('expired');
    const zh = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    expect(zh.status).toBe(409);
    expect(zh.body).toMatchObject({ code: 'CONFLICT', details: { reason: 'expired' }, desc: expect.stringContaining('过期') });
    const en = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload(), lang: 'en' });
    expect(en.body).toMatchObject({ details: { reason: 'expired' }, desc: expect.stringContaining('expired on') });
    expect((await staff.sales<TStaffQuoteList>('GET', '/api/admin/quotes', { query: { status: 'expired' } })).body.data.map((q) => q.id)).toContain(quote.id);
    expect((await b.call<{ data: unknown[] }>('GET', '/api/orders')).body.data).toHaveLength(0);
  });

  it('a withdrawn quote answers 409 with staff reason, in both languages, and is audited', async () => {
    const b = await newBuyer();
    const quote = await ask(b);
    await priceAndSend(quote);
    const withdrawn = await staff.sales<TStaffQuote>('POST', `/api/admin/quotes/${quote.id}/withdraw`, { body: { reason: 'Out of production' } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    const en = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ details: { reason: 'withdrawn' }, desc: 'The quote was withdrawn and can no longer be accepted: Out of production' });
    const zh = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload(), lang: 'zh' });
    expect(zh.body).toMatchObject({ details: { reason: 'withdrawn' }, desc: '报价已撤回，不能再接受：Out of production' });
    const seen = (await b.call<TQuote>('GET', `/api/quotes/${quote.id}`)).body;
    expect(seen).toMatchObject({ status: 'withdrawn', withdrawReason: 'Out of production' });
    expect(seen.history.at(-1)).toMatchObject({ action: 'quote.withdraw', by: 'staff', name: null, note: 'Out of production' });
    const audit = await t.services.audit.of('quote', quote.id);
    expect(audit[0]).toMatchObject({ action: 'quote.withdraw', actor: { role: 'sales' }, before: { status: 'sent' }, after: { status: 'withdrawn' } });
  });

  it('send needs priced lines, freight and a validity date; an edit of a sent quote takes it back until sent again', async () => {
    const b = await newBuyer();
    const quote = await ask(b);
    const noFreight = await staff.sales('POST', `/api/admin/quotes/${quote.id}/send`);
    expect(noFreight.status).toBe(400);
    expect(noFreight.body).toMatchObject({ details: { field: 'freight' } });
    await priceAndSend(quote);
    const edited = await staff.sales<TStaffQuote>('PUT', `/api/admin/quotes/${quote.id}`, {
      body: { lines: [{ itemId: t.products.timer, type: '', quantity: 4, unitPrice: 150 }], freight: 0, validUntil: tomorrow() },
    });
    expect(edited.body).toMatchObject({ status: 'requested', totalAmount: 600 });
    expect(edited.body.lines).toMatchObject([{ itemId: t.products.timer, name: 'Orbit Timer', quantity: 4, catalogPrice: 199 }]);
    const refused = await b.call('POST', `/api/quotes/${quote.id}/accept`, { body: orderPayload() });
    expect(refused.body).toMatchObject({ details: { reason: 'notSent' } });
    const unknown = await staff.sales('PUT', `/api/admin/quotes/${quote.id}`, {
      body: { lines: [{ itemId: t.products.cube, type: 'purple', quantity: 1, unitPrice: 1 }], freight: 0 },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('who may see and do what', () => {
  it("another buyer's quote is 404; signed out is 401; staff without orders.sell are 403", async () => {
    const a = await newBuyer();
    const quote = await ask(a);
    const b = await newBuyer();
    for (const [method, url] of [
      ['GET', `/api/quotes/${quote.id}`],
      ['GET', `/api/quotes/${quote.id}/pdf`],
      ['POST', `/api/quotes/${quote.id}/accept`],
    ] as const) {
      const res = await b.call(method, url, method === 'POST' ? { body: orderPayload() } : {});
      expect(res.status, url).toBe(404);
    }
    expect((await b.call<TQuoteList>('GET', '/api/quotes')).body.data).toEqual([]);
    expect((await a.call<TQuoteList>('GET', '/api/quotes')).body.data.map((q) => q.id)).toEqual([quote.id]);
    expect((await shopClient(t, undefined)('GET', `/api/quotes/${quote.id}`)).status).toBe(401);
    expect((await shopClient(t, undefined)('POST', '/api/quotes', { body: { message: 'hi' } })).status).toBe(401);
    for (const role of ['warehouse', 'catalog', 'service'] as const) {
      expect((await staff[role]('GET', '/api/admin/quotes')).status, role).toBe(403);
      expect((await staff[role]('POST', `/api/admin/quotes/${quote.id}/send`)).status, role).toBe(403);
    }
    expect((await b.call('GET', '/api/admin/quotes')).status).toBe(403);
    expect((await staff.owner('GET', `/api/admin/quotes/${quote.id}`)).status).toBe(200);
  });

  it('an empty cart cannot ask, and the dashboard counts quote requests waiting for staff', async () => {
    const b = await newBuyer();
    expect((await b.call('POST', '/api/quotes', { body: { message: 'anything?' } })).status).toBe(400);
    const waiting = async () => (await staff.sales<{ openRequests: number }>('GET', '/api/admin/dashboard')).body.openRequests;
    const before = await waiting();
    const quote = await ask(b);
    expect(await waiting()).toBe(before + 1);
    await priceAndSend(quote);
    expect(await waiting()).toBe(before);
  });
});

async function tokenOf(b: Buyer): Promise<string> {
  return `Bearer ${await t.services.authn.issueUserToken(b.id)}`;
}
