import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TStaffRole } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function createAccountRepository(db: Db) {
  return {
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
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
      return db.select({ id: users.id, account: users.account, name: users.name, email: users.email, mobile: users.mobile }).from(users).where(inArray(users.id, ids));
    },
    /** Users whose account, e-mail or mobile is `text` (case-insensitive, whole value), at most `limit`. */
    async idsMatching(text: string, limit: number): Promise<number[]> {
      const lower = text.toLowerCase();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.account}) = ${lower} or lower(${users.email}) = ${lower} or ${users.mobile} = ${text}`)
        .limit(limit);
      return rows.map((r) => r.id);
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
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const lower = login.toLowerCase();
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.account}) = ${lower} or lower(${users.email}) = ${lower} or ${users.mobile} = ${login}`)
        .limit(1);
      return rows[0];
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      return rows[0];
    },
    async findByMobile(mobile: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
      return rows[0];
    },
    async update(id: number, patch: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ ...patch, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
      return row;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
