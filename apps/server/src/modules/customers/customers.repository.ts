import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerNotes } from '../../db/schema/index.js';

export type CustomerNoteRow = typeof customerNotes.$inferSelect;

/** Staff notes about buyers (table customer_notes), and the transaction a customers change runs in. */
export function createCustomersRepository(db: Db) {
  return {
    /** Runs `work` in one transaction (the account change, its note and its audit entry commit together). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },
    async insertNote(tx: Db, row: { userId: number; authorId: number | null; authorName: string; body: string }): Promise<CustomerNoteRow> {
      const [created] = await tx.insert(customerNotes).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },
    /** A buyer's notes, newest first. */
    notesOf(userId: number, limit = 200): Promise<CustomerNoteRow[]> {
      return db.select().from(customerNotes).where(eq(customerNotes.userId, userId)).orderBy(desc(customerNotes.id)).limit(limit);
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
