import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';

export type OtpRow = typeof oneTimeCodes.$inferSelect;
export type OtpPurposeColumn = OtpRow['purpose'];

export function createOtpRepository(db: Db) {
  const key = (purpose: OtpPurposeColumn, target: string) => and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target));
  return {
    async find(purpose: OtpPurposeColumn, target: string): Promise<OtpRow | undefined> {
      const rows = await db.select().from(oneTimeCodes).where(key(purpose, target)).limit(1);
      return rows[0];
    },
    /**
     * Stores a new code for purpose and target, replacing the last one only when it was created at or
     * before `replaceBefore`. Atomic: of two instances racing, one wins. False when the last code is too recent.
     */
    async put(row: Omit<OtpRow, 'attempts' | 'consumedAt'>, replaceBefore: Date): Promise<boolean> {
      const stored = await db
        .insert(oneTimeCodes)
        .values({ ...row, attempts: 0, consumedAt: null })
        .onConflictDoUpdate({
          target: [oneTimeCodes.purpose, oneTimeCodes.target],
          set: { codeHash: row.codeHash, createdAt: row.createdAt, expiresAt: row.expiresAt, attempts: 0, consumedAt: null },
          setWhere: lte(oneTimeCodes.createdAt, replaceBefore),
        })
        .returning({ target: oneTimeCodes.target });
      return stored.length > 0;
    },
    /**
     * Counts one try on a live code (unused, unexpired, under `maxAttempts` tries) and returns its hash;
     * undefined when there is no such code. Counting first means a right code after the last allowed try is refused.
     */
    async countAttempt(purpose: OtpPurposeColumn, target: string, now: Date, maxAttempts: number): Promise<string | undefined> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(key(purpose, target), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, now), lt(oneTimeCodes.attempts, maxAttempts)))
        .returning({ codeHash: oneTimeCodes.codeHash });
      return rows[0]?.codeHash;
    },
    /** Marks the code used; false when another request used it first. */
    async consume(purpose: OtpPurposeColumn, target: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(key(purpose, target), eq(oneTimeCodes.codeHash, codeHash), isNull(oneTimeCodes.consumedAt)))
        .returning({ target: oneTimeCodes.target });
      return rows.length > 0;
    },
    async delete(purpose: OtpPurposeColumn, target: string, codeHash: string): Promise<void> {
      await db.delete(oneTimeCodes).where(and(key(purpose, target), eq(oneTimeCodes.codeHash, codeHash)));
    },
    /** Housekeeping: codes that expired before `before`. */
    async deleteExpired(before: Date): Promise<number> {
      const rows = await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before)).returning({ target: oneTimeCodes.target });
      return rows.length;
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
