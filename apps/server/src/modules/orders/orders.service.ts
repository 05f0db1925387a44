import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_MAX,
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
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { CatalogQuery, PricingItem, View } from '../catalog/catalog.module.js';
import { assertOrderable, type CartLineRow, type CartService } from '../cart/cart.service.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { lineInput, priceGoods } from '../shipping/shipping.quote.js';
import type { NewOrderItemRow, NewOrderRow, OrderItemRow, OrderRow, OrdersRepository } from './orders.repository.js';
import { lineSnapshot, PREVIEW_LINES, toLine, toSummary } from './orders.mapper.js';
import { orderRowOf } from './orders.draft.js';
import type { OrderNotifier } from './orders.notify.js';
import { createOrderReader, type OrderReaderDeps } from './orders.read.js';
import { planChange, type PlannedEvent } from './orders.status.js';
import { settleStock, type OrderStock, type StockMoved } from './orders.stock.js';
import { paymentStatus } from './orders.money.js';
import type { StockService } from '../stock/stock.service.js';
import { createQuotedPlacement } from './orders.quoted.js';
import { lapsesAt } from './orders.lapse.js';

export interface OrdersDeps extends OrderReaderDeps {
  /** The buyer's e-mail about the new order (through the outbox). */
  notifier: OrderNotifier;
  /** Told when an order is placed (the staff queue's counts). */
  events: Pick<ClusterEvents, 'publish'>;
  cart: CartService;
  /** Stock: reserved in the placement's transaction, released on cancel, consumed on outbound (docs/catalog.md, Stock). */
  stock: OrderStock & Pick<StockService, 'reserve'>;
  /** Told after placement, cancel or outbound which products' stock moved (the catalog's states). */
  stockMoved: StockMoved;
  catalog: Pick<CatalogQuery, 'exchangeRate' | 'itemsForPricing'>;
  shipping: ShippingService;
}

/** Placement retries when the cart changed between reading and locking it. */
const PLACE_ATTEMPTS = 5;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

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
  const { cart, catalog, shipping } = deps;
  const reader = createOrderReader(repo, deps);

  type Outcome = { kind: 'created'; id: number } | { kind: 'replay'; id: number; requestHash: string } | { kind: 'retry' };

  function replay(found: { id: number; requestHash: string }, hash: string) {
    if (found.requestHash !== hash) throw conflict('idempotencyKeyReused');
    return { id: found.id, replayed: true };
  }

  /** Everything an order stores, priced now from the catalog and the rate tables. 400 when it cannot be ordered. */
  async function draft(
    userId: number,
    input: TOrderCreate,
    key: string,
    hash: string,
    lines: CartLineRow[],
    items: Map<number, PricingItem>,
    view: View,
  ): Promise<{ order: NewOrderRow; lines: NewOrderItemRow[] }> {
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
    const order = orderRowOf(userId, key, hash, view.currency, rate, quote, input);
    const orderLines = rows.map(({ line, item }, position): NewOrderItemRow =>
      lineSnapshot(position, item, line.typeCode, line.quantity, t.lines[position]!, t.lines[position]!.tierMinQuantity),
    );
    return { order, lines: orderLines };
  }

  const service = {
    /** Orders from accepted quotes: these lines at these prices, this freight (orders.quoted.ts). */
    quoted: createQuotedPlacement(repo, deps),

    /**
     * POST /api/orders. Prices, weights and freight are computed here from the cart and today's
     * catalog; the order is written and its lines leave the cart in one transaction that holds
     * the buyer's cart lock. The same Idempotency-Key again answers the same order (replayed:
     * true); with a different request it is refused (409).
     */
    async place(userId: number, input: TOrderCreate, key: string | undefined, view: View): Promise<{ id: number; replayed: boolean }> {
      const idemKey = key?.trim();
      if (!idemKey) throw badRequest('idempotencyKeyRequired');
      if (idemKey.length > IDEMPOTENCY_KEY_MAX || !IDEMPOTENCY_KEY_PATTERN.test(idemKey))
        throw badRequest('idempotencyKeyInvalid', { max: IDEMPOTENCY_KEY_MAX });
      const hash = requestHash(input, view.currency);
      const earlier = await repo.findByKey(undefined, userId, idemKey);
      if (earlier) return replay(earlier, hash);
      // Method, region and payment first: they need no cart.
      await shipping.resolve(input.expressMethod, input.deliveryRegionId, view.locale);
      await shipping.payment(input.payMethod);
      const contact = await deps.notifier.contactOf(userId);
      // Read before the transaction (PGlite runs one at a time): the placed mail says how to pay.
      const instructions = contact?.email ? await deps.paymentInstructions(input.payMethod, contact.locale) : undefined;

      for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
        // Read and price without the lock (the catalog and rate tables cannot be read inside a
        // PGlite transaction), then check under the lock that the cart is still what was priced.
        const seen = await cart.snapshot(userId, input.cartItemIds);
        const complete = seen.lines.length > 0 && (!input.cartItemIds || seen.lines.length === new Set(input.cartItemIds).size);
        const planned = complete ? await draft(userId, input, idemKey, hash, seen.lines, seen.items, view) : undefined;
        const outcome = await cart.checkout<Outcome>(userId, input.cartItemIds, async (locked, tx) => {
          const dup = await repo.findByKey(tx, userId, idemKey);
          if (dup) return { result: { kind: 'replay', ...dup }, consumedLineIds: [] };
          if (locked.length === 0) throw badRequest(input.cartItemIds ? 'cartItemsMissing' : 'cartEmpty');
          if (input.cartItemIds && locked.length !== new Set(input.cartItemIds).size) throw badRequest('cartItemsMissing');
          if (!planned || !sameLines(locked, seen.lines)) return { result: { kind: 'retry' }, consumedLineIds: [] };
          // Stock for every line, in this transaction: a shortfall refuses the whole order (400, rolled back).
          const reserved = await deps.stock.reserve(
            tx,
            seen.lines.map((l) => {
              const item = seen.items.get(l.itemId)!;
              return { itemId: l.itemId, typeCode: l.typeCode, quantity: l.quantity, preorder: item.preorder, nameZh: item.nameZh, nameEn: item.nameEn };
            }),
            view.locale,
          );
          const orderLines = planned.lines.map((l, i) => ({ ...l, stockReserved: reserved[i] ?? 0 }));
          const id = await repo.insert(tx, planned.order, orderLines, { type: 'created', fromValue: null, toValue: 'confirm', actor: 'buyer', note: null });
          await deps.notifier.queue(
            tx,
            contact,
            'placed',
            {
              ...planned.order,
              id,
              status: 'confirm',
              actualTotalMinor: null,
              creditedMinor: 0,
              paidMinor: 0,
              refundedMinor: 0,
              carrier: null,
              trackingNumber: null,
            },
            { instructions: instructions ?? null },
          );
          return { result: { kind: 'created', id }, consumedLineIds: locked.map((l) => l.id) };
        });
        if (outcome.kind === 'created') {
          deps.stockMoved([...new Set(seen.lines.map((l) => l.itemId))]);
          deps.events.publish('orders.changed', { count: 1 });
          deps.notifier.sent();
          return { id: outcome.id, replayed: false };
        }
        if (outcome.kind === 'replay') return replay(outcome, hash);
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
