// Over 400 lines on purpose: the model, the actions and the invariants read best side by side.
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type TStaffOrderDetail, type TCurrency, type TLocale, type TOrderDetail, type TPaymentStatus } from '@cubeshop/shared';
import { pdfText, squeeze } from '../../test/pdf.js';
import { createShopApp, orderPayload, RATE, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Money and stock invariants over random sequences of what staff and buyers do to orders
// (docs/orders.md, Money after the order): place, pay in part or whole in either currency,
// change packed quantities, prices or freight, ship (whole, or in parcels: docs/orders.md, Split
// shipments), deliver, credit (returns, goodwill), refund,
// cancel and restock, the unpaid-order follow-up's sweep (docs/orders.md, Unpaid orders: a
// reminder, then a cancel of an order with nothing paid), and lines staff add or remove before the
// order is outbound (docs/orders.md, Editing an order before it leaves), against a small model written apart from
// the code. After every step:
// - the server accepts exactly what the model allows and refuses the rest;
// - balance = owed after credits - (payments - refunds), payment status, every figure of the
//   staff view = the model's, and the buyer's view = the staff view;
// - stock on hand and reserved are never negative and equal the model's (reserved = what open
//   orders hold);
// - the commercial invoice's text shows the same total, credits, payments, refunds and balance.
// A fixed seed runs in `npm test`; PROPERTY_SEED and PROPERTY_RUNS replay or widen it. A failure
// prints the seed and the shrunk sequence.

const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_127);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);

let t: ShopApp;
let sales: ShopCall;
let warehouse: ShopCall;
let salesToken: string;
let buyerToken: string;

beforeAll(async () => {
  t = await createShopApp();
  await t.app.ready();
  const s = await t.services.account.createUser({ account: `prop_sales_${randomBytes(3).toString('hex')}`, name: 'Sales', role: 'sales' });
  const w = await t.services.account.createUser({ account: `prop_wh_${randomBytes(3).toString('hex')}`, name: 'Warehouse', role: 'warehouse' });
  const b = await t.services.account.createUser({ account: `prop_buyer_${randomBytes(3).toString('hex')}`, name: 'Buyer' });
  salesToken = await t.services.authn.issueUserToken(s.id);
  sales = shopClient(t, salesToken);
  warehouse = shopClient(t, await t.services.authn.issueUserToken(w.id));
  buyerToken = await t.services.authn.issueUserToken(b.id);
  await t.services.settings.set('unpaidOrders', { remindAfterDays: 3, cancelAfterDays: 10 });
});
afterAll(async () => {
  await t.close();
});

// ---- the model (independent of the server's code) ----

interface MLine {
  id: number;
  itemId: number;
  type: string;
  tracked: boolean;
  packed: number;
  unit: number;
  credited: number;
  shipped: number;
  returned: number;
  reserved: number;
}
interface MOrder {
  id: number;
  currency: TCurrency;
  bp: number;
  status: 'confirm' | 'outbound' | 'delivery' | 'complete' | 'cancel';
  logistics: 'pending' | 'inTransit' | 'outForDelivery' | 'delivered';
  lines: MLine[];
  freight: number;
  credited: number;
  credits: number;
  paid: number;
  refunded: number;
  /** When the follow-up reminded the buyer (the sweep's time, ms), if it did. */
  remindedAt?: number;
}
type Stock = Map<string, { onHand: number; reserved: number }>;

const halfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const goodsOf = (o: MOrder) => o.lines.reduce((a, l) => a + l.packed * l.unit, 0);
const chargedOf = (o: MOrder) => goodsOf(o) + o.freight + halfUp((goodsOf(o) + o.freight) * o.bp, 10_000);
const owedOf = (o: MOrder) => (o.status === 'cancel' ? 0 : chargedOf(o) - o.credited);
const balanceOf = (o: MOrder) => owedOf(o) - (o.paid - o.refunded);
function statusOf(o: MOrder): TPaymentStatus {
  const net = o.paid - o.refunded;
  const owed = owedOf(o);
  if (net > owed) return 'refund_due';
  if (owed <= 0) return o.paid > 0 ? 'refunded' : 'unpaid';
  if (net === owed) return 'paid';
  return net > 0 ? 'partially_paid' : 'unpaid';
}
const convert = (minor: number, from: TCurrency, to: TCurrency) => (from === to ? minor : from === 'USD' ? Math.round(minor * RATE) : Math.round(minor / RATE));
const key = (itemId: number, type: string) => `${itemId}|${type}`;
const available = (stock: Stock, l: MLine) => {
  const s = stock.get(key(l.itemId, l.type))!;
  return s.onHand - s.reserved;
};

