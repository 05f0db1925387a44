import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { quoteLines, quotes } from '../../db/schema/index.js';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type NewQuoteLine = Omit<typeof quoteLines.$inferInsert, 'id' | 'quoteId'>;
export type QuoteFilter = 'open' | 'requested' | 'sent' | 'accepted' | 'withdrawn' | 'expired';

/** Sent and still valid / sent and past its day: expiry is read from valid_until, never stored. */
const valid = (now: Date): SQL => or(isNull(quotes.validUntil), gte(quotes.validUntil, now))!;

function where(filter: QuoteFilter, now: Date): SQL {
  switch (filter) {
    case 'open':
      return or(eq(quotes.status, 'requested'), and(eq(quotes.status, 'sent'), valid(now)))!;
    case 'sent':
      return and(eq(quotes.status, 'sent'), valid(now))!;
    case 'expired':
      return and(eq(quotes.status, 'sent'), lt(quotes.validUntil, now))!;
    default:
      return eq(quotes.status, filter);
  }
}

/** Quotes and their lines (tables quotes, quote_lines): the only place that reads or writes them. */
export function createQuotesRepository(db: Db) {
  return {
    /** A new request and its lines, in one transaction. */
    async insert(
      row: Pick<typeof quotes.$inferInsert, 'userId' | 'currency' | 'message'>,
      lines: readonly NewQuoteLine[],
      also: (tx: Db, quote: QuoteRow) => Promise<void>,
    ): Promise<QuoteRow> {
      return db.transaction(async (tx) => {
        const [quote] = await tx.insert(quotes).values(row).returning();
        if (!quote) throw new Error('insert returned no row');
        if (lines.length > 0) await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: quote.id })));
        await also(tx, quote);
        return quote;
      });
    },

    async get(id: number, exec?: Db): Promise<QuoteRow | undefined> {
      return (await (exec ?? db).select().from(quotes).where(eq(quotes.id, id)).limit(1))[0];
    },

    async lines(quoteId: number, exec?: Db): Promise<QuoteLineRow[]> {
      return (exec ?? db).select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position));
    },

    async linesOf(quoteIds: readonly number[]): Promise<QuoteLineRow[]> {
      if (quoteIds.length === 0) return [];
      return db
        .select()
        .from(quoteLines)
        .where(inArray(quoteLines.quoteId, [...quoteIds]))
        .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
    },

    /** Runs `work` with the quote row locked (undefined when there is none). */
    async withLock<T>(id: number, work: (tx: Db, row: QuoteRow | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
        return work(tx, row);
      });
    },

    /** Replaces the lines and sets the quote's fields, in the caller's transaction. */
    async update(
      tx: Db,
      id: number,
      patch: Partial<Pick<QuoteRow, 'status' | 'note' | 'freightMinor' | 'validUntil' | 'withdrawReason' | 'orderId' | 'sentAt'>>,
      lines?: readonly NewQuoteLine[],
    ): Promise<void> {
      await tx
        .update(quotes)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(quotes.id, id));
      if (lines) {
        await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
        if (lines.length > 0) await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: id })));
      }
    },

    /** A buyer's quotes, newest first. */
    async ofBuyer(userId: number, limit: number, offset: number): Promise<{ rows: QuoteRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db.select().from(quotes).where(eq(quotes.userId, userId)).orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(quotes).where(eq(quotes.userId, userId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The staff queue: open quotes oldest first (first come, first served); the others newest first. */
    async page(filter: QuoteFilter, now: Date, limit: number, offset: number): Promise<{ rows: QuoteRow[]; total: number }> {
      const order = filter === 'open' || filter === 'requested' ? [asc(quotes.createdAt), asc(quotes.id)] : [desc(quotes.updatedAt), desc(quotes.id)];
      const cond = where(filter, now);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(quotes)
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(quotes).where(cond),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Requests waiting for staff (the dashboard's "open quotes and requests"). */
    async countRequested(): Promise<number> {
      return (await db.select({ n: count() }).from(quotes).where(eq(quotes.status, 'requested')))[0]?.n ?? 0;
    },
  };
}
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
