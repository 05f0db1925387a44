import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** Default first, then the most recently changed. */
const listOrder = [desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id)];

export function createAddressesRepository(db: Db) {
  const mine = (userId: number, id: number) => and(eq(addresses.userId, userId), eq(addresses.id, id));
  return {
    list(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(...listOrder);
    },

    async get(userId: number, id: number): Promise<AddressRow | undefined> {
      const rows = await db.select().from(addresses).where(mine(userId, id)).limit(1);
      return rows[0];
    },

    /**
     * Runs `work` in a transaction holding a per-buyer advisory lock, so the default rules (one
     * default; the first address is the default) hold under concurrent requests.
     */
    async withUserLock<T>(userId: number, work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);
        return work(tx);
      });
    },

    async count(tx: Db, userId: number): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },

    async getIn(tx: Db, userId: number, id: number): Promise<AddressRow | undefined> {
      const rows = await tx.select().from(addresses).where(mine(userId, id)).limit(1);
      return rows[0];
    },

    async clearDefault(tx: Db, userId: number, exceptId?: number): Promise<void> {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), exceptId === undefined ? undefined : ne(addresses.id, exceptId)));
    },

    async insert(tx: Db, userId: number, fields: AddressFields, isDefault: boolean): Promise<AddressRow> {
      const [row] = await tx
        .insert(addresses)
        .values({ ...fields, userId, isDefault })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(tx: Db, userId: number, id: number, fields: Partial<AddressFields> & { isDefault?: boolean }): Promise<AddressRow | undefined> {
      const [row] = await tx
        .update(addresses)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(mine(userId, id))
        .returning();
      return row;
    },

    async delete(tx: Db, userId: number, id: number): Promise<AddressRow | undefined> {
      const [row] = await tx.delete(addresses).where(mine(userId, id)).returning();
      return row;
    },

    /** Makes the most recently changed address the default; none when the buyer has none left. */
    async promoteNewest(tx: Db, userId: number): Promise<void> {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.updatedAt), desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
