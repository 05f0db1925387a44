import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TStaffRole } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Every pattern (lib/contains.ts) occurs in the user's search text (index users_search_idx). */
const containsAll = (patterns: string[]) => and(...patterns.map((p) => sql`${users.searchText} like ${p}`));

export function createAccountRepository(db: Db) {
  return {
    /** `runner`: the caller's transaction when the user belongs to a larger change (a staff member invited). */
    async insert(row: NewUserRow, runner: Db = db): Promise<UserRow> {
      const [created] = await runner.insert(users).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },
    /** Which of these users exist and are not disabled, with their staff role: what a session needs to know (one query). */
    async sessionFacts(ids: number[]): Promise<{ id: number; role: TStaffRole | null }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
    },
    /** Account, name and contacts of these users (the staff app's buyer column). */
    async briefs(ids: number[]): Promise<Pick<UserRow, 'id' | 'account' | 'name' | 'email' | 'mobile'>[]> {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, account: users.account, name: users.name, email: users.email, mobile: users.mobile })
        .from(users)
        .where(inArray(users.id, ids));
    },
    /**
     * Users whose account, name, nickname, e-mail or mobile contain every pattern (staff search,
     * docs/orders.md), newest first, at most `limit`.
     */
    async idsContaining(patterns: string[], limit: number): Promise<number[]> {
      if (!patterns.length) return [];
      const rows = await db.select({ id: users.id }).from(users).where(containsAll(patterns)).orderBy(desc(users.id)).limit(limit);
      return rows.map((r) => r.id);
    },
    /**
     * Buyers (no staff role), newest first: those whose account, name, nickname, e-mail or mobile
     * contain every pattern (lib/contains.ts), or whose id is among `alsoIds`; a page of them and
     * how many match.
     */
    /** A page of buyers, newest first, and how many match (`counted: false`: not counted, total -1). */
    async buyerPage(q: {
      patterns?: string[] | undefined;
      alsoIds?: number[] | undefined;
      limit: number;
      offset: number;
      counted?: boolean;
    }): Promise<{ rows: UserRow[]; total: number }> {
      let match: SQL | undefined;
      if (q.patterns?.length) match = or(containsAll(q.patterns), q.alsoIds?.length ? inArray(users.id, q.alsoIds) : undefined);
      const where = and(isNull(users.role), match);
      const [rows, totals] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(q.limit).offset(q.offset),
        q.counted === false ? [{ n: -1 }] : db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
    /**
     * Disables (keeping the first time) or enables a buyer inside the caller's transaction; the row
     * before and after (undefined: no such buyer).
     */
    async setBuyerDisabled(tx: Db, id: number, disabled: boolean): Promise<{ before: UserRow; after: UserRow } | undefined> {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.role)))
        .for('update');
      if (!before) return undefined;
      const disabledAt = disabled ? sql`coalesce(${users.disabledAt}, now())` : null;
      const [after] = await tx
        .update(users)
        .set({ disabledAt, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return after ? { before, after } : undefined;
    },
    /** Every staff member (a role, disabled or not), oldest first. */
    staffRows(): Promise<UserRow[]> {
      return db.select().from(users).where(isNotNull(users.role)).orderBy(asc(users.id));
    },
    /** The ids of the owners who are not disabled, their rows locked until the caller's transaction ends (two owners demoting each other wait in turn). */
    async lockActiveOwners(tx: Db): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'owner'), isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },
    /**
     * Changes a staff member inside the caller's transaction: role, disabled (keeping the first
     * time) or enabled, password cleared. The row before and after; undefined: no such staff member.
     */
    async changeStaff(
      tx: Db,
      id: number,
      patch: { role?: TStaffRole | undefined; disabled?: boolean | undefined; clearPassword?: boolean | undefined },
    ): Promise<{ before: UserRow; after: UserRow } | undefined> {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNotNull(users.role)))
        .for('update');
      if (!before) return undefined;
      const set: PgUpdateSetSource<typeof users> = { updatedAt: sql`now()` };
      if (patch.role !== undefined) set.role = patch.role;
      if (patch.disabled !== undefined) set.disabledAt = patch.disabled ? sql`coalesce(${users.disabledAt}, now())` : null;
      if (patch.clearPassword) set.passwordHash = null;
      const [after] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
      return after ? { before, after } : undefined;
    },
    async setRole(id: number, role: TStaffRole | null): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row;
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    /** By account name, e-mail or mobile, case-insensitively for names and e-mail. */
    async findByLogin(login: string, runner: Db = db): Promise<UserRow | undefined> {
      const lower = login.toLowerCase();
      const rows = await runner
        .select()
        .from(users)
        .where(sql`lower(${users.account}) = ${lower} or lower(${users.email}) = ${lower} or ${users.mobile} = ${login}`)
        .limit(1);
      return rows[0];
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows[0];
    },
    async findByMobile(mobile: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
      return rows[0];
    },
    async update(id: number, patch: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
