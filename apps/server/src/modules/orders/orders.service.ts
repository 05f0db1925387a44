import { createHash } from 'node:crypto';
import {
  type TCurrency,
  type TLocale,
  type TLogisticsStatus,
  type TOrderCreate,
  type TOrderDetail,
  type TOrderItemList,
  type TOrderItemsQuery,
  type TOrderLine,
  type TOrderList,
  type TOrderListQuery,
  type TOrderStatus,
  type TReorderResult,
} from '@cubeshop/shared';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { CatalogQuery, PricingItem, View } from '../catalog/catalog.module.js';
import { assertOrderable, type CartLineRow, type CartService } from '../cart/cart.service.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { lineInput, priceGoods } from '../shipping/shipping.quote.js';
import type { OrderItemRow, OrderRow, OrdersRepository } from './orders.repository.js';
import { PREVIEW_LINES, toLine, toSummary } from './orders.mapper.js';
import type { OrderPlacing, PricedDraft } from './orders.place.js';
import { createOrderReader, type OrderReaderDeps } from './orders.read.js';
import { planChange, type PlannedEvent } from './orders.status.js';
import { settleStock, type OrderStock, type StockMoved } from './orders.stock.js';
import { paymentStatus } from './orders.money.js';
import { createQuotedPlacement } from './orders.quoted.js';
import { lapsesAt } from './orders.lapse.js';

export interface OrdersDeps extends OrderReaderDeps {
  cart: CartService;
  /** Stock: released on cancel, consumed on outbound (docs/catalog.md, Stock); reserved by the placement (orders.place.ts). */
  stock: OrderStock;
  /** Told after cancel or outbound which products' stock moved (the catalog's states). */
  stockMoved: StockMoved;
  catalog: Pick<CatalogQuery, 'exchangeRate' | 'itemsForPricing'>;
  shipping: ShippingService;
  /** The one place an order is placed (orders.place.ts): checkout's and accepted quotes' orders. */
  placing: OrderPlacing;
}

/** Placement retries when the cart changed between reading and locking it. */
const PLACE_ATTEMPTS = 5;

/** SHA-256 of the request as the server understood it (keys sorted) plus the display currency. */
export function requestHash(input: object, currency: TCurrency): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify({ currency, input: sorted(input) }))
    .digest('hex');
}

