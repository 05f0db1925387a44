import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites } from '../../db/schema/index.js';

export function createFavoritesRepository(db: Db) {
  return {
    /** Idempotent: adding twice keeps the first time. Throws the driver's FK error for an unknown item. */
    async add(userId: number, itemId: number): Promise<void> {
      await db.insert(favorites).values({ userId, itemId }).onConflictDoNothing();
    },
    async remove(userId: number, itemId: number): Promise<void> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)));
    },
    /** Which of these items the user has favourited: one query for a whole page. */
    async idsAmong(userId: number, itemIds: number[]): Promise<number[]> {
      if (itemIds.length === 0) return [];
      const rows = await db
        .select({ itemId: favorites.itemId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), inArray(favorites.itemId, itemIds)));
      return rows.map((r) => r.itemId);
    },
    /** Item ids, most recently favourited first. */
    async page(userId: number, limit: number, offset: number): Promise<number[]> {
      const rows = await db
        .select({ itemId: favorites.itemId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt), desc(favorites.itemId))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.itemId);
    },
    /** How many buyers favourited each product, the `limit` most favourited (search ties, docs/catalog.md, Search). */
    async countsByItem(limit: number): Promise<Map<number, number>> {
      const n = count();
      const rows = await db.select({ itemId: favorites.itemId, n }).from(favorites).groupBy(favorites.itemId).orderBy(desc(n)).limit(limit);
      return new Map(rows.map((r) => [r.itemId, r.n]));
    },
    async count(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
      return row?.n ?? 0;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
