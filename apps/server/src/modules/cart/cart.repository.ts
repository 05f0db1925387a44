import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cartItems, carts } from '../../db/schema/index.js';

export interface CartLineRow {
  id: number;
  itemId: number;
  typeCode: string;
  quantity: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A transaction holding the buyer's cart lock. Only the cart and orders repositories use what is
 * inside; services pass it along untouched (PGlite runs one transaction at a time, so inside it
 * nothing may use the database except through this handle).
 */
export type CartTx = Db;

const lineColumns = {
  id: cartItems.id,
  itemId: cartItems.itemId,
  typeCode: cartItems.typeCode,
  quantity: cartItems.quantity,
  createdAt: cartItems.createdAt,
  updatedAt: cartItems.updatedAt,
};

/** Most recently added first (ties by id), the order of GET /api/cart/items. */
const lineOrder = [desc(cartItems.createdAt), desc(cartItems.id)];

export function createCartRepository(db: Db) {
  const linesOf = (exec: Db, userId: number, ids?: readonly number[]): Promise<CartLineRow[]> =>
    exec
      .select(lineColumns)
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), ids ? inArray(cartItems.id, [...ids]) : undefined))
      .orderBy(...lineOrder);

  return {
    lines(userId: number, ids?: readonly number[]): Promise<CartLineRow[]> {
      return linesOf(db, userId, ids);
    },

    async line(userId: number, id: number): Promise<CartLineRow | undefined> {
      const rows = await db
        .select(lineColumns)
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)))
        .limit(1);
      return rows[0];
    },

    /**
     * Runs `work` in a transaction that holds the buyer's cart row lock (created on first use):
     * cart writes and order placements of one buyer take turns; other buyers are not held up.
     */
    async withLock<T>(userId: number, work: (tx: CartTx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // One statement creates the row or, when it exists, updates it: either way this
        // transaction now holds its row lock until it ends (updated_at = last cart activity).
        await tx
          .insert(carts)
          .values({ userId })
          .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } });
        return work(tx);
      });
    },

    // ---- inside withLock ----

    linesIn(tx: CartTx, userId: number, ids?: readonly number[]): Promise<CartLineRow[]> {
      return linesOf(tx, userId, ids);
    },

    async findLine(tx: CartTx, userId: number, itemId: number, typeCode: string): Promise<CartLineRow | undefined> {
      const rows = await tx
        .select(lineColumns)
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, itemId), eq(cartItems.typeCode, typeCode)))
        .limit(1);
      return rows[0];
    },

    async countLines(tx: CartTx, userId: number): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      return row?.n ?? 0;
    },

    async insertLine(tx: CartTx, userId: number, itemId: number, typeCode: string, quantity: number): Promise<CartLineRow> {
      const [row] = await tx.insert(cartItems).values({ userId, itemId, typeCode, quantity }).returning(lineColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async setQuantity(tx: CartTx, userId: number, id: number, quantity: number): Promise<CartLineRow | undefined> {
      const [row] = await tx
        .update(cartItems)
        .set({ quantity, updatedAt: sql`now()` })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)))
        .returning(lineColumns);
      return row;
    },

    async deleteLines(tx: CartTx, userId: number, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])))
        .returning({ id: cartItems.id });
      return rows.length;
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