const sameLines = (a: readonly CartLineRow[], b: readonly CartLineRow[]) => {
  const key = (l: CartLineRow) => `${l.id}|${l.itemId}|${l.typeCode}|${l.quantity}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
};

/**
 * Orders (docs/orders.md): placement from the server's cart in one transaction with an
 * Idempotency-Key, the buyer's order list, details and lines, reorder, and staff status changes.
 */
export function createOrdersService(repo: OrdersRepository, deps: OrdersDeps) {
  const { cart, catalog, shipping, placing } = deps;
  const reader = createOrderReader(repo, deps);

  /** Everything an order stores, priced now from the catalog and the rate tables. 400 when it cannot be ordered. */
  async function draft(
    userId: number,
    input: TOrderCreate,
    key: string,
    hash: string,
    lines: CartLineRow[],
    items: Map<number, PricingItem>,
    view: View,
  ): Promise<PricedDraft> {
    const rows = lines.map((line) => ({ line, item: items.get(line.itemId)! }));
    assertOrderable(
      rows.map(({ line, item }) => ({ lineId: line.id, quantity: line.quantity, typeCode: line.typeCode, item })),
      view.locale,
    );
    const rate = await catalog.exchangeRate();
    const goods = priceGoods(
      rows.map(({ line, item }) => lineInput(line.quantity, item)),
      view.currency,
      rate,
    );
    const quote = await shipping.quote(goods, { methodId: input.expressMethod, regionId: input.deliveryRegionId, payMethodId: input.payMethod }, view.locale);
    const t = quote.totals;
    return {
      source: { kind: 'checkout' },
      buyerId: userId,
      key,
      hash,
      currency: view.currency,
      rate,
      quote,
      address: input,
      lines: rows.map(({ line, item }, position) => ({
        item,
        typeCode: line.typeCode,
        quantity: line.quantity,
        prices: t.lines[position]!,
        tierMinQuantity: t.lines[position]!.tierMinQuantity,
      })),
      locale: view.locale,
    };
  }

  const service = {
    /** Orders from accepted quotes: these lines at these prices, this freight (orders.quoted.ts). */
    quoted: createQuotedPlacement(deps),

    /**
     * POST /api/orders. Prices, weights and freight are computed here from the cart and today's
     * catalog; the order is placed (orders.place.ts) and its lines leave the cart in one
     * transaction that holds the buyer's cart lock. The same Idempotency-Key again answers the
     * same order (replayed: true); with a different request it is refused (409).
     */
    async place(userId: number, input: TOrderCreate, key: string | undefined, view: View): Promise<{ id: number; replayed: boolean }> {
      const idemKey = placing.idempotencyKey(key);
      const hash = requestHash(input, view.currency);
      const earlier = await placing.replayed(userId, idemKey, hash);
      if (earlier) return earlier;
      // Method, region and payment first: they need no cart.
      await shipping.resolve(input.expressMethod, input.deliveryRegionId, view.locale);
      await shipping.payment(input.payMethod);

      for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
        // Read and price without the lock (the catalog and rate tables cannot be read inside a
        // PGlite transaction), then check under the lock that the cart is still what was priced.
        const seen = await cart.snapshot(userId, input.cartItemIds);
        const complete = seen.lines.length > 0 && (!input.cartItemIds || seen.lines.length === new Set(input.cartItemIds).size);
        // Under the lock: 400 for an empty cart or missing lines; false when the lines changed (start again).
        const ready = (locked: readonly CartLineRow[]) => {
          if (locked.length === 0) throw badRequest(input.cartItemIds ? 'cartItemsMissing' : 'cartEmpty');
          if (input.cartItemIds && locked.length !== new Set(input.cartItemIds).size) throw badRequest('cartItemsMissing');
          return complete && sameLines(locked, seen.lines);
        };
        const placed = complete
          ? await placing.place(await draft(userId, input, idemKey, hash, seen.lines, seen.items, view), (write) =>
              cart.checkout(userId, input.cartItemIds, async (locked, tx) => {
                const result = await write(tx, () => ready(locked));
                return { result, consumedLineIds: result && !result.replayed ? locked.map((l) => l.id) : [] };
              }),
            )
          : await cart.checkout(userId, input.cartItemIds, async (locked, tx) => {
              const result = await placing.replayed(userId, idemKey, hash, tx);
              if (!result) ready(locked);
              return { result, consumedLineIds: [] };
            });
        if (placed) return placed;
      }
      throw conflict('cartChanged');
    },

    /** GET /api/orders: newest first, optionally one status. */
    async list(userId: number, q: TOrderListQuery, locale: TLocale): Promise<TOrderList> {
      const [rows, total, policy] = await Promise.all([
        repo.list(userId, q.status, q.recPerPage, (q.page - 1) * q.recPerPage),
        repo.count(userId, q.status),
        deps.unpaidPolicy(),
      ]);
      const now = new Date();
      const previews = await repo.previews(
        rows.map((r) => r.id),
        PREVIEW_LINES,
      );
      const byOrder = new Map<number, OrderItemRow[]>();
      for (const p of previews) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
      return {
        // Each unpaid row says by when to pay (the order page's and the staff queue's rule, orders.lapse.ts).
        data: rows.map((r) => toSummary(r, byOrder.get(r.id) ?? [], locale, lapsesAt(r, policy, now))),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total },
      };
    },

    /** GET /api/orders/{id}: 404 for an unknown order or someone else's. */
    async detail(userId: number, id: number, locale: TLocale): Promise<TOrderDetail> {
      const row = await repo.get(userId, id);
      if (!row) throw notFound('orderNotFound');
      return reader.detail(row, locale, 'buyer');
    },

    /** GET /api/order/items: the buyer's order lines, newest order first. */
    async items(userId: number, q: TOrderItemsQuery, locale: TLocale): Promise<TOrderItemList> {
      const [rows, total] = await Promise.all([
        repo.itemsPage(userId, q.orderId, q.recPerPage, (q.page - 1) * q.recPerPage),
        repo.itemsCount(userId, q.orderId),
      ]);
      return { data: rows.map((r) => toLine(r, r.currency, locale)), pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },

    async item(userId: number, id: number, locale: TLocale): Promise<TOrderLine> {
      const row = await repo.item(userId, id);
      if (!row) throw notFound('orderItemNotFound');
      return toLine(row, row.currency, locale);
    },

    /** POST /api/orders/reorder: the order's lines back into the cart at today's prices. */
    async reorder(userId: number, id: number, locale: TLocale): Promise<TReorderResult> {
      const row = await repo.get(userId, id);
      if (!row) throw notFound('orderNotFound');
      const lines = await repo.lines(id);
      return cart.addMany(
        userId,
        lines.map((l) => ({ itemId: l.itemId, typeCode: l.typeCode, quantity: l.quantity, nameZh: l.nameZh, nameEn: l.nameEn })),
        locale,
      );
    },

    /**
     * Staff: move an order (CLI `order status`). An unknown order is NOT_FOUND; a refused change
     * is a CONFLICT naming the rule; every change is recorded in the order's history.
     */
    async changeStatus(
      id: number,
      change: { status: TOrderStatus; logistics?: TLogisticsStatus | undefined; tracking?: string | undefined; note?: string | undefined },
      actor = 'staff',
    ): Promise<{ order: OrderRow; events: PlannedEvent[] }> {
      let moved: number[] = [];
      const changed = await repo.withOrderLock(id, async (tx, row) => {
        if (!row) throw notFound('orderNotFound');
        const plan = planChange({ status: row.status, logisticsStatus: row.logisticsStatus, trackingNumber: row.trackingNumber }, change);
        if (!plan.ok) throw conflict(plan.refusal.key, plan.refusal.params);
        // A cancelled order owes nothing: what was received becomes a refund due.
        await repo.updateState(
          tx,
          id,
          { ...plan.next, paymentStatus: paymentStatus({ ...row, status: plan.next.status }) },
          plan.events.map((e) => ({ type: e.type, fromValue: e.from, toValue: e.to, actor, note: change.note ?? null })),
        );
        moved = await settleStock(repo, deps.stock, tx, id, row.status, plan.next.status);
        return { order: { ...row, ...plan.next }, events: plan.events };
      });
      if (moved.length > 0) deps.stockMoved(moved);
      return changed;
    },

    /** Staff: an order with lines and history (with staff notes), whoever placed it (CLI `order show`). */
    async staffDetail(id: number, locale: TLocale): Promise<TOrderDetail | undefined> {
      const row = await repo.getAny(id);
      if (!row) return undefined;
      return reader.detail(row, locale, 'staff');
    },

    /**
     * Any order as its buyer reads it, whoever asks: what documents print and mail attachments
     * carry (a document staff download goes to the buyer too), so no staff text.
     */
    async buyerView(id: number, locale: TLocale): Promise<TOrderDetail | undefined> {
      const row = await repo.getAny(id);
      if (!row) return undefined;
      return reader.detail(row, locale, 'buyer');
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;
