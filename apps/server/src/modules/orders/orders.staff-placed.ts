import {
  buyerPriceFen,
  minorToMajor,
  toMinor,
  type TCurrency,
  type TLocale,
  type TStaffOrderCreate,
  type TStaffOrderLine,
  type TStaffOrderPreview,
} from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import type { StaffActor } from '../audit/audit.service.js';
import { assertOrderable, itemName, resolveType } from '../cart/cart.service.js';
import type { BuyerTermsOf, CatalogQuery, PricingItem } from '../catalog/catalog.module.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { lineInput, percentOf, priceGoods, usdCentsToFen, type GoodsTotals, type OrderTotals } from '../shipping/shipping.quote.js';
import { must } from './orders.change.js';
import type { OrderEditsRepository } from './orders.edit.repository.js';
import { pick } from './orders.mapper.js';
import type { OrderPlacing } from './orders.place.js';
import { requestHash } from './orders.service.js';

// Orders taken by staff for a buyer who ordered by WeChat, phone or e-mail (docs/orders.md,
// Orders taken for a buyer): priced as checkout prices (the buyer's group and tier prices, the
// rate table's freight), with the lines from the request instead of the cart and prices or
// freight staff agreed with the buyer where they give them, then placed by the one placement
// (orders.place.ts: the same order row, stock reserved in the transaction, the "order placed"
// mail through the outbox), audited as staff's.

/** Minor units of the order's currency to fen at its rate (the shop's ledger of a staff-typed amount). */
export const minorToFen = (minor: number, currency: TCurrency, rate: number) => (currency === 'CNY' ? minor : usdCentsToFen(minor, rate));

export interface StaffPricingDeps {
  catalog: Pick<CatalogQuery, 'itemsForPricing' | 'exchangeRate'>;
  /** The buyer's customer-group terms (the pricing module). */
  termsOf: BuyerTermsOf;
}

/** Today's products as this buyer pays for them: the customer group's price; tiers apply per line (as the cart does). */
export async function buyerItems(deps: StaffPricingDeps, userId: number, ids: readonly number[]): Promise<Map<number, PricingItem>> {
  const unique = [...new Set(ids)];
  const [items, terms] = await Promise.all([deps.catalog.itemsForPricing(unique), unique.length > 0 ? deps.termsOf(userId, unique) : null]);
  if (!terms) return items;
  return new Map([...items].map(([id, item]) => [id, { ...item, unitPriceFen: buyerPriceFen(id, item.unitPriceFen, terms) }]));
}

export interface StaffLine {
  item: PricingItem;
  typeCode: string;
  quantity: number;
  /** The unit price staff set, minor units of the order's currency; undefined: the buyer's price. */
  priceMinor: number | undefined;
}

/** The request's lines with their products (404 for a product that is gone), types resolved, quantities checked (400). */
export function staffLines(lines: readonly TStaffOrderLine[], items: Map<number, PricingItem>, locale: TLocale): StaffLine[] {
  const out = lines.map((l) => {
    const item = items.get(l.itemId);
    if (!item) throw notFound('itemNotFound');
    return { item, typeCode: resolveType(item, l.type), quantity: l.quantity, priceMinor: l.price === undefined ? undefined : toMinor(l.price) };
  });
  assertOrderable(out, locale);
  return out;
}

/**
 * Prices lines as checkout does (priceGoods: the buyer's price or the line's tier, converted once),
 * then puts the staff-set unit prices in both ledgers (fen at the order's rate) and sums again.
 */
export function priceStaffLines(lines: readonly StaffLine[], currency: TCurrency, rate: number): GoodsTotals {
  const goods = priceGoods(
    lines.map((l) => lineInput(l.quantity, l.item)),
    currency,
    rate,
  );
  if (lines.every((l) => l.priceMinor === undefined)) return goods;
  const priced = goods.lines.map((p, i) => {
    const minor = lines[i]!.priceMinor;
    if (minor === undefined) return p;
    const fen = minorToFen(minor, currency, rate);
    // A price above the list price raises the list price shown with it (no negative discount).
    return {
      ...p,
      unitPriceFen: fen,
      baseFen: fen,
      tierMinQuantity: null,
      listPriceFen: Math.max(p.listPriceFen, fen),
      listPriceMinor: Math.max(p.listPriceMinor, minor),
      unitPriceMinor: minor,
      amountFen: fen * p.quantity,
      amountMinor: minor * p.quantity,
    };
  });
  const sum = (f: (l: (typeof priced)[number]) => number) => priced.reduce((a, l) => a + f(l), 0);
  const list = { fen: sum((l) => l.listPriceFen * l.quantity), minor: sum((l) => l.listPriceMinor * l.quantity) };
  const total = { fen: sum((l) => l.amountFen), minor: sum((l) => l.amountMinor) };
  return { ...goods, lines: priced, list, goods: total, discount: { fen: list.fen - total.fen, minor: list.minor - total.minor } };
}

/** The quote with the freight staff agreed (order currency): surcharge and total follow, each ledger rounded once. */
export function withStaffFreight(t: OrderTotals, freightMinor: number, rate: number): OrderTotals {
  const freight = { fen: minorToFen(freightMinor, t.currency, rate), minor: freightMinor };
  const surcharge = { fen: percentOf(t.goods.fen + freight.fen, t.surchargeBp), minor: percentOf(t.goods.minor + freight.minor, t.surchargeBp) };
  return {
    ...t,
    freight,
    surcharge,
    total: { fen: t.goods.fen + freight.fen + surcharge.fen, minor: t.goods.minor + freight.minor + surcharge.minor },
    freeShipping: t.freeShipping && freightMinor === 0,
  };
}

