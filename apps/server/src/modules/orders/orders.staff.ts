// Over 400 lines: the staff side of an order (queue, detail, changes) in one service; payments, credits, edits and parcels are files beside it.
import {
  formatMoney,
  fulfillmentOf,
  minorToMajor,
  ORDER_STATUSES,
  toMinor,
  trackingUrl,
  ZStaffOrderQuery,
  type TStaffOrderDetail,
  type TStaffOrderList,
  type TStaffOrderQuery,
  type TStaffSearchHit,
  type TLineAdjustment,
  type TLocale,
  type TOrderBuyer,
  type TOrderStatus,
  type TPaymentRecord,
  type TUnpaidOrdersSetting,
} from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { containsPatterns } from '../../lib/contains.js';
import type { Db } from '../../db/client.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import { actualTotals, balanceMinor, chargedMinor, lineQuantity, paymentStatus } from './orders.money.js';
import type { OrdersStaffRepository, PaymentRow, QueueSearch } from './orders.staff.repository.js';
import { must, type OrderChange } from './orders.change.js';
import { createOrderCredits } from './orders.credits.js';
import { createOrderPayments } from './orders.payments.js';
import { createOrderTransitions } from './orders.transitions.js';
import { createOrderEdits } from './orders.edit.js';
import type { OrderEditsRepository } from './orders.edit.repository.js';
import type { StaffPricingDeps } from './orders.staff-placed.js';
import { createOrderParcels, createOrderShipments } from './orders.shipments.js';
import type { ShipmentsRepository } from './orders.shipments.repository.js';
import { pick } from './orders.mapper.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrderNotesRepository } from './orders.notes.repository.js';
import { toNote } from './orders.notes.js';
import { createOrderReader, type OrderReaderDeps } from './orders.read.js';
import { lapsesAt } from './orders.lapse.js';
import type { OrderStock, StockMoved } from './orders.stock.js';

export interface OrdersStaffDeps extends Omit<OrderReaderDeps, 'notes'> {
  audit: AuditService;
  /** Stock held by orders: released on cancel, consumed when the goods leave, re-reserved on packing, restocked on returns (docs/catalog.md, Stock). */
  stock: OrderStock;
  /** Told after a change which products' stock moved (the catalog's states). */
  stockMoved: StockMoved;
  /** How long the queue's counts per status are reused at most (default 5 s). */
  countsTtlMs?: number;
  /** Orders placed or changed on any instance (the counts are dropped then). */
  events: Pick<ClusterEvents, 'publish' | 'on'>;
  /** The buyer's e-mails about the changes (through the outbox). */
  notifier: OrderNotifier;
  /** Staff notes and messages to the buyer (order_notes). */
  notes: Pick<OrderNotesRepository, 'all' | 'messages'>;
  /** The orders' parcels (docs/orders.md, Split shipments). */
  shipments: ShipmentsRepository;
  /** The unpaid-order follow-up's days (the settings): when each queue row lapses. */
  unpaidPolicy: () => Promise<TUnpaidOrdersSetting>;
  /** Lines added or removed before the goods leave: the buyer's prices and the tables (docs/orders.md, Editing an order before it leaves). */
  edits: StaffPricingDeps & { repo: OrderEditsRepository };
  /** Buyers' names and contacts, and buyer search (the account module). */
  buyers: {
    buyers(ids: number[]): Promise<Map<number, TOrderBuyer>>;
    /** Users whose account, name, nickname, e-mail or mobile contain every word of the text (newest first). */
    idsContaining(text: string, limit?: number): Promise<number[]>;
  };
}

/** At most this many buyers' accounts take part in one queue search (a fragment shared by more finds the newest ones' orders). */
const BUYER_MATCHES = 1000;

const unknownBuyer = (id: number): TOrderBuyer => ({ id, account: '', name: '', email: null, mobile: null });

/**
 * The staff side of orders (docs/orders.md, Back office): the queue, an order with payments and
 * its audit trail, status and logistics transitions through the state machine, packed quantities
 * and actual prices, payments and refunds, credit notes and returned goods (orders.credits.ts).
 * Every change is audited in its own transaction; money follows orders.money.ts.
 */
