import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordLinks } from '../../db/schema/index.js';

export type PasswordLinkRow = typeof passwordLinks.$inferSelect;

/** Password links (table password_links): only the SHA-256 of each token is stored. */
export function createPasswordLinksRepository(db: Db) {
  return {
    /** A new link of the user; its other unused links stop working (the newest mail is the one that counts). */
    async replace(row: { tokenHash: string; userId: number; purpose: 'invite' | 'reset'; expiresAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passwordLinks).where(and(eq(passwordLinks.userId, row.userId), isNull(passwordLinks.usedAt)));
        await tx.insert(passwordLinks).values(row);
      });
    },
    /** The link behind a token while it works (not used, not expired at `now`). */
    async findUsable(tokenHash: string, now: Date): Promise<PasswordLinkRow | undefined> {
      const rows = await db
        .select()
        .from(passwordLinks)
        .where(and(eq(passwordLinks.tokenHash, tokenHash), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now)))
        .limit(1);
      return rows[0];
    },
    /** Uses the link once (one statement, so two tabs racing take it once); the row, or undefined when it no longer works. */
    async take(tokenHash: string, now: Date): Promise<PasswordLinkRow | undefined> {
      const [row] = await db
        .update(passwordLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordLinks.tokenHash, tokenHash), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now)))
        .returning();
      return row;
    },
    /** Drops the user's unused links inside the caller's transaction (the account was disabled). */
    async dropUnusedIn(tx: Db, userId: number): Promise<void> {
      await tx.delete(passwordLinks).where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt)));
    },
  };
}
export type PasswordLinksRepository = ReturnType<typeof createPasswordLinksRepository>;
