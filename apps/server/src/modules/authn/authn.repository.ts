import { and, eq, inArray, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';

export interface TokenRow {
  userId: number | null;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

export function createAuthnRepository(db: Db) {
  return {
    async insertToken(tokenHash: string, userId: number | null): Promise<void> {
      await db.insert(authTokens).values({ tokenHash, userId });
    },
    async findToken(tokenHash: string): Promise<TokenRow | undefined> {
      const rows = await db
        .select({
          userId: authTokens.userId,
          lastUsedAt: authTokens.lastUsedAt,
          revokedAt: authTokens.revokedAt,
        })
        .from(authTokens)
        .where(eq(authTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },
    /** The tokens among these that are not revoked, with their users (null: anonymous). */
    async findLiveTokens(tokenHashes: string[]): Promise<{ tokenHash: string; userId: number | null; lastUsedAt: Date }[]> {
      return db
        .select({ tokenHash: authTokens.tokenHash, userId: authTokens.userId, lastUsedAt: authTokens.lastUsedAt })
        .from(authTokens)
        .where(and(inArray(authTokens.tokenHash, tokenHashes), isNull(authTokens.revokedAt)));
    },
    async touchToken(tokenHash: string): Promise<void> {
      await db
        .update(authTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(authTokens.tokenHash, tokenHash));
    },
    async revokeToken(tokenHash: string): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
    },
    /** `runner`: the caller's transaction when the revocation belongs to a larger change (an account disabled). */
    async revokeAllForUser(userId: number, keepTokenHash?: string, runner: Db = db): Promise<void> {
      await runner
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), keepTokenHash === undefined ? undefined : ne(authTokens.tokenHash, keepTokenHash)),
        );
    },
    /** The newest token each of these users was given (a sign-in), per user; users without a stored token are left out. */
    async newestTokenTimes(userIds: number[]): Promise<{ userId: number; at: Date }[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ userId: authTokens.userId, at: max(authTokens.createdAt) })
        .from(authTokens)
        .where(inArray(authTokens.userId, userIds))
        .groupBy(authTokens.userId);
      return rows.flatMap((r) => (r.userId !== null && r.at ? [{ userId: r.userId, at: r.at }] : []));
    },
    /** Deletes tokens unused since `before` (housekeeping). */
    async deleteUnusedSince(before: Date): Promise<number> {
      const rows = await db.delete(authTokens).where(lt(authTokens.lastUsedAt, before)).returning({ h: authTokens.tokenHash });
      return rows.length;
    },
  };
}
export type AuthnRepository = ReturnType<typeof createAuthnRepository>;
