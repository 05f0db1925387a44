import type { TOrderStatus } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import type { StockService } from '../stock/stock.service.js';
import { lineQuantity } from './orders.money.js';
import type { OrdersRepository } from './orders.repository.js';

export type OrderStock = Pick<StockService, 'release' | 'consume' | 'rereserve' | 'restock' | 'availableNow'>;
/** Told after the commit which products' stock an order moved (the catalog shows their new states). */
export type StockMoved = (itemIds: readonly number[]) => void;

/**
 * What a status change does to the stock an order holds (docs/catalog.md, Stock), in the change's
 * transaction under the order's lock:
 * - cancel: what placement reserved goes back (release);
 * - confirm -> outbound (the goods leave the warehouse): each line takes its packed pieces (the
 *   actual quantity when staff set one, else the ordered one) off the shelf and its reservation
 *   ends (consume): a line packed short releases the rest.
 * Either way each line's `stock_reserved` becomes 0, so a line is settled exactly once. When the
 * goods leave, each line also records what left (`shipped_quantity`): a later cancel of an outbound
 * order gives nothing back by itself; the warehouse confirms what came back (restock), at most what left.
 * Answers the products whose stock moved (for StockMoved once the transaction is committed).
 */
export async function settleStock(
  repo: Pick<OrdersRepository, 'stockLines' | 'clearStockReserved' | 'markShipped'>,
  stock: OrderStock,
  tx: Db,
  orderId: number,
  from: TOrderStatus,
  to: TOrderStatus,
): Promise<number[]> {
  if (from === to) return [];
  const leaving = to === 'outbound' && from === 'confirm';
  if (leaving) await repo.markShipped(tx, orderId);
  if (to !== 'cancel' && !leaving) return [];
  const lines = (await repo.stockLines(tx, orderId)).filter((l) => l.stockReserved > 0);
  if (lines.length === 0) return [];
  if (leaving) {
    await stock.consume(
      tx,
      lines.map((l) => ({ itemId: l.itemId, typeCode: l.typeCode, reserved: l.stockReserved, shipped: lineQuantity(l) })),
    );
  } else {
    await stock.release(
      tx,
      lines.map((l) => ({ itemId: l.itemId, typeCode: l.typeCode, reserved: l.stockReserved })),
    );
  }
  await repo.clearStockReserved(tx, orderId);
  return [...new Set(lines.map((l) => l.itemId))];
}