// ---- the actions, with random parameters ----

type Action =
  | { kind: 'pay'; order: number; share: number; nudge: number; other: boolean; confirm: boolean }
  | { kind: 'refund'; order: number; share: number; nudge: number; other: boolean }
  | { kind: 'pack'; order: number; line: number; delta: number }
  | { kind: 'price'; order: number; line: number; percent: number }
  | { kind: 'freight'; order: number; percent: number }
  | { kind: 'advance'; order: number }
  | { kind: 'credit'; order: number; line: number; pieces: number; share: number; nudge: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'restock'; order: number; line: number; pieces: number; mode: 'some' | 'rest' | 'over' }
  | { kind: 'sweep'; order: number }
  | { kind: 'addLine'; order: number; product: number; quantity: number; price: number | null }
  | { kind: 'removeLine'; order: number; line: number }
  | { kind: 'parcel'; order: number; line: number; pieces: number; mode: 'some' | 'rest' | 'over' };

const order = fc.nat(1);
/** Amounts sit on and next to the limits (the exact balance, one minor unit either side) as often as away from them. */
const nudge = fc.constantFrom(-1, 0, 0, 1);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order,
      share: fc.constantFrom(0.3, 0.5, 1, 1, 1, 1.2),
      nudge,
      other: fc.boolean(),
      confirm: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('refund' as const), order, share: fc.constantFrom(0.5, 1, 1, 1.5), nudge, other: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pack' as const), order, line: fc.nat(3), delta: fc.integer({ min: -3, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('price' as const), order, line: fc.nat(3), percent: fc.integer({ min: 0, max: 150 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('freight' as const), order, percent: fc.integer({ min: 0, max: 200 }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('advance' as const), order }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      order,
      line: fc.nat(3),
      pieces: fc.nat(3),
      share: fc.constantFrom(0, 0, 0.1, 0.5, 1, 1.1),
      nudge,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('restock' as const),
      order,
      line: fc.nat(3),
      pieces: fc.integer({ min: 1, max: 4 }),
      mode: fc.constantFrom('some' as const, 'rest' as const, 'over' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sweep' as const), order }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addLine' as const),
      order,
      product: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 4 }),
      price: fc.option(fc.integer({ min: 1, max: 30_000 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('removeLine' as const), order, line: fc.nat(3) }) },
  // A parcel of one line (docs/orders.md, Split shipments): some pieces, exactly what is left, or one more.
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('parcel' as const),
      order,
      line: fc.nat(3),
      pieces: fc.integer({ min: 1, max: 3 }),
      mode: fc.constantFrom('some' as const, 'some' as const, 'rest' as const, 'over' as const),
    }),
  },
);

const refund = fc.record({ kind: fc.constant('refund' as const), order, share: fc.constantFrom(0.5, 1, 1, 1.5), nudge, other: fc.boolean() });
/**
 * Staff's usual pairs: something that makes the shop owe money back (a credit note, a cancel, a
 * price cut, a confirmed overpayment), then a refund of the same order.
 */
const owedBack: fc.Arbitrary<Action[]> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('credit' as const),
          order,
          line: fc.nat(3),
          pieces: fc.nat(3),
          share: fc.constantFrom(0, 0.1, 0.5, 1),
          nudge,
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('price' as const), order, line: fc.nat(3), percent: fc.integer({ min: 0, max: 90 }) }) },
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('pay' as const), order, share: fc.constant(1.2), nudge, other: fc.boolean(), confirm: fc.constant(true) }),
      },
    ),
    refund,
  )
  .map(([first, then]) => [first, { ...then, order: first.order }]);
