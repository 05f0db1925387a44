import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerGroupMembers, customerGroupPrices, customerGroups } from '../../db/schema/index.js';

export type GroupRow = typeof customerGroups.$inferSelect;
export type GroupValues = Pick<GroupRow, 'code' | 'nameZh' | 'nameEn' | 'discountPercent' | 'position' | 'isDefault'>;

/** Customer groups, their own prices and their members (tables of db/schema/pricing.ts). */
export function createPricingRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },

    /** Every group with how many buyers and own prices it has, by position then id. */
    async groups(): Promise<(GroupRow & { memberCount: number; priceCount: number })[]> {
      const rows = await db
        .select({
          group: customerGroups,
          memberCount: sql<number>`(select count(*)::int from ${customerGroupMembers} m where m.group_id = ${customerGroups.id})`,
          priceCount: sql<number>`(select count(*)::int from ${customerGroupPrices} p where p.group_id = ${customerGroups.id})`,
        })
        .from(customerGroups)
        .orderBy(asc(customerGroups.position), asc(customerGroups.id));
      return rows.map((r) => ({ ...r.group, memberCount: Number(r.memberCount), priceCount: Number(r.priceCount) }));
    },

    async group(id: number, tx: Db = db): Promise<GroupRow | undefined> {
      const [row] = await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update');
      return row;
    },

    async byCode(tx: Db, code: string): Promise<GroupRow | undefined> {
      const [row] = await tx.select().from(customerGroups).where(eq(customerGroups.code, code));
      return row;
    },

    async insert(tx: Db, values: GroupValues): Promise<GroupRow> {
      const [row] = await tx.insert(customerGroups).values(values).returning();
      return row!;
    },

    async update(tx: Db, id: number, values: GroupValues): Promise<GroupRow | undefined> {
      const [row] = await tx.update(customerGroups).set(values).where(eq(customerGroups.id, id)).returning();
      return row;
    },

    /** Makes `id` the only default group. */
    async clearOtherDefaults(tx: Db, id: number): Promise<void> {
      await tx
        .update(customerGroups)
        .set({ isDefault: false })
        .where(and(eq(customerGroups.isDefault, true), sql`${customerGroups.id} <> ${id}`));
    },

    async remove(tx: Db, id: number): Promise<void> {
      await tx.delete(customerGroups).where(eq(customerGroups.id, id));
    },

    async memberCount(tx: Db, groupId: number): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(customerGroupMembers).where(eq(customerGroupMembers.groupId, groupId));
      return Number(row?.n ?? 0);
    },

    /** A group's own prices, by product id. */
    async prices(groupId: number): Promise<{ itemId: number; priceFen: number }[]> {
      return db
        .select({ itemId: customerGroupPrices.itemId, priceFen: customerGroupPrices.priceFen })
        .from(customerGroupPrices)
        .where(eq(customerGroupPrices.groupId, groupId))
        .orderBy(asc(customerGroupPrices.itemId));
    },

    async pricesIn(groupId: number, itemIds: readonly number[], tx: Db = db): Promise<Map<number, number>> {
      if (itemIds.length === 0) return new Map();
      const rows = await tx
        .select({ itemId: customerGroupPrices.itemId, priceFen: customerGroupPrices.priceFen })
        .from(customerGroupPrices)
        .where(and(eq(customerGroupPrices.groupId, groupId), inArray(customerGroupPrices.itemId, [...itemIds])));
      return new Map(rows.map((r) => [r.itemId, r.priceFen]));
    },

    async setPrices(tx: Db, groupId: number, rows: readonly { itemId: number; priceFen: number }[]): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(customerGroupPrices)
        .values(rows.map((r) => ({ groupId, itemId: r.itemId, priceFen: r.priceFen })))
        .onConflictDoUpdate({ target: [customerGroupPrices.groupId, customerGroupPrices.itemId], set: { priceFen: sql`excluded.price_fen` } });
    },

    async removePrices(tx: Db, groupId: number, itemIds: readonly number[]): Promise<void> {
      if (itemIds.length === 0) return;
      await tx.delete(customerGroupPrices).where(and(eq(customerGroupPrices.groupId, groupId), inArray(customerGroupPrices.itemId, [...itemIds])));
    },

    /** The group staff put a buyer in, or undefined. */
    async memberGroup(userId: number, tx: Db = db): Promise<number | undefined> {
      const [row] = await tx.select({ groupId: customerGroupMembers.groupId }).from(customerGroupMembers).where(eq(customerGroupMembers.userId, userId));
      return row?.groupId;
    },

    async setMember(tx: Db, userId: number, groupId: number | null): Promise<void> {
      if (groupId === null) {
        await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.userId, userId));
        return;
      }
      await tx
        .insert(customerGroupMembers)
        .values({ userId, groupId })
        .onConflictDoUpdate({ target: customerGroupMembers.userId, set: { groupId, updatedAt: sql`now()` } });
    },

    /**
     * A buyer's group and that group's own prices among `itemIds`, in one query (the list and
     * detail answers of a signed-in buyer): no row when staff put the buyer in no group.
     */
    async buyerPrices(userId: number, itemIds: readonly number[]): Promise<{ groupId: number; prices: Map<number, number> } | undefined> {
      const result = await db.execute<{ group_id: number; item_id: string | number | null; price_fen: number | null }>(sql`
        select m.group_id, p.item_id, p.price_fen
        from ${customerGroupMembers} m
        left join ${customerGroupPrices} p on p.group_id = m.group_id and p.item_id = any(${sql.param([...itemIds])}::bigint[])
        where m.user_id = ${userId}`);
      const rows = (result as { rows: { group_id: number; item_id: string | number | null; price_fen: number | null }[] }).rows;
      if (rows.length === 0) return undefined;
      const prices = new Map<number, number>();
      for (const r of rows) if (r.item_id !== null && r.price_fen !== null) prices.set(Number(r.item_id), Number(r.price_fen));
      return { groupId: Number(rows[0]!.group_id), prices };
    },
  };
}
export type PricingRepository = ReturnType<typeof createPricingRepository>;
