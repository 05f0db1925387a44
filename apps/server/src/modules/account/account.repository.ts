import { eq, inArray, sql } from 'drizzle-orm';
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
    /** Whether each of these users exists and is staff: what a session needs to know (one query). */
    async sessionFacts(ids: number[]): Promise<{ id: number; admin: boolean }[]> {
      if (!ids.length) return [];
      return db.select({ id: users.id, admin: users.admin }).from(users).where(inArray(users.id, ids));
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
