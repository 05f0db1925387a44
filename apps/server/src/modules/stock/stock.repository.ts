import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { itemStock } from '../../db/schema/index.js';

/** A transaction handle from any module's repository (the same idea as CartTx). */
export type StockTx = Db;

export interface StockLineRow {
  itemId: number;
  typeCode: string;
  onHand: number;
  reserved: number;
}

const columns = { itemId: itemStock.itemId, typeCode: itemStock.typeCode, onHand: itemStock.onHand, reserved: itemStock.reserved };

/** Rows per multi-row upsert (PostgreSQL allows 65,535 parameters; 3 per row). */
const UPSERT_CHUNK = 5000;

/** The only code that touches `item_stock` (docs/catalog.md, Stock). */
export function createStockRepository(db: Db) {
  return {
    async lines(itemIds: readonly number[], tx?: StockTx): Promise<StockLineRow[]> {
      if (itemIds.length === 0) return [];
      return (tx ?? db)
        .select(columns)
        .from(itemStock)
        .where(inArray(itemStock.itemId, [...new Set(itemIds)]))
        .orderBy(asc(itemStock.itemId), asc(itemStock.typeCode));
    },

    /** Sets on hand (insert or update); reserved is never touched here. */
    async upsertOnHand(rows: readonly { itemId: number; typeCode: string; onHand: number }[], tx?: StockTx): Promise<void> {
      const exec = tx ?? db;
      for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
        const chunk = rows.slice(i, i + UPSERT_CHUNK);
        await exec
          .insert(itemStock)
          .values(chunk.map((r) => ({ itemId: r.itemId, typeCode: r.typeCode, onHand: r.onHand })))
          .onConflictDoUpdate({ target: [itemStock.itemId, itemStock.typeCode], set: { onHand: sql`excluded.on_hand`, updatedAt: sql`now()` } });
      }
    },

    /**
     * Reserves `quantity` pieces when that many are available (or always, `beyond`: pre-order).
     * One conditional UPDATE: under concurrent placements PostgreSQL re-checks the condition on
     * the row as committed by the one before, so two buyers can never take the same pieces.
     * Undefined when the line has no row or too few pieces (nothing changed).
     */
    async reserve(tx: StockTx, itemId: number, typeCode: string, quantity: number, beyond: boolean): Promise<StockLineRow | undefined> {
      const [row] = await tx
        .update(itemStock)
        .set({ reserved: sql`${itemStock.reserved} + ${quantity}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(itemStock.itemId, itemId),
            eq(itemStock.typeCode, typeCode),
            beyond ? undefined : sql`${itemStock.onHand} - ${itemStock.reserved} >= ${quantity}`,
          ),
        )
        .returning(columns);
      return row;
    },

    /** A pre-order of a type that has no row yet: the row is created with nothing on hand. */
    async reserveNew(tx: StockTx, itemId: number, typeCode: string, quantity: number): Promise<void> {
      await tx
        .insert(itemStock)
        .values({ itemId, typeCode, onHand: 0, reserved: quantity })
        .onConflictDoUpdate({
          target: [itemStock.itemId, itemStock.typeCode],
          set: { reserved: sql`${itemStock.reserved} + ${quantity}`, updatedAt: sql`now()` },
        });
    },

    /** Gives back reserved pieces (never below zero). */
    async release(tx: StockTx, itemId: number, typeCode: string, quantity: number): Promise<void> {
      await tx
        .update(itemStock)
        .set({ reserved: sql`greatest(${itemStock.reserved} - ${quantity}, 0)`, updatedAt: sql`now()` })
        .where(and(eq(itemStock.itemId, itemId), eq(itemStock.typeCode, typeCode)));
    },

    /** Goods left: `shipped` pieces off the shelf, `reserved` pieces off the reservation (never below zero). */
    async consume(tx: StockTx, itemId: number, typeCode: string, reserved: number, shipped: number): Promise<void> {
      await tx
        .update(itemStock)
        .set({
          onHand: sql`greatest(${itemStock.onHand} - ${shipped}, 0)`,
          reserved: sql`greatest(${itemStock.reserved} - ${reserved}, 0)`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(itemStock.itemId, itemId), eq(itemStock.typeCode, typeCode)));
    },

    /**
     * Returned pieces back on the shelf (orders: goods the warehouse received back). Only a line
     * that exists gains them: an untracked product stays untracked. Answers whether the line exists.
     */
    async addOnHand(tx: StockTx, itemId: number, typeCode: string, quantity: number): Promise<boolean> {
      const rows = await tx
        .update(itemStock)
        .set({ onHand: sql`${itemStock.onHand} + ${quantity}`, updatedAt: sql`now()` })
        .where(and(eq(itemStock.itemId, itemId), eq(itemStock.typeCode, typeCode)))
        .returning({ itemId: itemStock.itemId });
      return rows.length > 0;
    },

    /** Tracked products with no piece available (out of stock or pre-order only). */
    async idsWithoutPieces(): Promise<number[]> {
      const rows = await db
        .select({ itemId: itemStock.itemId })
        .from(itemStock)
        .groupBy(itemStock.itemId)
        .having(sql`sum(greatest(${itemStock.onHand} - ${itemStock.reserved}, 0)) = 0`);
      return rows.map((r) => r.itemId);
    },

    /** Runs `work` in one transaction (a staff adjustment with its audit entry). */
    transaction<T>(work: (tx: StockTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as StockTx));
    },

    /** The lines of one product, locked until the transaction ends. */
    async linesForUpdate(tx: StockTx, itemId: number): Promise<StockLineRow[]> {
      return tx.select(columns).from(itemStock).where(eq(itemStock.itemId, itemId)).orderBy(asc(itemStock.typeCode)).for('update');
    },

    /** Item ids that have stock rows (tracked products) among the given ones. */
    async tracked(itemIds: readonly number[], tx?: StockTx): Promise<Set<number>> {
      if (itemIds.length === 0) return new Set();
      const rows = await (tx ?? db)
        .selectDistinct({ itemId: itemStock.itemId })
        .from(itemStock)
        .where(inArray(itemStock.itemId, [...new Set(itemIds)]));
      return new Set(rows.map((r) => r.itemId));
    },
  };
}
export type StockRepository = ReturnType<typeof createStockRepository>;
