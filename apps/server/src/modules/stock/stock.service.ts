import { minValidQuantity, type QuantityRules, type TLocale, type TStockStatus } from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import type { StockLineRow, StockRepository, StockTx } from './stock.repository.js';

export type { StockTx } from './stock.repository.js';

/** Pieces of one product type ('' when the product has no types). Available = onHand − reserved. */
export interface StockLine {
  typeCode: string;
  onHand: number;
  reserved: number;
}

/** A line of an order being placed. */
export interface ReserveLine {
  itemId: number;
  typeCode: string;
  quantity: number;
  /** The product takes pre-orders: it may be reserved beyond what is on hand. */
  preorder: boolean;
  nameZh: string;
  nameEn: string;
}

/** A placed line whose reservation is given back (cancel) or used up (shipped). */
export interface ReservedLine {
  itemId: number;
  typeCode: string;
  /** order_items.stock_reserved: what placement reserved (0: nothing, the product was not tracked). */
  reserved: number;
}

export interface ConsumeLine extends ReservedLine {
  /** Pieces that left the warehouse (the packed quantity when set, else the ordered one). */
  shipped: number;
}

export interface StockShortage {
  itemId: number;
  typeCode: string;
  name: string;
  requested: number;
  available: number;
}

const available = (l: StockLine) => Math.max(l.onHand - l.reserved, 0);

/**
 * The public state of a product (or of one type, given its one line) from its lines
 * (docs/catalog.md, Stock). `lines` undefined: the product's stock is not tracked (no rows), it
 * is sold as in stock (or pre-order). Tracked: no piece available -> pre-order when the product
 * takes pre-orders, else out of stock; at most `lowStockAt` available -> low; else in stock.
 */
export function stockStatusOf(item: { preorder: boolean; lowStockAt: number } & QuantityRules, lines: readonly StockLine[] | undefined): TStockStatus {
  if (!lines) return item.preorder ? 'preorder' : 'in_stock';
  // A type with fewer pieces than the smallest quantity one may order (a carton of 120, 1 left)
  // cannot be bought: its pieces do not count.
  const least = minValidQuantity(item);
  const pieces = lines.reduce((sum, l) => sum + (available(l) >= least ? available(l) : 0), 0);
  if (pieces <= 0) return item.preorder ? 'preorder' : 'out_of_stock';
  return pieces <= item.lowStockAt ? 'low' : 'in_stock';
}

/**
 * The state of one style from the pieces available of it (undefined: not tracked): fewer than the
 * smallest quantity one may order count as none (`least`, minValidQuantity of the product, passed
 * in by callers that ask for many styles of one product).
 */
export function styleStatusOf(
  item: { preorder: boolean; lowStockAt: number } & QuantityRules,
  pieces: number | undefined,
  least = minValidQuantity(item),
): TStockStatus {
  if (pieces === undefined) return item.preorder ? 'preorder' : 'in_stock';
  if (pieces < least || pieces <= 0) return item.preorder ? 'preorder' : 'out_of_stock';
  return pieces <= item.lowStockAt ? 'low' : 'in_stock';
}

/**
 * One style's stock as a buyer choosing it sees it (a card's type select, the detail's style
 * buttons): its state and the pieces available (null: not tracked, no limit).
 */
export function styleStock(
  item: { preorder: boolean; lowStockAt: number } & QuantityRules,
  typeCode: string,
  lines: readonly StockLine[] | undefined,
): { stockStatus: TStockStatus; available: number | null } {
  const pieces = availableOf(lines, typeCode);
  return { stockStatus: styleStatusOf(item, pieces), available: pieces ?? null };
}

/** Pieces available of one type of a product given its lines (undefined: not tracked, no limit). */
export function availableOf(lines: readonly StockLine[] | undefined, typeCode: string): number | undefined {
  if (!lines) return undefined;
  const line = lines.find((l) => l.typeCode === typeCode);
  return line ? available(line) : 0;
}

/**
 * One cart or order line's stock: the state of its type, the pieces available (null: not
 * tracked, no limit) and whether it asks for more than is available from a product that takes no
 * pre-orders (placing it would be refused).
 */
