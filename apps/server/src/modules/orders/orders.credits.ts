import { formatMoney, minorToMajor, toMinor, type TCreditCreate, type TRestockCreate } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import { must, type OrderChange } from './orders.change.js';
import type { OrdersStaffRepository } from './orders.staff.repository.js';
import { pick } from './orders.mapper.js';
import { balanceMinor, chargedMinor, lineQuantity, lineUnitPrice, paymentStatus } from './orders.money.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrderItemRow, OrdersRepository } from './orders.repository.js';
import type { OrderStock } from './orders.stock.js';

export interface OrderCreditsDeps {
  orders: Pick<OrdersRepository, 'getAny'>;
  repo: Pick<OrdersStaffRepository, 'linesOf' | 'updateLine' | 'updateOrder' | 'insertCredit'>;
  audit: AuditService;
  stock: Pick<OrderStock, 'restock'>;
  notifier: OrderNotifier;
  change: OrderChange;
}

/** Statuses in which the goods have left the warehouse (lines may be returned and credited). */
const LEFT = new Set(['outbound', 'delivery', 'complete']);

/** The same line named twice counts once with the quantities added. */
function merged(lines: readonly { lineId: number; quantity: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.lineId, (out.get(l.lineId) ?? 0) + l.quantity);
  return out;
}

const lineName = (line: OrderItemRow) => {
  const name = pick(line.nameZh, line.nameEn, 'en') ?? String(line.itemId);
  const type = pick(line.typeNameZh, line.typeNameEn, 'en') ?? line.typeCode;
  return type ? `${name} (${type})` : name;
};

/**
 * Credit notes and returned goods (docs/orders.md, Money after the order; Returns):
 * - a credit note takes returned pieces (at the price charged) and/or an amount (freight, a
 *   goodwill reduction) off what the order owes, with the reason the buyer sees; at most what the
 *   order comes to less earlier credits, and only pieces that left and were not credited yet;
 * - the warehouse confirms per line what came back, at most what left less what came back
 *   before: the pieces go on hand again (tracked products).
 * Both are audited in the change's transaction; a credit note mails the buyer.
 */
export function createOrderCredits({ repo, audit, stock, notifier, change }: OrderCreditsDeps) {
  return {
    /**
     * POST /api/admin/orders/{id}/credits (orders.sell), and the credit of an approved return
     * (`requestId`, and `also`: the request's decision in the same transaction). Answers the
     * credit note's id.
     */
    async credit(
      actor: StaffActor,
      orderId: number,
      body: TCreditCreate,
      opts: { requestId?: number; also?: (tx: Db) => Promise<void> } = {},
    ): Promise<number> {
      must(actor, 'orders.sell');
      let creditId = 0;
      await change(orderId, async (tx, row, buyer) => {
        if (row.status === 'cancel') throw conflict('creditOrderCancelled');
        const wanted = merged(body.lines ?? []);
        if (wanted.size > 0 && !LEFT.has(row.status)) throw conflict('creditLinesBeforeShipping');
        const lines = await repo.linesOf(tx, orderId);
        const credited: { lineId: number; quantity: number; unitPriceMinor: number; amountMinor: number }[] = [];
        const audited: Record<string, unknown>[] = [];
        for (const [lineId, quantity] of wanted) {
          const line = lines.find((l) => l.id === lineId);
          if (!line) throw notFound('orderLineNotFound');
          const max = lineQuantity(line) - line.creditedQuantity;
          if (quantity > max) throw conflict('creditTooManyPieces', { name: lineName(line), max }, { lineId, max });
          const unit = lineUnitPrice(line);
          credited.push({ lineId, quantity, unitPriceMinor: unit, amountMinor: unit * quantity });
          audited.push({ lineId, itemId: line.itemId, name: lineName(line), quantity, amount: minorToMajor(unit * quantity) });
          await repo.updateLine(tx, lineId, { creditedQuantity: line.creditedQuantity + quantity });
        }
        const extra = toMinor(body.amount ?? 0);
        const amount = credited.reduce((a, c) => a + c.amountMinor, 0) + extra;
        if (amount <= 0) throw conflict('creditNothing');
        const room = chargedMinor(row) - row.creditedMinor;
        if (amount > room) throw conflict('creditTooLarge', { max: formatMoney(room, row.currency) }, { max: minorToMajor(room) });
        const created = await repo.insertCredit(tx, {
          orderId,
          kind: body.kind,
          requestId: opts.requestId ?? null,
          amountMinor: amount,
          extraMinor: extra,
          lines: credited,
          reason: body.reason,
          createdBy: actor.id,
        });
        creditId = created.id;
        const next = { ...row, creditedMinor: row.creditedMinor + amount };
        const nextStatus = paymentStatus(next);
        await repo.updateOrder(tx, orderId, { creditedMinor: next.creditedMinor, paymentStatus: nextStatus });
        const number = `CN-${orderId}-${created.seq}`;
        await notifier.queue(tx, buyer, 'credited', next, { amountMinor: amount, reason: body.reason, key: number, credit: number });
        await audit.record(tx, actor, [
          {
            action: 'order.credit',
            entity: 'order',
            entityId: orderId,
            before: {
              paymentStatus: row.paymentStatus,
              balance: minorToMajor(balanceMinor(row)),
              credited: minorToMajor(row.creditedMinor),
              currency: row.currency,
            },
            after: {
              credit: number,
              kind: body.kind,
              amount: minorToMajor(amount),
              currency: row.currency,
              lines: audited,
              ...(extra ? { extra: minorToMajor(extra) } : {}),
              paymentStatus: nextStatus,
              balance: minorToMajor(balanceMinor(next)),
              credited: minorToMajor(next.creditedMinor),
            },
            note: body.reason,
          },
        ]);
        if (opts.also) await opts.also(tx);
      });
      return creditId;
    },

    /**
     * POST /api/admin/orders/{id}/restock (orders.fulfil): pieces that came back to the warehouse,
     * per line, at most what left with the order less what came back before; they go on hand
     * again (products whose stock is tracked). An order of which nothing left has nothing to receive.
     */
    async restock(actor: StaffActor, orderId: number, body: TRestockCreate): Promise<void> {
      must(actor, 'orders.fulfil');
      await change(orderId, async (tx, row, _buyer, moved) => {
        const lines = await repo.linesOf(tx, orderId);
        if (!lines.some((l) => (l.shippedQuantity ?? 0) > 0)) throw conflict('restockNotShipped');
        const back: { itemId: number; typeCode: string; quantity: number }[] = [];
        const audited: Record<string, unknown>[] = [];
        for (const [lineId, quantity] of merged(body.lines)) {
          const line = lines.find((l) => l.id === lineId);
          if (!line) throw notFound('orderLineNotFound');
          const max = (line.shippedQuantity ?? 0) - line.returnedQuantity;
          if (quantity > max) throw conflict('restockTooMany', { name: lineName(line), max }, { lineId, max });
          await repo.updateLine(tx, lineId, { returnedQuantity: line.returnedQuantity + quantity });
          back.push({ itemId: line.itemId, typeCode: line.typeCode, quantity });
          audited.push({ lineId, itemId: line.itemId, name: lineName(line), quantity, returned: line.returnedQuantity + quantity });
        }
        await stock.restock(tx, back);
        moved(back.map((b) => b.itemId));
        await audit.record(tx, actor, [
          { action: 'order.restock', entity: 'order', entityId: orderId, before: null, after: { status: row.status, lines: audited }, note: body.note ?? null },
        ]);
      });
    },
  };
}