export function createOrdersStaff(orders: OrdersRepository, repo: OrdersStaffRepository, deps: OrdersStaffDeps) {
  const { audit, buyers } = deps;
  const reader = createOrderReader(orders, deps);
  /**
   * The tabs' counts per filter set, for a few seconds: counting 100,000 orders per status is
   * the queue's one costly query (13-25 ms on PostgreSQL), and the queue is polled all day.
   * Dropped on every instance when an order is placed or changed ('orders.changed').
   */
  const countCache = new LRUCache<string, Promise<Map<TOrderStatus, number>>>({ max: 500, ttl: deps.countsTtlMs ?? 5_000 });
  deps.events.on('orders.changed', () => countCache.clear());
  const changed = () => deps.events.publish('orders.changed', { count: 1 });
  const countsFor = (q: TStaffOrderQuery, found: QueueSearch | undefined) => {
    const { page: _page, recPerPage: _size, sort: _sort, status: _status, ...filters } = q;
    const key = JSON.stringify({ filters, found });
    let counts = countCache.get(key);
    if (!counts) {
      counts = repo.countsByStatus(q, found);
      countCache.set(key, counts);
      counts.catch(() => countCache.delete(key));
    }
    return counts;
  };

  /**
   * The queue's `q` (docs/orders.md, Staff search): orders whose number, receiver, company or phone
   * contain every word, orders of buyers whose account, name, e-mail or mobile contain every word
   * (the newest BUYER_MATCHES of them), an order or product id typed whole, a tracking number.
   */
  async function search(q: TStaffOrderQuery): Promise<QueueSearch | undefined> {
    if (!q.q) return undefined;
    const text = q.q;
    const number = /^\d{1,15}$/.test(text) ? Number(text) : undefined;
    const [userIds, itemOrderIds] = await Promise.all([
      buyers.idsContaining(text, BUYER_MATCHES),
      number === undefined ? undefined : repo.ordersWithItem(number),
    ]);
    return { number, itemOrderIds, text, patterns: containsPatterns(text), userIds };
  }

  const nameOf = (names: Map<number, TOrderBuyer>, id: number) => names.get(id)?.name || names.get(id)?.account || String(id);

  function toPaymentRecord(row: PaymentRow, names: Map<number, TOrderBuyer>): TPaymentRecord {
    return {
      id: row.id,
      kind: row.kind,
      amount: minorToMajor(row.amountMinor),
      currency: row.currency,
      orderAmount: minorToMajor(row.orderAmountMinor),
      method: row.method,
      reference: row.reference,
      paidAt: row.paidAt.toISOString(),
      recordedBy: row.recordedBy === null ? 'system' : nameOf(names, row.recordedBy),
      createdTime: row.createdAt.toISOString(),
    };
  }

  /** Locks the order, checks it exists and runs the change; afterwards tells the queue, the outbox and the catalog. */
  const change: OrderChange = async (id, work) => {
    // The buyer's contact is read before the transaction (PGlite has one connection: no other query inside it).
    const before = await orders.getAny(id);
    if (!before) throw notFound('orderNotFound');
    const buyer = await deps.notifier.contactOf(before.userId);
    const moved = new Set<number>();
    await orders.withOrderLock(id, async (tx, row) => {
      if (!row) throw notFound('orderNotFound');
      await work(tx, row, buyer, (ids) => ids.forEach((i) => moved.add(i)));
    });
    changed();
    deps.notifier.sent();
    if (moved.size > 0) deps.stockMoved([...moved]);
  };

  /** Stores the order's actual figures after an adjustment, and the payment status they give. */
  async function recompute(
    tx: Db,
    row: OrderRow,
    lines: Parameters<typeof actualTotals>[1],
    actualFreightMinor: number | null,
  ): Promise<{ paymentStatus: OrderRow['paymentStatus']; balance: number }> {
    const t = actualTotals({ ...row, actualFreightMinor }, lines);
    if (t.totalMinor < row.creditedMinor) {
      const money = (m: number) => formatMoney(m, row.currency);
      throw conflict('chargeBelowCredited', { charged: money(t.totalMinor), credited: money(row.creditedMinor) });
    }
    const next = { ...row, actualTotalMinor: t.totalMinor };
    await repo.updateOrder(tx, row.id, {
      actualPieceCount: t.pieceCount,
      actualGoodsMinor: t.goodsMinor,
      actualFreightMinor,
      actualSurchargeMinor: t.surchargeMinor,
      actualTotalMinor: t.totalMinor,
      paymentStatus: paymentStatus(next),
    });
    return { paymentStatus: paymentStatus(next), balance: minorToMajor(balanceMinor(next)) };
  }
  /** The money side of an audited adjustment: what it did to the payment status and the balance. */
  const standing = (row: OrderRow) => ({ paymentStatus: row.paymentStatus, balance: minorToMajor(balanceMinor(row)) });

  const credits = createOrderCredits({ orders, repo, audit, stock: deps.stock, notifier: deps.notifier, change });
  const payments = createOrderPayments({ repo, audit, notifier: deps.notifier, change });
  const parcels = createOrderParcels({ repo, shipments: deps.shipments, audit, stock: deps.stock, notifier: deps.notifier });
  const { outboundLocked, ...transitions } = createOrderTransitions({ orders, repo, audit, stock: deps.stock, notifier: deps.notifier, change, parcels });
  const shipments = createOrderShipments({ parcels, change, outboundLocked });
  const edits = createOrderEdits({ ...deps.edits, orders, staffRepo: repo, audit, stock: deps.stock, notifier: deps.notifier, change, recompute });

  const service = {
    ...credits,
    ...payments,
    ...transitions,
    ...shipments,
    ...edits,

    /** GET /api/admin/orders */
    async queue(q: TStaffOrderQuery, locale: TLocale): Promise<TStaffOrderList> {
      const policy = await deps.unpaidPolicy();
      // Nothing lapses while the follow-up does not cancel.
      if (q.lapsing && !policy.cancelAfterDays) {
        return {
          data: [],
          pager: { page: q.page, recPerPage: q.recPerPage, recTotal: 0 },
          counts: { ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])), all: 0 } as TStaffOrderList['counts'],
        };
      }
      const found = await search(q);
      const [rows, counts] = await Promise.all([repo.queue(q, found), countsFor(q, found)]);
      const people = await buyers.buyers(rows.map((r) => r.userId));
      const all = [...counts.values()].reduce((a, b) => a + b, 0);
      const now = new Date();
      return {
        data: rows.map((r) => ({
          id: r.id,
          createdTime: r.createdAt.toISOString(),
          status: r.status,
          paymentStatus: r.paymentStatus,
          logisticsStatus: r.logisticsStatus,
          trackingNumber: r.trackingNumber,
          carrier: r.carrier,
          currency: r.currency,
          totalAmount: minorToMajor(chargedMinor(r)),
          totalCny: minorToMajor(r.totalFen),
          balance: minorToMajor(balanceMinor(r)),
          lineCount: r.lineCount,
          quantity: r.actualPieceCount ?? r.pieceCount,
          chargeableWeight: r.chargeableWeightG / 1000,
          country: r.regionId,
          deliveryUser: r.receiver,
          expressMethod: { id: r.expressMethodId, name: pick(r.expressNameZh, r.expressNameEn, locale) ?? r.expressMethodId },
          payMethod: { id: r.payMethodId, name: pick(r.payNameZh, r.payNameEn, locale) ?? r.payMethodId },
          buyer: people.get(r.userId) ?? unknownBuyer(r.userId),
          lapsesAt: lapsesAt(r, policy, now)?.toISOString() ?? null,
          fulfillment: fulfillmentOf(r.status, r.parcelCount),
        })),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: q.status ? (counts.get(q.status) ?? 0) : all },
        counts: { ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts.get(s) ?? 0])), all } as TStaffOrderList['counts'],
      };
    },

    /**
     * The back office search box (docs/orders.md, Staff search): the newest orders `text` finds as
     * the queue's q does, at most `limit` of them, and whether there are more. No counts.
     */
    async find(text: string, limit: number): Promise<{ orders: TStaffSearchHit[]; more: boolean }> {
      const q = ZStaffOrderQuery.parse({ q: text, recPerPage: limit + 1 });
      const rows = await repo.queue(q, await search(q));
      const shown = rows.slice(0, limit);
      const people = await buyers.buyers(shown.map((r) => r.userId));
      return {
        orders: shown.map((r) => {
          const buyer = people.get(r.userId);
          return {
            id: r.id,
            title: `${r.id} · ${r.receiver}`,
            detail: [
              r.company,
              buyer && (buyer.name && buyer.name !== r.receiver ? `${buyer.name} (${buyer.account})` : buyer.account),
              formatMoney(chargedMinor(r), r.currency),
            ]
              .filter(Boolean)
              .join(' · '),
            link: `/admin/orders/${r.id}`,
            status: r.status,
          };
        }),
        more: rows.length > limit,
      };
    },

    /** GET /api/admin/orders/{id} */
    async detail(id: number, locale: TLocale): Promise<TStaffOrderDetail> {
      const row = await orders.getAny(id);
      if (!row) throw notFound('orderNotFound');
      const [order, payments, trail, notes] = await Promise.all([
        reader.detail(row, locale, 'staff', async (ids) => {
          const people = await buyers.buyers(ids);
          return new Map(ids.map((i) => [i, nameOf(people, i)]));
        }),
        orders.payments(id),
        audit.of('order', id),
        deps.notes.all(id),
      ]);
      const people = await buyers.buyers([row.userId, ...payments.flatMap((p) => (p.recordedBy === null ? [] : [p.recordedBy]))]);
      const carrier = row.carrier;
      return {
        order,
        buyer: people.get(row.userId) ?? unknownBuyer(row.userId),
        paymentStatus: row.paymentStatus,
        balance: order.money.balance,
        due: order.money.owed,
        carrier,
        trackingUrl: row.trackingNumber ? trackingUrl(carrier, row.trackingNumber) : null,
        cancelReason: row.cancelReason,
        payments: payments.map((p) => toPaymentRecord(p, people)),
        audit: trail,
        notes: notes.map(toNote),
      };
    },

    /**
     * PUT /api/admin/orders/{id}/lines/{lineId}: the packed quantity (orders.fulfil; only before
     * the goods leave: the line's stock reservation follows it) and the actual unit price
     * (orders.sell). The order's actual totals, and so its balance and payment status, follow.
     */
    async adjustLine(actor: StaffActor, id: number, lineId: number, body: TLineAdjustment): Promise<void> {
      if (body.actualQuantity !== undefined) must(actor, 'orders.fulfil');
      if (body.actualPrice !== undefined) must(actor, 'orders.sell');
      await change(id, async (tx, row, _buyer, moved) => {
        if (row.status === 'complete' || row.status === 'cancel') throw conflict('orderClosedForChanges', { status: row.status });
        const line = await repo.lineForUpdate(tx, id, lineId);
        if (!line) throw notFound('orderLineNotFound');
        const name = pick(line.nameZh, line.nameEn, 'en') ?? String(line.itemId);
        const quantity = body.actualQuantity ?? lineQuantity(line);
        // Pieces that left in a parcel stay packed (docs/orders.md, Split shipments).
        const shipped = line.shippedQuantity ?? 0;
        if (quantity !== lineQuantity(line)) {
          if (row.status !== 'confirm') throw conflict('orderLeftWarehouse');
          if (quantity < line.creditedQuantity) throw conflict('packedBelowCredited', { name, credited: line.creditedQuantity });
          if (quantity < shipped) throw conflict('packedBelowShipped', { name, shipped });
        }
        const priceMinor = body.actualPrice === undefined ? (line.actualUnitPriceMinor ?? line.unitPriceMinor) : toMinor(body.actualPrice);
        const patch = {
          actualQuantity: quantity === line.quantity ? null : quantity,
          actualUnitPriceMinor: priceMinor === line.unitPriceMinor ? null : priceMinor,
          stockReserved: line.stockReserved,
        };
        if (quantity !== lineQuantity(line)) {
          const reserved = await deps.stock.rereserve(tx, {
            itemId: line.itemId,
            typeCode: line.typeCode,
            reserved: line.stockReserved,
            quantity: quantity - shipped,
          });
          if (reserved === undefined)
            throw conflict('packingStockShort', {
              name,
              quantity,
              available: line.stockReserved + ((await deps.stock.availableNow(line.itemId, line.typeCode, tx)) ?? 0),
            });
          if (reserved !== line.stockReserved) moved([line.itemId]);
          patch.stockReserved = reserved;
        }
        await repo.updateLine(tx, lineId, patch);
        const lines = (await repo.linesOf(tx, id)).map((l) => (l.id === lineId ? { ...l, ...patch } : l));
        const after = await recompute(tx, row, lines, row.actualFreightMinor);
        await audit.record(tx, actor, [
          {
            action: 'order.line',
            entity: 'order',
            entityId: id,
            before: {
              lineId,
              itemId: line.itemId,
              type: line.typeCode,
              actualQuantity: lineQuantity(line),
              actualPrice: minorToMajor(line.actualUnitPriceMinor ?? line.unitPriceMinor),
              currency: row.currency,
              ...standing(row),
            },
            after: {
              lineId,
              itemId: line.itemId,
              type: line.typeCode,
              actualQuantity: quantity,
              actualPrice: minorToMajor(priceMinor),
              currency: row.currency,
              ...after,
            },
          },
        ]);
      });
    },

    /** PUT /api/admin/orders/{id}/shipping-fee: the actual shipping fee (orders.sell). */
    async setShippingFee(actor: StaffActor, id: number, fee: number): Promise<void> {
      must(actor, 'orders.sell');
      await change(id, async (tx, row) => {
        if (row.status === 'complete' || row.status === 'cancel') throw conflict('orderClosedForChanges', { status: row.status });
        const minor = toMinor(fee);
        const actualFreight = minor === row.freightMinor ? null : minor;
        const after = await recompute(tx, row, await repo.linesOf(tx, id), actualFreight);
        await audit.record(tx, actor, [
          {
            action: 'order.shippingFee',
            entity: 'order',
            entityId: id,
            before: { expressFee: minorToMajor(row.actualFreightMinor ?? row.freightMinor), currency: row.currency, ...standing(row) },
            after: { expressFee: minorToMajor(minor), currency: row.currency, ...after },
          },
        ]);
      });
    },
  };

  return service;
}
export type OrdersStaff = ReturnType<typeof createOrdersStaff>;