/** The follow-up twice in a row: a reminder, then (nothing paid meanwhile) the cancel. */
const sweepTwice: fc.Arbitrary<Action[]> = order.map((o) => [
  { kind: 'sweep' as const, order: o },
  { kind: 'sweep' as const, order: o },
]);
/** Staff change an order's lines while it waits: a product added, then a line (perhaps the new one) removed. */
const editLines: fc.Arbitrary<Action[]> = fc
  .record({ o: order, product: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }), price: fc.option(fc.integer({ min: 1, max: 30_000 })), line: fc.nat(3) })
  .map(({ o, product, quantity, price, line }) => [
    { kind: 'addLine' as const, order: o, product, quantity, price },
    { kind: 'removeLine' as const, order: o, line },
  ]);
const step: fc.Arbitrary<Action[]> = fc.oneof(
  { weight: 6, arbitrary: action.map((a) => [a]) },
  { weight: 2, arbitrary: owedBack },
  { weight: 1, arbitrary: sweepTwice },
  { weight: 2, arbitrary: editLines },
);

const scenario = fc.record({
  currency: fc.constantFrom<TCurrency>('CNY', 'USD'),
  lang: fc.constantFrom<TLocale>('zh', 'en'),
  payMethod: fc.constantFrom('tt', 'paypal', 'alipay'),
  first: fc.array(fc.record({ product: fc.nat(2), quantity: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 3 }),
  second: fc.integer({ min: 1, max: 4 }),
  /** Pieces on hand beyond what the two orders take (0: any packing beyond the order is short). */
  slack: fc.tuple(fc.nat(4), fc.nat(3), fc.nat(4)),
  actions: fc.array(step, { minLength: 5, maxLength: 12, size: 'max' }).map((steps) => steps.flat()),
  /** Where each order is paid in full (a shop's usual path), so credits, cuts and cancels after it owe money back. */
  settle: fc.tuple(fc.nat(12), fc.nat(12)),
});

/** The random actions with each order's full payment put in at its place. */
function withSettlement(actions: readonly Action[], settle: readonly [number, number]): Action[] {
  const out = [...actions];
  settle.forEach((at, order) => out.splice(Math.min(at, out.length), 0, { kind: 'pay', order, share: 1, nudge: 0, other: false, confirm: false }));
  return out;
}

const major = (minor: number) => Math.round(minor) / 100;

/** What the runs did: accepted and refused actions per kind (printed, so a reader sees the test reaches both sides). */
const stats: Record<string, { accepted: number; refused: number }> = {};

describe('orders: money and stock under random sequences of staff and buyer actions', () => {
  it('keep every figure consistent with an independent model, on every view and the invoice', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        // Fresh products per run: a tracked one with two types, a tracked one without, an untracked one.
        const stock: Stock = new Map();
        const catalog = t.services.catalog.writes;
        const supplierId = await catalog.createSupplier({ slug: `p${randomBytes(4).toString('hex')}`, nameZh: '性质', nameEn: 'Prop' });
        const categoryId = await catalog.createCategory({ slug: `p${randomBytes(4).toString('hex')}`, nameZh: '性质', nameEn: 'Prop' });
        const [typed, plain, loose] = await catalog.addItems([
          {
            supplierId,
            categoryId,
            nameZh: '魔方',
            nameEn: 'Cube',
            types: [
              { code: 'a', zh: '甲', en: 'A' },
              { code: 'b', zh: '乙', en: 'B' },
            ],
            priceFen: 12_345,
            nwG: 80,
            gwG: 100,
            volumeCm3: 300,
          },
          { supplierId, categoryId, nameZh: '计时器', nameEn: 'Timer', priceFen: 9_999, nwG: 200, gwG: 250, volumeCm3: 900 },
          { supplierId, categoryId, nameZh: '贴纸', nameEn: 'Stickers', priceFen: 333, nwG: 5, gwG: 8, volumeCm3: 10 },
        ]);
        const products = [
          { itemId: typed!, type: 'a', tracked: true },
          { itemId: plain!, type: '', tracked: true },
          { itemId: loose!, type: '', tracked: false },
        ];
        // On hand: what the two orders take (the cart refuses more than is there) plus a little slack.
        const wanted = (product: number) => s.first.filter((l) => l.product === product).reduce((a, l) => a + l.quantity, 0) + (product === 1 ? s.second : 0);
        const onHand = { a: wanted(0) + s.slack[0], b: s.slack[1], plain: wanted(1) + s.slack[2] };
        await t.services.stock.setOnHand(typed!, [
          { typeCode: 'a', onHand: onHand.a },
          { typeCode: 'b', onHand: onHand.b },
        ]);
        await t.services.stock.setOnHand(plain!, [{ typeCode: '', onHand: onHand.plain }]);
        stock.set(key(typed!, 'a'), { onHand: onHand.a, reserved: 0 });
        stock.set(key(typed!, 'b'), { onHand: onHand.b, reserved: 0 });
        stock.set(key(plain!, ''), { onHand: onHand.plain, reserved: 0 });

        const buyer = shopClient(t, buyerToken, { currency: s.currency, lang: s.lang });
        const orders: MOrder[] = [];
        const place = async (lines: { product: number; quantity: number }[]) => {
          for (const l of lines) {
            const p = products[l.product]!;
            const added = await buyer('POST', '/api/cart/items', { body: { itemId: p.itemId, type: p.type || undefined, quantity: l.quantity } });
            expect(added.status, JSON.stringify(added.body)).toBe(200);
          }
          const placed = await buyer('POST', '/api/orders', { body: orderPayload({ payMethod: s.payMethod }), headers: { 'idempotency-key': randomUUID() } });
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
          const d = (await buyer<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
          const m: MOrder = {
            id: d.id,
            currency: d.currency,
            bp: Math.round(d.surchargePercent * 100),
            status: 'confirm',
            logistics: 'pending',
            freight: Math.round(d.expressFee * 100),
            credited: 0,
            credits: 0,
            paid: 0,
            refunded: 0,
            lines: d.items.map((l) => {
              const p = products.find((x) => x.itemId === l.itemId && x.type === l.type)!;
              return {
                id: l.id,
                itemId: l.itemId,
                type: l.type,
                tracked: p.tracked,
                packed: l.quantity,
                unit: Math.round(l.discountPrice * 100),
                credited: 0,
                shipped: 0,
                returned: 0,
                reserved: p.tracked ? l.quantity : 0,
              };
            }),
          };
          for (const l of m.lines) if (l.tracked) stock.get(key(l.itemId, l.type))!.reserved += l.reserved;
          expect(chargedOf(m)).toBe(Math.round(d.totalAmount * 100));
          orders.push(m);
        };
        await place(s.first);
        await place([{ product: 1, quantity: s.second }]);

        // The follow-up sweeps this run's orders 8 days apart, a month after they were placed:
        // each sweep is past the cancel age and past the grace after any earlier reminder.
        const placedLast = Math.max(
          ...(await Promise.all(orders.map(async (m) => Date.parse((await buyer<TOrderDetail>('GET', `/api/orders/${m.id}`)).body.createdTime)))),
        );
        let sweeps = 0;

        let tallyOf: (ok: boolean) => void = () => undefined;
        const expectStatus = (res: { status: number; body: unknown }, ok: boolean, what: string) => {
          tallyOf(ok);
          expect(ok ? res.status < 300 : res.status >= 400 && res.status < 500, `${what}: ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
        };

        const actions = withSettlement(s.actions, s.settle);
        for (const a of actions) {
          const o = orders[a.order % orders.length]!;
          const tally = (ok: boolean) => {
            const row = (stats[a.kind] ??= { accepted: 0, refused: 0 });
            row[ok ? 'accepted' : 'refused'] += 1;
          };
          tallyOf = tally;
          const line = 'line' in a ? o.lines[a.line % o.lines.length]! : undefined;
          const url = `/api/admin/orders/${o.id}`;
          const open = o.status !== 'complete' && o.status !== 'cancel';
          switch (a.kind) {
            case 'pay': {
              const currency: TCurrency = a.other ? (o.currency === 'CNY' ? 'USD' : 'CNY') : o.currency;
              const target = Math.max(balanceOf(o), 100);
              const inOrder = Math.max(1, Math.round(target * a.share) + (a.share === 1 ? a.nudge : 0));
              const amount = Math.max(1, convert(inOrder, o.currency, currency));
              const counted = convert(amount, currency, o.currency);
              const ok = o.status !== 'cancel' && counted > 0 && (counted <= Math.max(balanceOf(o), 0) || a.confirm);
              const res = await sales('POST', `${url}/payments`, {
                body: { kind: 'payment', amount: major(amount), currency, method: 'bankTransfer', confirmOverpayment: a.confirm },
              });
              expectStatus(res, ok, `pay ${amount} ${currency}`);
              if (ok) o.paid += counted;
              break;
            }
            case 'refund': {
              const currency: TCurrency = a.other ? (o.currency === 'CNY' ? 'USD' : 'CNY') : o.currency;
              const due = Math.max(-balanceOf(o), 0);
              const amount = Math.max(1, convert(Math.round(Math.max(due, 100) * a.share) + (a.share === 1 ? a.nudge : 0), o.currency, currency));
              const counted = convert(amount, currency, o.currency);
              const ok = due > 0 && counted > 0 && counted <= due;
              const res = await sales('POST', `${url}/payments`, { body: { kind: 'refund', amount: major(amount), currency, method: 'bankTransfer' } });
              expectStatus(res, ok, `refund ${amount} ${currency}`);
              if (ok) o.refunded += counted;
              break;
            }
            case 'pack': {
              const l = line!;
              const q = Math.max(0, l.packed + a.delta);
              const next = { ...o, lines: o.lines.map((x) => (x === l ? { ...x, packed: q } : x)) };
              // Pieces that left in a parcel stay packed; the reservation covers the packed pieces still here.
              const extra = l.tracked ? q - l.shipped - l.reserved : 0;
              const ok =
                open &&
                (q === l.packed ||
                  (o.status === 'confirm' &&
                    q >= l.credited &&
                    q >= l.shipped &&
                    (extra <= 0 || extra <= available(stock, l)) &&
                    chargedOf(next) >= o.credited));
              const res = await warehouse('PUT', `${url}/lines/${l.id}`, { body: { actualQuantity: q } });
              expectStatus(res, ok, `pack ${q}`);
              if (ok && q !== l.packed) {
                if (l.tracked) {
                  stock.get(key(l.itemId, l.type))!.reserved += q - l.shipped - l.reserved;
                  l.reserved = q - l.shipped;
                }
                l.packed = q;
              }
              break;
            }
            case 'price': {
              const l = line!;
              const unit = Math.round((l.unit * a.percent) / 100);
              const next = { ...o, lines: o.lines.map((x) => (x === l ? { ...x, unit } : x)) };
              const ok = open && chargedOf(next) >= o.credited;
              const res = await sales('PUT', `${url}/lines/${l.id}`, { body: { actualPrice: major(unit) } });
              expectStatus(res, ok, `price ${unit}`);
              if (ok) l.unit = unit;
              break;
            }
            case 'freight': {
              const fee = Math.round((Math.max(o.freight, 1000) * a.percent) / 100);
              const ok = open && chargedOf({ ...o, freight: fee }) >= o.credited;
              const res = await sales('PUT', `${url}/shipping-fee`, { body: { actualExpressFee: major(fee) } });
              expectStatus(res, ok, `freight ${fee}`);
              if (ok) o.freight = fee;
              break;
            }
            case 'advance': {
              if (o.status === 'confirm') {
                const unpaid = balanceOf(o) > 0;
                const res = await sales('POST', `${url}/transitions`, {
                  body: { status: 'outbound', ...(unpaid ? { shipUnpaid: true, reason: 'trusted buyer' } : {}) },
                });
                expectStatus(res, true, 'outbound');
                o.status = 'outbound';
                // One parcel with everything still here.
                for (const l of o.lines) {
                  if (l.tracked) {
                    const st = stock.get(key(l.itemId, l.type))!;
                    st.onHand -= l.packed - l.shipped;
                    st.reserved -= l.reserved;
                    l.reserved = 0;
                  }
                  l.shipped = l.packed;
                }
              } else if (o.status === 'outbound') {
                expectStatus(await sales('POST', `${url}/transitions`, { body: { status: 'delivery', logisticsStatus: 'inTransit' } }), true, 'delivery');
                o.status = 'delivery';
                o.logistics = 'inTransit';
              } else if (o.status === 'delivery' && o.logistics !== 'delivered') {
                const to = o.logistics === 'inTransit' ? 'outForDelivery' : 'delivered';
                expectStatus(await sales('POST', `${url}/transitions`, { body: { logisticsStatus: to } }), true, to);
                o.logistics = to;
              } else if (o.status === 'delivery') {
                expectStatus(await sales('POST', `${url}/transitions`, { body: { status: 'complete' } }), true, 'complete');
                o.status = 'complete';
              } else {
                expectStatus(await sales('POST', `${url}/transitions`, { body: { status: 'delivery' } }), false, 'advance a closed order');
              }
              break;
            }
            case 'credit': {
              const l = line!;
              const left = o.status === 'outbound' || o.status === 'delivery' || o.status === 'complete';
              const pieces = left ? Math.min(a.pieces, l.packed - l.credited + 1) : 0;
              const linesAmount = pieces * l.unit;
              const linesAmountOf = () => linesAmount;
              const room = Math.max(chargedOf(o) - o.credited - linesAmountOf(), 0);
              const extra = Math.max(0, Math.round(room * a.share) + (a.share === 1 ? a.nudge : 0));
              const amount = linesAmount + extra;
              const ok = o.status !== 'cancel' && pieces <= l.packed - l.credited && amount > 0 && amount <= chargedOf(o) - o.credited;
              if (pieces === 0 && extra === 0) break; // the schema refuses an empty credit: nothing to learn
              const res = await sales('POST', `${url}/credits`, {
                body: {
                  kind: pieces ? 'return' : 'goodwill',
                  reason: 'property test',
                  ...(pieces ? { lines: [{ lineId: l.id, quantity: pieces }] } : {}),
                  ...(extra ? { amount: major(extra) } : {}),
                },
              });
              expectStatus(res, ok, `credit ${pieces} pieces + ${extra}`);
              if (ok) {
                l.credited += pieces;
                o.credited += amount;
                o.credits += 1;
              }
              break;
            }
            case 'cancel': {
              const ok = o.status === 'confirm' || o.status === 'outbound';
              const res = await sales('POST', `${url}/transitions`, { body: { status: 'cancel', reason: 'property test' } });
              expectStatus(res, ok, 'cancel');
              if (ok) {
                if (o.status === 'confirm') {
                  for (const l of o.lines) {
                    if (l.tracked) stock.get(key(l.itemId, l.type))!.reserved -= l.reserved;
                    l.reserved = 0;
                  }
                }
                o.status = 'cancel';
              }
              break;
            }
            case 'restock': {
              const l = line!;
              const anyShipped = o.lines.some((x) => x.shipped > 0);
              // Some pieces, exactly what may still come back, or one more than that.
              const left = l.shipped - l.returned;
              const pieces = a.mode === 'some' ? a.pieces : Math.max(1, left + (a.mode === 'over' ? 1 : 0));
              const ok = anyShipped && pieces <= left;
              const res = await warehouse('POST', `${url}/restock`, { body: { lines: [{ lineId: l.id, quantity: pieces }] } });
              expectStatus(res, ok, `restock ${pieces}`);
              if (ok) {
                l.returned += pieces;
                if (l.tracked) stock.get(key(l.itemId, l.type))!.onHand += pieces;
              }
              break;
            }
            case 'addLine': {
              // The typed product's second type (its own stock row), the plain one, the untracked one.
              const p = products[a.product]!;
              const type = a.product === 0 ? 'b' : p.type;
              const probe: MLine = {
                id: 0,
                itemId: p.itemId,
                type,
                tracked: p.tracked,
                packed: a.quantity,
                unit: 0,
                credited: 0,
                shipped: 0,
                returned: 0,
                reserved: 0,
              };
              const ok =
                o.status === 'confirm' &&
                !o.lines.some((l) => l.itemId === p.itemId && l.type === type) &&
                (!p.tracked || a.quantity <= available(stock, probe));
              const res = await sales<TStaffOrderDetail>('POST', `${url}/lines`, {
                body: { itemId: p.itemId, ...(type ? { type } : {}), quantity: a.quantity, ...(a.price === null ? {} : { price: major(a.price) }) },
              });
              expectStatus(res, ok, `add ${a.quantity} of ${p.itemId}/${type}`);
              if (ok) {
                const added = res.body.order.items.find((l) => l.itemId === p.itemId && l.type === type)!;
                const unit = Math.round(added.discountPrice * 100);
                if (a.price !== null) expect(unit, 'the price staff set').toBe(a.price);
                o.lines.push({ ...probe, id: added.id, unit, reserved: p.tracked ? a.quantity : 0 });
                if (p.tracked) stock.get(key(p.itemId, type))!.reserved += a.quantity;
              }
              break;
            }
            case 'removeLine': {
              const l = line!;
              const next = { ...o, lines: o.lines.filter((x) => x !== l) };
              const ok = o.status === 'confirm' && o.lines.length > 1 && l.shipped === 0 && chargedOf(next) >= o.credited;
              const res = await sales('DELETE', `${url}/lines/${l.id}`);
              expectStatus(res, ok, `remove line ${l.id}`);
              if (ok) {
                if (l.tracked) stock.get(key(l.itemId, l.type))!.reserved -= l.reserved;
                o.lines = next.lines;
              }
              break;
            }
            case 'parcel': {
              const l = line!;
              const left = l.packed - l.shipped;
              const pieces = a.mode === 'some' ? a.pieces : Math.max(1, left + (a.mode === 'over' ? 1 : 0));
              const unpaid = balanceOf(o) > 0;
              const ok = o.status === 'confirm' && pieces <= left;
              // The warehouse ships paid orders; an unpaid one only sales may ship, with a reason.
              const res = await (unpaid ? sales : warehouse)('POST', `${url}/shipments`, {
                body: {
                  carrier: 'dhl',
                  trackingNumber: `PT-${o.id}-${l.id}`,
                  lines: [{ lineId: l.id, quantity: pieces }],
                  ...(unpaid ? { shipUnpaid: true, reason: 'trusted buyer' } : {}),
                },
              });
              expectStatus(res, ok, `parcel ${pieces}`);
              if (ok) {
                const take = pieces === left ? l.reserved : Math.min(pieces, l.reserved);
                if (l.tracked) {
                  const st = stock.get(key(l.itemId, l.type))!;
                  st.onHand -= pieces;
                  st.reserved -= take;
                }
                l.reserved -= take;
                l.shipped += pieces;
                // The last packed piece left: the order is outbound.
                if (o.lines.every((x) => x.shipped === x.packed)) o.status = 'outbound';
              }
              break;
            }
            case 'sweep': {
              const now = placedLast + (30 + 8 * sweeps++) * 86_400_000;
              // Reminded: open and owing; cancelled: nothing ever paid, owing, reminded at least 7 days ago.
              const want = { reminded: [] as number[], cancelled: [] as number[] };
              for (const m of orders) {
                if (m.status !== 'confirm' || balanceOf(m) <= 0) continue;
                if (m.paid === 0 && m.remindedAt !== undefined && now - m.remindedAt >= 7 * 86_400_000) want.cancelled.push(m.id);
                else if (m.remindedAt === undefined) want.reminded.push(m.id);
              }
              const done = await t.services.unpaidOrders.sweep({ now: new Date(now), only: orders.map((m) => m.id) });
              tally(want.reminded.length + want.cancelled.length > 0);
              expect({ reminded: [...done.reminded].sort(), cancelled: [...done.cancelled].sort() }, `sweep ${JSON.stringify(a)}`).toEqual({
                reminded: want.reminded.sort(),
                cancelled: want.cancelled.sort(),
              });
              for (const m of orders) {
                if (want.reminded.includes(m.id)) m.remindedAt = now;
                if (!want.cancelled.includes(m.id)) continue;
                for (const l of m.lines) {
                  if (l.tracked) stock.get(key(l.itemId, l.type))!.reserved -= l.reserved;
                  l.reserved = 0;
                }
                m.status = 'cancel';
              }
              break;
            }
          }

          // ---- the invariants (the order acted on after each step, every order at the end) ----
          const last = a === actions[actions.length - 1];
          for (const m of last ? orders : [o]) {
            const staffView = (await sales<TStaffOrderDetail>('GET', `/api/admin/orders/${m.id}`)).body;
            const mine = (await buyer<TOrderDetail>('GET', `/api/orders/${m.id}`)).body;
            const money = staffView.order.money;
            const where = `order ${m.id} after ${JSON.stringify(a)}`;
            expect(
              {
                charged: money.charged.total,
                credited: money.credited,
                owed: money.owed,
                paid: money.paid,
                refunded: money.refunded,
                balance: money.balance,
                status: staffView.paymentStatus,
              },
              where,
            ).toEqual({
              charged: major(chargedOf(m)),
              credited: major(m.credited),
              owed: major(owedOf(m)),
              paid: major(m.paid),
              refunded: major(m.refunded),
              balance: major(balanceOf(m)),
              status: statusOf(m),
            });
            expect(money.balance, where).toBe(major(owedOf(m) - m.paid + m.refunded));
            expect(money.toPay - money.refundDue, where).toBeCloseTo(money.balance, 2);
            expect(mine.money, where).toEqual(money);
            expect(mine.paymentStatus, where).toBe(staffView.paymentStatus);
            expect(mine.credits.length, where).toBe(m.credits);
            expect(
              mine.items.map((l) => [l.id, l.actualQuantity, Math.round(l.actualPrice * 100), l.creditedQuantity, l.returnedQuantity, l.shippedQuantity ?? 0]),
              where,
            ).toEqual(m.lines.map((l) => [l.id, l.packed, l.unit, l.credited, l.returned, l.shipped]));
            expect(mine.fulfillment, where).toBe(
              m.status === 'confirm' || m.status === 'cancel' ? (m.lines.some((l) => l.shipped > 0) ? 'partial' : 'none') : 'shipped',
            );
          }
          const levels = await t.services.stock.levels([typed!, plain!, loose!]);
          expect(levels.get(loose!), 'an untracked product stays untracked').toBeUndefined();
          for (const [k, want] of stock) {
            const [itemId, type] = k.split('|');
            const got = levels.get(Number(itemId))?.find((l) => l.typeCode === type);
            expect(got, `stock ${k} after ${JSON.stringify(a)}`).toEqual({ typeCode: type, onHand: want.onHand, reserved: want.reserved });
            expect(want.onHand >= 0 && want.reserved >= 0, `stock ${k} never negative`).toBe(true);
          }
          // Reserved is what open (not yet shipped, not cancelled) orders hold.
          for (const [k, want] of stock) {
            const held = orders
              .flatMap((m) => (m.status === 'confirm' ? m.lines : []))
              .filter((l) => l.tracked && key(l.itemId, l.type) === k)
              .reduce((x, l) => x + l.packed - l.shipped, 0);
            expect(want.reserved, `reserved ${k}`).toBe(held);
          }
        }

        // The commercial invoice of each order says what the views say (in the run's language).
        for (const m of orders) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/orders/${m.id}/documents/invoice.pdf?lang=${s.lang}`,
            headers: { authorization: `Bearer ${salesToken}` },
          });
          expect(res.statusCode).toBe(200);
          const text = (await pdfText(res.rawPayload)).compact;
          const f = (minor: number) => squeeze(formatMoney(minor, m.currency));
          const zh = s.lang === 'zh';
          const balance = balanceOf(m);
          const expected = [
            (zh ? `合计(${m.currency})` : `Total(${m.currency})`) + f(chargedOf(m)),
            (zh ? '已付' : 'Paid') + f(m.paid),
            ...(m.refunded ? [(zh ? '已退款' : 'Refunded') + f(m.refunded)] : []),
            ...(m.status === 'cancel'
              ? [(zh ? `应付金额（订单已取消）(${m.currency})` : `Owed(ordercancelled)(${m.currency})`) + f(0)]
              : m.credited
                ? [(zh ? `应付金额（扣除减免）(${m.currency})` : `Owedaftercredits(${m.currency})`) + f(owedOf(m))]
                : []),
            balance < 0 ? (zh ? '应退金额' : 'Refunddue') + f(-balance) : (zh ? '待付余额' : 'Balancedue') + f(balance),
          ];
          for (const phrase of expected) expect(text, `invoice of ${m.id}: ${phrase}`).toContain(phrase);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(
      `orders money property (seed ${SEED}, ${RUNS} runs): ${Object.entries(stats)
        .map(([k, v]) => `${k} ${v.accepted}/${v.refused}`)
        .join(', ')} (accepted/refused)`,
    );
  }, 600_000);
});