export interface StaffPlacedDeps extends StaffPricingDeps {
  repo: Pick<OrderEditsRepository, 'transaction'>;
  shipping: Pick<ShippingService, 'quote' | 'resolve' | 'payment'>;
  /** The one place an order is placed (orders.place.ts). */
  placing: OrderPlacing;
  /** Whether the id is a buyer's account that may order (exists, not disabled, not staff). */
  isBuyer: (userId: number) => Promise<boolean>;
}

/** POST /api/admin/orders and its preview (orders.sell: owner, sales). */
export function createStaffPlacedOrders(deps: StaffPlacedDeps) {
  /** Everything the order would store, priced now; 400/404 when it cannot be ordered. */
  async function plan(body: TStaffOrderCreate, locale: TLocale) {
    if (!(await deps.isBuyer(body.buyerId))) throw notFound('customerNotFound');
    const currency: TCurrency = body.currency ?? (body.deliveryRegionId.toUpperCase() === 'CN' ? 'CNY' : 'USD');
    await deps.shipping.resolve(body.expressMethod, body.deliveryRegionId, locale);
    await deps.shipping.payment(body.payMethod);
    const [items, rate] = await Promise.all([
      buyerItems(
        deps,
        body.buyerId,
        body.lines.map((l) => l.itemId),
      ),
      deps.catalog.exchangeRate(),
    ]);
    const lines = staffLines(body.lines, items, locale);
    const goods = priceStaffLines(lines, currency, rate);
    const quote = await deps.shipping.quote(goods, { methodId: body.expressMethod, regionId: body.deliveryRegionId, payMethodId: body.payMethod }, locale);
    const totals = body.expressFee === undefined ? quote.totals : withStaffFreight(quote.totals, toMinor(body.expressFee), rate);
    return { currency, rate, lines, quote: { ...quote, totals } };
  }

  return {
    /** POST /api/admin/orders/preview: what the order would come to if placed now (nothing is written). */
    async preview(actor: StaffActor, body: TStaffOrderCreate, locale: TLocale): Promise<TStaffOrderPreview> {
      must(actor, 'orders.sell');
      const { currency, lines, quote } = await plan(body, locale);
      const t = quote.totals;
      return {
        currency,
        lines: lines.map((l, i) => {
          const p = t.lines[i]!;
          const type = l.item.types.find((x) => x.code === l.typeCode);
          return {
            itemId: l.item.id,
            type: l.typeCode,
            name: itemName(l.item, locale),
            typeName: type ? (pick(type.zh, type.en, locale) ?? null) : null,
            quantity: l.quantity,
            listPrice: minorToMajor(p.listPriceMinor),
            unitPrice: minorToMajor(p.unitPriceMinor),
            amount: minorToMajor(p.amountMinor),
            tierMinQuantity: p.tierMinQuantity,
            staffPrice: l.priceMinor !== undefined,
          };
        }),
        goods: minorToMajor(t.goods.minor),
        freight: minorToMajor(t.freight.minor),
        staffFreight: body.expressFee !== undefined,
        freeShipping: t.freeShipping,
        surcharge: minorToMajor(t.surcharge.minor),
        total: minorToMajor(t.total.minor),
        chargeableWeight: t.chargeableWeightG / 1000,
        transitDays: { min: quote.rate.transitMinDays, max: quote.rate.transitMaxDays },
      };
    },

    /**
     * POST /api/admin/orders (header Idempotency-Key, per buyer as at checkout: the same key and
     * request again answers the same order, with another request 409). One transaction: stock
     * reserved, the order and its lines written with a "created" event by staff, the buyer's
     * "order placed" mail queued, the placement audited (who, for whom, what).
     */
    async place(actor: StaffActor, body: TStaffOrderCreate, key: string | undefined, locale: TLocale): Promise<{ id: number; replayed: boolean }> {
      must(actor, 'orders.sell');
      const idemKey = deps.placing.idempotencyKey(key);
      const { currency, rate, lines, quote } = await plan(body, locale);
      const t = quote.totals;
      return deps.placing.place(
        {
          source: {
            kind: 'staff',
            actor,
            audit: {
              currency,
              // As the activity log lists lines ("name × pieces (amount)"), named in the staff member's language.
              lines: lines.map((l, i) => ({
                itemId: l.item.id,
                type: l.typeCode,
                name: itemName(l.item, locale),
                quantity: l.quantity,
                actualPrice: minorToMajor(t.lines[i]!.unitPriceMinor),
                amount: minorToMajor(t.lines[i]!.amountMinor),
                staffPrice: l.priceMinor !== undefined,
              })),
              staffPriced: lines.some((l) => l.priceMinor !== undefined),
              expressMethod: body.expressMethod,
              expressFee: minorToMajor(t.freight.minor),
              staffExpressFee: body.expressFee !== undefined,
              payMethod: body.payMethod,
              total: minorToMajor(t.total.minor),
            },
          },
          buyerId: body.buyerId,
          key: idemKey,
          hash: requestHash({ staff: body }, currency),
          currency,
          rate,
          quote,
          address: body,
          lines: lines.map((l, i) => ({
            item: l.item,
            typeCode: l.typeCode,
            quantity: l.quantity,
            prices: t.lines[i]!,
            tierMinQuantity: t.lines[i]!.tierMinQuantity,
          })),
          locale,
        },
        // A transaction of its own: the buyer's cart is not touched.
        (write) => deps.repo.transaction((tx) => write(tx)),
      );
    },
  };
}
export type StaffPlacedOrders = ReturnType<typeof createStaffPlacedOrders>;
