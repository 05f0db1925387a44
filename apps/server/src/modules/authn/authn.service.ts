import { SESSION_IDLE_DAYS } from '@cubeshop/shared';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthnRepository } from './authn.repository.js';

/** Who is calling, resolved from the bearer token. */
export interface Session {
  tokenHash: string;
  /** null for an anonymous visitor. */
  userId: number | null;
  admin: boolean;
}

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 3600_000;
/** last_used_at is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60_000;

export function createAuthnService(repo: AuthnRepository, now: () => Date = () => new Date()) {
  return {
    /** A token for a first-time visitor who has not signed in. */
    async issueAnonymousToken(): Promise<string> {
      const token = newToken();
      await repo.insertToken(hashToken(token), null);
      return token;
    },
    /** A token for a signed-in user. */
    async issueUserToken(userId: number): Promise<string> {
      const token = newToken();
      await repo.insertToken(hashToken(token), userId);
      return token;
    },
    /** The session behind a token, or null when it is unknown, revoked or unused for 30 days. */
    async resolve(token: string): Promise<Session | null> {
      if (token.length < 16 || token.length > 256) return null;
      const tokenHash = hashToken(token);
      const row = await repo.findToken(tokenHash);
      if (!row || row.revokedAt) return null;
      const idle = now().getTime() - row.lastUsedAt.getTime();
      if (idle > IDLE_MS) return null;
      if (row.userId !== null && row.account === null) return null;
      if (idle > TOUCH_EVERY_MS) await repo.touchToken(tokenHash);
      return { tokenHash, userId: row.userId, admin: row.admin ?? false };
    },
    async revoke(tokenHash: string): Promise<void> {
      await repo.revokeToken(tokenHash);
    },
    /** Ends every session of a user, except the one with `keepTokenHash` (the caller's own). */
    async revokeAllForUser(userId: number, keepTokenHash?: string): Promise<void> {
      await repo.revokeAllForUser(userId, keepTokenHash);
    },
  };
}
export type AuthnService = ReturnType<typeof createAuthnService>;
