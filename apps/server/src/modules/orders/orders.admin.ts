import {
  convertBetween,
  minorToMajor,
  ORDER_STATUSES,
  staffCan,
  trackingUrl,
  type TAdminOrderDetail,
  type TBankTransferDetails,
  type TAdminOrderList,
  type TAdminOrderQuery,
  type TCarrier,
  type TLineAdjustment,
  type TLocale,
  type TOrderBuyer,
  type TOrderStatus,
  type TOrderTransition,
  type TPaymentCreate,
  type TPaymentRecord,
  type TStaffCapability,
} from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Db } from '../../db/client.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import { actualTotals, balanceMinor, dueMinor, paymentStatus } from './orders.actuals.js';
import type { OrdersAdminRepository, PaymentRow, QueueSearch } from './orders.admin.repository.js';
import { pick, toDetail } from './orders.mapper.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { BuyerContact, OrderNotifier } from './orders.notify.js';
import type { OrderNotesRepository } from './orders.notes.repository.js';
import { toMessage, toNote } from './orders.notes.js';
import { planChange } from './orders.status.js';
import { settleStock, type OrderStock, type StockMoved } from './orders.stock.js';

export interface OrdersAdminDeps {
  audit: AuditService;
  /** Stock held by orders: released on cancel, consumed when the goods leave (docs/catalog.md, Stock). */
  stock?: OrderStock | undefined;
  /** Told after a cancel or outbound which products' stock moved (the catalog's states). */
  stockMoved?: StockMoved | undefined;
  /** How long the queue's counts per status are reused at most (default 5 s). */
  countsTtlMs?: number;
  /** Orders placed or changed on any instance (the counts are dropped then). */
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** The shop's bank-transfer details (settings), shown on T/T orders. */
  bankDetails?: (() => Promise<TBankTransferDetails | undefined>) | undefined;
  /** The buyer's e-mails about the changes (through the outbox). */
  notifier?: OrderNotifier | undefined;
  /** Staff notes and messages to the buyer (order_notes). */
  notes?: Pick<OrderNotesRepository, 'all'> | undefined;
  /** Buyers' names and contacts, and buyer search (the account module). */
  buyers: {
    buyers(ids: number[]): Promise<Map<number, TOrderBuyer>>;
    idsMatching(text: string, limit?: number): Promise<number[]>;
  };
}

const unknownBuyer = (id: number): TOrderBuyer => ({ id, account: '', name: '', email: null, mobile: null });

function must(actor: StaffActor, capability: TStaffCapability): void {
  if (!staffCan(actor.role, capability)) throw forbidden();
}

/** The fields of an order a staff change may touch, for the audit log's before/after. */
const stateOf = (row: OrderRow) => ({
  status: row.status,
  logisticsStatus: row.logisticsStatus,
  trackingNumber: row.trackingNumber,
  carrier: row.carrier,
});

/**
 * The staff side of orders (docs/orders.md, Back office): the queue, an order with payments and
 * its audit trail, status and logistics transitions through the state machine, actual
 * quantities and prices, and payments. Every change is audited in its own transaction.
 */
