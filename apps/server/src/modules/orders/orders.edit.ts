import { minorToMajor, type TLocale, type TOrderLineAdd } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { OrdersStaffRepository } from './orders.staff.repository.js';
import { must, type OrderChange } from './orders.change.js';
import type { OrderEditsRepository } from './orders.edit.repository.js';
import { lineLabel, lineName } from './orders.line-events.js';
import { lineSnapshot, pick } from './orders.mapper.js';
import { actualTotals, balanceMinor, chargedMinor, lineQuantity, lineUnitPrice } from './orders.money.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrderItemRow, OrderRow, OrdersRepository } from './orders.repository.js';
import { buyerItems, priceStaffLines, staffLines, type StaffPricingDeps } from './orders.staff-placed.js';
import type { OrderStock } from './orders.stock.js';

// Lines added to or removed from an order before it is outbound (docs/orders.md, Editing an order
// before it leaves). What the order comes to follows by the one money rule (orders.money: each
// line's pieces at its price, the freight, the surcharge), stored as the order's actual figures as
// every staff adjustment is; a paid order's balance follows (an overpaid one shows a refund due).
// The buyer is mailed and sees the change in the order's history; the change is audited.

/** Stores the order's actual figures after a change of its lines (orders.staff.ts: the same as packing). */
export type Recompute = (
  tx: Db,
  row: OrderRow,
  lines: OrderItemRow[],
  actualFreightMinor: number | null,
) => Promise<{ paymentStatus: OrderRow['paymentStatus']; balance: number }>;

export interface OrderEditsDeps extends StaffPricingDeps {
  orders: Pick<OrdersRepository, 'getAny'>;
  staffRepo: Pick<OrdersStaffRepository, 'lineForUpdate' | 'linesOf'>;
  repo: Pick<OrderEditsRepository, 'insertLine' | 'deleteLine' | 'insertEvent'>;
  audit: AuditService;
  stock: OrderStock;
  notifier: OrderNotifier;
  change: OrderChange;
  recompute: Recompute;
}

/** Only an order that has not gone outbound (nor been cancelled) takes or loses lines (409 naming its status otherwise). */
function assertEditable(row: OrderRow): void {
  if (row.status !== 'confirm') throw conflict('orderEditAfterOutbound', { status: row.status });
}

/** The line as the activity log lists it (audit.field.lines: "name × pieces (amount)"), named in the staff member's language. */
const lineAudit = (line: OrderItemRow, locale: TLocale) => ({
  lineId: line.id,
  itemId: line.itemId,
  type: line.typeCode,
  name: lineName(line)[locale],
  quantity: lineQuantity(line),
  actualPrice: minorToMajor(lineUnitPrice(line)),
  amount: minorToMajor(lineQuantity(line) * lineUnitPrice(line)),
});

const standing = (row: OrderRow) => ({ total: minorToMajor(chargedMinor(row)), paymentStatus: row.paymentStatus, balance: minorToMajor(balanceMinor(row)) });

