import { asc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderNotes } from '../../db/schema/index.js';

export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type NewOrderNoteRow = Omit<typeof orderNotes.$inferInsert, 'id' | 'createdAt'>;

/** Staff notes and messages to the buyer on an order (table order_notes), oldest first. */
export function createOrderNotesRepository(db: Db) {
  return {
    async insert(tx: Db, row: NewOrderNoteRow): Promise<OrderNoteRow> {
      const [created] = await tx.insert(orderNotes).values(row).returning();
      return created!;
    },
    /** Every note and message of an order (staff). */
    all(orderId: number): Promise<OrderNoteRow[]> {
      return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id));
    },
    /** The messages to the buyer only (the buyer's order page). */
    messages(orderId: number): Promise<OrderNoteRow[]> {
      return db
        .select()
        .from(orderNotes)
        .where(and(eq(orderNotes.orderId, orderId), eq(orderNotes.kind, 'message')))
        .orderBy(asc(orderNotes.id));
    },
  };
}
export type OrderNotesRepository = ReturnType<typeof createOrderNotesRepository>;
