import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signinSources } from '../../db/schema/index.js';

/** Known sign-in sources of users (table signin_sources): only hashes of (user, source) are stored. */
export function createSigninSourcesRepository(db: Db) {
  return {
    /** True when the user signed in from this source (hash) at or after `since`. */
    async isKnown(userId: number, sourceHash: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ userId: signinSources.userId })
        .from(signinSources)
        .where(and(eq(signinSources.userId, userId), eq(signinSources.sourceHash, sourceHash), gte(signinSources.lastSuccessAt, since)))
        .limit(1);
      return rows.length > 0;
    },
    /** Records a success from this source at `at` (insert, or move last_success_at forward). */
    async markKnown(userId: number, sourceHash: string, at: Date): Promise<void> {
      await db
        .insert(signinSources)
        .values({ userId, sourceHash, lastSuccessAt: at })
        .onConflictDoUpdate({
          target: [signinSources.userId, signinSources.sourceHash],
          set: { lastSuccessAt: at },
          setWhere: lt(signinSources.lastSuccessAt, at),
        });
    },
    /** Housekeeping: sources with no success since `before`. */
    async forgetBefore(before: Date): Promise<number> {
      const rows = await db.delete(signinSources).where(lt(signinSources.lastSuccessAt, before)).returning({ userId: signinSources.userId });
      return rows.length;
    },
  };
}
export type SigninSourcesRepository = ReturnType<typeof createSigninSourcesRepository>;