export function lineStock(
  item: { preorder: boolean; lowStockAt: number } & QuantityRules,
  typeCode: string,
  quantity: number,
  lines: readonly StockLine[] | undefined,
): { stockStatus: TStockStatus; available: number | null; stockShort: boolean; preorder: boolean } {
  const { stockStatus, available: pieces } = styleStock(item, typeCode, lines);
  return { stockStatus, available: pieces, stockShort: pieces !== null && !item.preorder && quantity > pieces, preorder: item.preorder };
}

const byKey = <T extends { itemId: number; typeCode: string }>(a: T, b: T) =>
  a.itemId - b.itemId || (a.typeCode < b.typeCode ? -1 : a.typeCode > b.typeCode ? 1 : 0);

/**
 * Stock per product and type (docs/catalog.md, Stock): levels for pages and carts, on-hand
 * changes from staff and imports, and the reservation life of an order line: reserved when it
 * is placed (in the order's transaction), released when the order is cancelled, consumed when
 * the goods leave.
 */
export function createStockService(repo: StockRepository) {
  const service = {
    /** Lines per product, for the given products that have any (absent: not tracked). */
    async levels(itemIds: readonly number[], tx?: StockTx): Promise<Map<number, StockLine[]>> {
      const rows = await repo.lines(itemIds, tx);
      const out = new Map<number, StockLine[]>();
      for (const r of rows) {
        const list = out.get(r.itemId) ?? [];
        list.push({ typeCode: r.typeCode, onHand: r.onHand, reserved: r.reserved });
        out.set(r.itemId, list);
      }
      return out;
    },

    /** Sets pieces on hand (upsert); types not listed are left as they are. Reserved is never touched here. */
    async setOnHand(itemId: number, lines: readonly { typeCode: string; onHand: number }[], tx?: StockTx): Promise<void> {
      await repo.upsertOnHand(
        lines.map((l) => ({ itemId, typeCode: l.typeCode, onHand: l.onHand })),
        tx,
      );
    },

    /** The same for many products at once (imports: batched multi-row upserts). */
    async setOnHandMany(rows: readonly { itemId: number; typeCode: string; onHand: number }[], tx?: StockTx): Promise<void> {
      // One row per key (the last wins), sorted: concurrent writers lock rows in the same order.
      const unique = new Map<string, { itemId: number; typeCode: string; onHand: number }>();
      for (const r of rows) unique.set(`${r.itemId}|${r.typeCode}`, r);
      await repo.upsertOnHand([...unique.values()].sort(byKey), tx);
    },

    /**
     * Reserves every line of an order inside the order's transaction, lines in (product, type)
     * order so concurrent placements lock rows in the same order (no deadlock). A product without
     * stock rows is not tracked: nothing is reserved (0). When any tracked line is short, nothing
     * is kept: a 400 names every short product with the pieces available, `details: {reason:
     * 'stockShort', lines: [{itemId, typeCode, name, requested, available}]}` (the caller's
     * transaction rolls back; the storefront offers to lower or remove each line). Returns what
     * was reserved per input line (order_items.stock_reserved).
     */
    async reserve(tx: StockTx, lines: readonly ReserveLine[], locale: TLocale): Promise<number[]> {
      const tracked = await repo.tracked(
        lines.map((l) => l.itemId),
        tx,
      );
      const reserved = lines.map(() => 0);
      const order = lines.map((l, i) => ({ ...l, i })).sort(byKey);
      // The same product and type twice in one order reserves once for the sum.
      const merged: { itemId: number; typeCode: string; quantity: number; preorder: boolean; name: ReserveLine; at: number[] }[] = [];
      for (const l of order) {
        const last = merged.at(-1);
        if (last && last.itemId === l.itemId && last.typeCode === l.typeCode) {
          last.quantity += l.quantity;
          last.at.push(l.i);
        } else merged.push({ itemId: l.itemId, typeCode: l.typeCode, quantity: l.quantity, preorder: l.preorder, name: l, at: [l.i] });
      }
      const short: StockShortage[] = [];
      for (const m of merged) {
        if (!tracked.has(m.itemId) || m.quantity <= 0) continue;
        let row = short.length > 0 ? undefined : await repo.reserve(tx, m.itemId, m.typeCode, m.quantity, m.preorder);
        if (!row && m.preorder && short.length === 0) {
          // A pre-order of a type without a row yet (a tracked product counts it as 0 on hand).
          await repo.reserveNew(tx, m.itemId, m.typeCode, m.quantity);
          row = { itemId: m.itemId, typeCode: m.typeCode, onHand: 0, reserved: m.quantity };
        }
        if (row) {
          for (const i of m.at) reserved[i] = lines[i]!.quantity;
          continue;
        }
        const [now] = (await repo.lines([m.itemId], tx)).filter((r: StockLineRow) => r.typeCode === m.typeCode);
        const left = now ? Math.max(now.onHand - now.reserved, 0) : 0;
        if (short.length > 0 && (m.preorder || left >= m.quantity)) continue;
        short.push({ itemId: m.itemId, typeCode: m.typeCode, name: locale === 'zh' ? m.name.nameZh : m.name.nameEn, requested: m.quantity, available: left });
      }
      if (short.length > 0) {
        const sep = locale === 'zh' ? '、' : ', ';
        const names = short
          .map((s) =>
            locale === 'zh'
              ? `${s.name}${s.typeCode ? `（${s.typeCode}）` : ''}：仅剩 ${s.available} 件`
              : `${s.name}${s.typeCode ? ` (${s.typeCode})` : ''}: only ${s.available} available`,
          )
          .join(sep);
        throw badRequest('stockShort', { names }, { reason: 'stockShort', lines: short });
      }
      return reserved;
    },

    /** Gives back what placement reserved (a cancelled order). Lines with 0 reserved change nothing. */
    async release(tx: StockTx, lines: readonly ReservedLine[]): Promise<void> {
      for (const l of [...lines].sort(byKey)) if (l.reserved > 0) await repo.release(tx, l.itemId, l.typeCode, l.reserved);
    },

    /**
     * The goods left: on hand loses the shipped pieces, reserved loses what placement reserved
     * (a line packed short consumes the packed pieces and releases the rest). Lines with 0
     * reserved (not tracked when placed, or already consumed/released) change nothing.
     */
    async consume(tx: StockTx, lines: readonly ConsumeLine[]): Promise<void> {
      for (const l of [...lines].sort(byKey)) if (l.reserved > 0) await repo.consume(tx, l.itemId, l.typeCode, l.reserved, Math.max(l.shipped, 0));
    },

    /**
     * A placed line's reservation follows a new packed quantity before the goods leave (orders,
     * in the change's transaction): more pieces are reserved only when that many are available
     * (packing needs the goods in hand, pre-order or not), fewer are released. A product without
     * stock rows is not tracked: nothing changes (0). Answers the line's new reservation, or
     * undefined when the extra pieces are not there (nothing changed).
     */
    async rereserve(tx: StockTx, line: { itemId: number; typeCode: string; reserved: number; quantity: number }): Promise<number | undefined> {
      const tracked = await repo.tracked([line.itemId], tx);
      if (!tracked.has(line.itemId)) return 0;
      const delta = line.quantity - line.reserved;
      if (delta > 0) {
        const row = await repo.reserve(tx, line.itemId, line.typeCode, delta, false);
        if (!row) return undefined;
      } else if (delta < 0) await repo.release(tx, line.itemId, line.typeCode, -delta);
      return line.quantity;
    },

    /** Pieces that came back to the warehouse go on hand again (tracked lines only; others stay untracked). */
    async restock(tx: StockTx, lines: readonly { itemId: number; typeCode: string; quantity: number }[]): Promise<void> {
      for (const l of [...lines].sort(byKey)) if (l.quantity > 0) await repo.addOnHand(tx, l.itemId, l.typeCode, l.quantity);
    },

    /** Pieces available of one product type now (undefined: not tracked), for a refusal's message. */
    async availableNow(itemId: number, typeCode: string, tx?: StockTx): Promise<number | undefined> {
      const rows = await repo.lines([itemId], tx);
      return rows.length === 0 ? undefined : availableOf(rows, typeCode);
    },

    /** Tracked products with no piece available (the stock summary subtracts them). */
    idsWithoutPieces(): Promise<number[]> {
      return repo.idsWithoutPieces();
    },
  };
  return service;
}
export type StockService = ReturnType<typeof createStockService>;