export function createOrdersAdmin(orders: OrdersRepository, repo: OrdersAdminRepository, deps: OrdersAdminDeps) {
  const { audit, buyers } = deps;
  /**
   * The tabs' counts per filter set, for a few seconds: counting 100,000 orders per status is
   * the queue's one costly query (13-25 ms on PostgreSQL), and the queue is polled all day.
   * Dropped on every instance when an order is placed or changed ('orders.changed').
   */
  const countCache = new LRUCache<string, Promise<Map<TOrderStatus, number>>>({ max: 500, ttl: deps.countsTtlMs ?? 5_000 });
  deps.events?.on('orders.changed', () => countCache.clear());
  const changed = () => (deps.events ? deps.events.publish('orders.changed', { count: 1 }) : countCache.clear());
  const countsFor = (q: TAdminOrderQuery, found: QueueSearch | undefined) => {
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

  async function search(q: TAdminOrderQuery): Promise<QueueSearch | undefined> {
    if (!q.q) return undefined;
    const text = q.q;
    const number = /^\d{1,15}$/.test(text) ? Number(text) : undefined;
    return { number, text, userIds: await buyers.idsMatching(text, 200) };
  }

  function toPayment(row: PaymentRow, names: Map<number, TOrderBuyer>): TPaymentRecord {
    return {
      id: row.id,
      kind: row.kind,
      amount: minorToMajor(row.amountMinor),
      currency: row.currency,
      orderAmount: minorToMajor(row.orderAmountMinor),
      method: row.method as TPaymentRecord['method'],
      reference: row.reference,
      paidAt: row.paidAt.toISOString(),
      recordedBy: row.recordedBy === null ? 'system' : names.get(row.recordedBy)?.name || names.get(row.recordedBy)?.account || String(row.recordedBy),
      createdTime: row.createdAt.toISOString(),
    };
  }

  /** Locks the order, checks it exists, runs the change and returns the order as staff see it. */
  async function change(id: number, work: (tx: Db, row: OrderRow, buyer: BuyerContact | undefined) => Promise<void>): Promise<void> {
    // The buyer's contact is read before the transaction (PGlite has one connection: no other query inside it).
    const before = await orders.getAny(id);
    if (!before) throw notFound('orderNotFound');
    const buyer = await deps.notifier?.contactOf(before.userId);
    await orders.withOrderLock(id, async (tx, row) => {
      if (!row) throw notFound('orderNotFound');
      await work(tx, row, buyer);
    });
    changed();
    deps.notifier?.sent();
  }

  const service = {
    /** GET /api/admin/orders */
    async queue(q: TAdminOrderQuery, locale: TLocale): Promise<TAdminOrderList> {
      const found = await search(q);
      const [rows, counts] = await Promise.all([repo.queue(q, found), countsFor(q, found)]);
      const people = await buyers.buyers(rows.map((r) => r.userId));
      const all = [...counts.values()].reduce((a, b) => a + b, 0);
      return {
        data: rows.map((r) => ({
          id: r.id,
          createdTime: r.createdAt.toISOString(),
          status: r.status,
          paymentStatus: r.paymentStatus,
          logisticsStatus: r.logisticsStatus,
          trackingNumber: r.trackingNumber,
          carrier: (r.carrier as TCarrier | null) ?? null,
          currency: r.currency,
          totalAmount: minorToMajor(dueMinor(r)),
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
        })),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: q.status ? (counts.get(q.status) ?? 0) : all },
        counts: { ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts.get(s) ?? 0])), all } as TAdminOrderList['counts'],
      };
    },

    /** GET /api/admin/orders/{id} */
    async detail(id: number, locale: TLocale): Promise<TAdminOrderDetail> {
      const row = await orders.getAny(id);
      if (!row) throw notFound('orderNotFound');
      const [lines, events, payments, trail, bank, notes] = await Promise.all([
        orders.lines(id),
        orders.events(id),
        repo.payments(id),
        audit.of('order', id),
        deps.bankDetails?.(),
        deps.notes?.all(id) ?? [],
      ]);
      const people = await buyers.buyers([row.userId, ...payments.flatMap((p) => (p.recordedBy === null ? [] : [p.recordedBy]))]);
      const carrier = (row.carrier as TCarrier | null) ?? null;
      return {
        order: toDetail(row, lines, events, locale, bank, notes.filter((n) => n.kind === 'message').map(toMessage)),
        buyer: people.get(row.userId) ?? unknownBuyer(row.userId),
        paymentStatus: row.paymentStatus,
        balance: minorToMajor(balanceMinor(row)),
        due: row.status === 'cancel' ? 0 : minorToMajor(dueMinor(row)),
        carrier,
        trackingUrl: row.trackingNumber ? trackingUrl(carrier, row.trackingNumber) : null,
        cancelReason: row.cancelReason,
        payments: payments.map((p) => toPayment(p, people)),
        audit: trail,
        notes: notes.map(toNote),
      };
    },

    /**
     * POST /api/admin/orders/{id}/transitions. Cancelling needs orders.sell and a reason; the
     * rest (outbound, delivery, complete, logistics, tracking, carrier) orders.fulfil. An order
     * goes outbound only when paid, unless the staff member may and does record an override
     * with a reason.
     */
    async transition(actor: StaffActor, id: number, body: TOrderTransition, also?: (tx: Db) => Promise<void>): Promise<void> {
      let moved: number[] = [];
      await change(id, async (tx, row, buyer) => {
        const status = body.status ?? row.status;
        const cancelling = status === 'cancel' && row.status !== 'cancel';
        must(actor, cancelling ? 'orders.sell' : 'orders.fulfil');
        if (cancelling && !body.reason) throw badRequest('cancelReasonRequired', {}, { field: 'reason', rule: 'required' });
        const shipping = status === 'outbound' && row.status === 'confirm';
        const unpaid = shipping && row.paymentStatus !== 'paid';
        if (unpaid) {
          if (!body.shipUnpaid) throw conflict('orderNotPaid', { paymentStatus: row.paymentStatus });
          must(actor, 'orders.shipUnpaid');
          if (!body.reason) throw badRequest('shipUnpaidReasonRequired', {}, { field: 'reason', rule: 'required' });
        }
        const carrierChange = body.carrier !== undefined && body.carrier !== row.carrier;
        const plan = planChange(
          { status: row.status, logisticsStatus: row.logisticsStatus, trackingNumber: row.trackingNumber },
          { status, logistics: body.logisticsStatus, tracking: body.trackingNumber },
        );
        if (!plan.ok && !(carrierChange && plan.refusal.key === 'orderNothingToChange')) throw conflict(plan.refusal.key, plan.refusal.params);
        const next = plan.ok ? plan.next : { status: row.status, logisticsStatus: row.logisticsStatus, trackingNumber: row.trackingNumber };
        if (carrierChange && !['outbound', 'delivery'].includes(next.status)) throw conflict('carrierBeforeOutbound');
        const note = body.reason ?? null;
        await orders.updateState(
          tx,
          id,
          next,
          (plan.ok ? plan.events : []).map((e) => ({ type: e.type, fromValue: e.from, toValue: e.to, actor: 'staff', note })),
        );
        moved = await settleStock(orders, deps.stock, tx, id, row.status, next.status);
        const after = { ...stateOf(row), ...next, carrier: carrierChange ? body.carrier! : row.carrier };
        await repo.updateOrder(tx, id, { carrier: after.carrier, ...(cancelling ? { cancelReason: body.reason! } : {}) });
        const now = { ...row, ...next, carrier: after.carrier };
        if (cancelling) await deps.notifier?.queue(tx, buyer, 'cancelled', now, { reason: body.reason ?? null });
        if (shipping) await deps.notifier?.queue(tx, buyer, 'shipped', now);
        if (next.logisticsStatus === 'delivered' && row.logisticsStatus !== 'delivered') await deps.notifier?.queue(tx, buyer, 'delivered', now);
        await audit.record(tx, actor, [
          {
            action: cancelling ? 'order.cancel' : unpaid ? 'order.shipUnpaid' : 'order.transition',
            entity: 'order',
            entityId: id,
            before: stateOf(row),
            after,
            note,
          },
        ]);
        // The caller's own change in the same transaction (after-sales: the request approved with the cancel).
        if (also) await also(tx);
      });
      if (moved.length > 0) deps.stockMoved?.(moved);
    },

    /**
     * PUT /api/admin/orders/{id}/lines/{lineId}: the packed quantity (orders.fulfil) and the
     * actual unit price (orders.sell). The order's actual totals, and so its balance and payment
     * status, follow.
     */
    async adjustLine(actor: StaffActor, id: number, lineId: number, body: TLineAdjustment): Promise<void> {
      if (body.actualQuantity !== undefined) must(actor, 'orders.fulfil');
      if (body.actualPrice !== undefined) must(actor, 'orders.sell');
      await change(id, async (tx, row) => {
        if (row.status === 'complete' || row.status === 'cancel') throw conflict('orderClosedForChanges', { status: row.status });
        const line = await repo.lineForUpdate(tx, id, lineId);
        if (!line) throw notFound('orderLineNotFound');
        const patch = {
          actualQuantity: body.actualQuantity === undefined ? line.actualQuantity : body.actualQuantity === line.quantity ? null : body.actualQuantity,
          actualUnitPriceMinor:
            body.actualPrice === undefined ? line.actualUnitPriceMinor : Math.round(body.actualPrice * 100) === line.unitPriceMinor ? null : Math.round(body.actualPrice * 100),
        };
        await repo.updateLine(tx, lineId, patch);
        const lines = (await repo.linesOf(tx, id)).map((l) => (l.id === lineId ? { ...l, ...patch } : l));
        await recompute(tx, row, lines, row.actualFreightMinor);
        await audit.record(tx, actor, [
          {
            action: 'order.line',
            entity: 'order',
            entityId: id,
            before: { lineId, itemId: line.itemId, type: line.typeCode, actualQuantity: line.actualQuantity ?? line.quantity, actualPrice: minorToMajor(line.actualUnitPriceMinor ?? line.unitPriceMinor) },
            after: { lineId, itemId: line.itemId, type: line.typeCode, actualQuantity: patch.actualQuantity ?? line.quantity, actualPrice: minorToMajor(patch.actualUnitPriceMinor ?? line.unitPriceMinor) },
          },
        ]);
      });
    },

    /** PUT /api/admin/orders/{id}/shipping-fee: the actual shipping fee (orders.sell). */
    async setShippingFee(actor: StaffActor, id: number, fee: number): Promise<void> {
      must(actor, 'orders.sell');
      await change(id, async (tx, row) => {
        if (row.status === 'complete' || row.status === 'cancel') throw conflict('orderClosedForChanges', { status: row.status });
        const minor = Math.round(fee * 100);
        const actualFreight = minor === row.freightMinor ? null : minor;
        await recompute(tx, row, await repo.linesOf(tx, id), actualFreight);
        await audit.record(tx, actor, [
          {
            action: 'order.shippingFee',
            entity: 'order',
            entityId: id,
            before: { expressFee: minorToMajor(row.actualFreightMinor ?? row.freightMinor) },
            after: { expressFee: minorToMajor(minor) },
          },
        ]);
      });
    },

    /**
     * POST /api/admin/orders/{id}/payments: a payment received or a refund given. The amount is
     * converted to the order's currency at the order's rate; a refund cannot exceed what was
     * received; a cancelled order takes refunds only. The payment status follows. `externalId`
     * (the system's payments: a PayPal capture id) is recorded once per method: the same one again
     * changes nothing and answers 0.
     */
    async recordPayment(actor: StaffActor | null, id: number, body: TPaymentCreate, externalId?: string): Promise<number> {
      if (actor) must(actor, 'payments.record');
      let paymentId = 0;
      await change(id, async (tx, row, buyer) => {
        if (row.status === 'cancel' && body.kind === 'payment') throw conflict('orderCancelledNoPayment');
        const amountMinor = Math.round(body.amount * 100);
        const orderAmountMinor = Math.max(1, convertBetween(amountMinor, body.currency, row.currency, row.exchangeRate));
        const paid = row.paidMinor + (body.kind === 'payment' ? orderAmountMinor : 0);
        const refunded = row.refundedMinor + (body.kind === 'refund' ? orderAmountMinor : 0);
        if (refunded > paid) throw conflict('refundTooLarge', { max: `${minorToMajor(row.paidMinor - row.refundedMinor).toFixed(2)} ${row.currency}` });
        const created = await repo.insertPayment(tx, {
          orderId: id,
          kind: body.kind,
          amountMinor,
          currency: body.currency,
          orderAmountMinor,
          method: body.method,
          reference: body.reference ?? null,
          paidAt: body.paidAt ? new Date(body.paidAt) : new Date(),
          recordedBy: actor?.id ?? null,
          externalId: externalId ?? null,
        });
        if (!created) return;
        paymentId = created.id;
        const nextStatus = paymentStatus({ ...row, paidMinor: paid, refundedMinor: refunded });
        await repo.updateOrder(tx, id, { paidMinor: paid, refundedMinor: refunded, paymentStatus: nextStatus });
        await deps.notifier?.queue(tx, buyer, body.kind === 'payment' ? 'paid' : 'refunded', { ...row, paidMinor: paid, refundedMinor: refunded }, { amountMinor: orderAmountMinor, key: created.id });
        await audit.record(tx, actor ?? { id: null, name: 'system', role: null }, [
          {
            action: body.kind === 'payment' ? 'order.payment' : 'order.refund',
            entity: 'order',
            entityId: id,
            before: { paymentStatus: row.paymentStatus, balance: minorToMajor(balanceMinor(row)) },
            after: {
              paymentStatus: nextStatus,
              balance: minorToMajor(balanceMinor({ ...row, paidMinor: paid, refundedMinor: refunded })),
              amount: body.amount,
              currency: body.currency,
              method: body.method,
              reference: body.reference ?? null,
            },
          },
        ]);
      });
      return paymentId;
    },
  };

  /** Stores the order's actual figures after an adjustment, and the payment status they give. */
  async function recompute(tx: Db, row: OrderRow, lines: Parameters<typeof actualTotals>[1], actualFreightMinor: number | null): Promise<void> {
    const t = actualTotals({ ...row, actualFreightMinor }, lines);
    const next = { ...row, actualTotalMinor: t.totalMinor };
    await repo.updateOrder(tx, row.id, {
      actualPieceCount: t.pieceCount,
      actualGoodsMinor: t.goodsMinor,
      actualFreightMinor,
      actualSurchargeMinor: t.surchargeMinor,
      actualTotalMinor: t.totalMinor,
      paymentStatus: paymentStatus(next),
    });
  }

  return service;
}
export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;