export function createOrderEdits(deps: OrderEditsDeps) {
  const { repo, audit, change, recompute } = deps;

  /** After the lines changed: figures stored, history event, the buyer's mail, the audit row. */
  async function record(
    actor: StaffActor,
    tx: Db,
    row: OrderRow,
    buyer: Parameters<Parameters<OrderChange>[1]>[2],
    kind: 'added' | 'removed',
    line: OrderItemRow,
    locale: TLocale,
  ): Promise<void> {
    const lines = await deps.staffRepo.linesOf(tx, row.id);
    const after = await recompute(tx, row, lines, row.actualFreightMinor);
    const label = lineLabel(line);
    const eventId = await repo.insertEvent(tx, row.id, {
      type: kind === 'added' ? 'lineAdded' : 'lineRemoved',
      fromValue: null,
      toValue: JSON.stringify(label),
      actor: 'staff',
      note: actor.name,
    });
    const now: OrderRow = { ...row, actualTotalMinor: actualTotals(row, lines).totalMinor, paymentStatus: after.paymentStatus };
    await deps.notifier.queue(tx, buyer, 'changed', now, { key: eventId, change: { kind, label } });
    await audit.record(tx, actor, [
      {
        action: kind === 'added' ? 'order.lineAdd' : 'order.lineRemove',
        entity: 'order',
        entityId: row.id,
        before: { lines: kind === 'removed' ? [lineAudit(line, locale)] : [], currency: row.currency, ...standing(row) },
        after: { lines: kind === 'added' ? [lineAudit(line, locale)] : [], currency: row.currency, total: minorToMajor(chargedMinor(now)), ...after },
      },
    ]);
  }

  return {
    /**
     * POST /api/admin/orders/{id}/lines (orders.sell): a product at the buyer's price (customer
     * group, the quantity's tier, in the order's currency at the order's rate) or the price staff
     * set. Its pieces are reserved in the same transaction (409 when they are not there).
     */
    async addLine(actor: StaffActor, id: number, body: TOrderLineAdd, locale: TLocale): Promise<number> {
      must(actor, 'orders.sell');
      // Priced before the transaction (the catalog cannot be read inside a PGlite transaction).
      const order = await deps.orders.getAny(id);
      if (!order) throw notFound('orderNotFound');
      assertEditable(order);
      const items = await buyerItems(deps, order.userId, [body.itemId]);
      const [wanted] = staffLines([body], items, locale);
      const goods = priceStaffLines([wanted!], order.currency, order.exchangeRate);
      const priced = goods.lines[0]!;
      let added = 0;
      await change(id, async (tx, row, buyer, moved) => {
        assertEditable(row);
        const { item, typeCode, quantity } = wanted!;
        const name = pick(item.nameZh, item.nameEn, locale) ?? String(item.id);
        const lines = await deps.staffRepo.linesOf(tx, id);
        if (lines.some((l) => l.itemId === item.id && l.typeCode === typeCode)) throw conflict('lineAlreadyInOrder', { name });
        const reserved = await deps.stock.rereserve(tx, { itemId: item.id, typeCode, reserved: 0, quantity });
        if (reserved === undefined)
          throw conflict(
            'lineStockShort',
            { name, quantity, available: (await deps.stock.availableNow(item.id, typeCode, tx)) ?? 0 },
            { reason: 'stockShort' },
          );
        if (reserved > 0) moved([item.id]);
        const line = await repo.insertLine(tx, id, row.userId, {
          ...lineSnapshot(0, item, typeCode, quantity, priced, priced.tierMinQuantity),
          stockReserved: reserved,
        });
        added = line.id;
        await record(actor, tx, row, buyer, 'added', line, locale);
      });
      return added;
    },

    /**
     * DELETE /api/admin/orders/{id}/lines/{lineId} (orders.sell): the line leaves the order, its
     * reserved pieces go back. An order keeps at least one line (cancel it instead).
     */
    async removeLine(actor: StaffActor, id: number, lineId: number, locale: TLocale): Promise<void> {
      must(actor, 'orders.sell');
      await change(id, async (tx, row, buyer, moved) => {
        assertEditable(row);
        const line = await deps.staffRepo.lineForUpdate(tx, id, lineId);
        if (!line) throw notFound('orderLineNotFound');
        const lines = await deps.staffRepo.linesOf(tx, id);
        if (lines.length <= 1) throw conflict('lastLineRemove');
        // Pieces that already left in a parcel (docs/orders.md, Split shipments) stay on the order.
        if ((line.shippedQuantity ?? 0) > 0)
          throw conflict('lineShippedRemove', { name: pick(line.nameZh, line.nameEn, locale) ?? String(line.itemId), shipped: line.shippedQuantity ?? 0 });
        if (line.stockReserved > 0) {
          await deps.stock.release(tx, [{ itemId: line.itemId, typeCode: line.typeCode, reserved: line.stockReserved }]);
          moved([line.itemId]);
        }
        await repo.deleteLine(tx, id, lineId);
        await record(actor, tx, row, buyer, 'removed', line, locale);
      });
    },
  };
}
export type OrderEdits = ReturnType<typeof createOrderEdits>;
