import { SESSION_IDLE_DAYS, type TStaffRole } from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Session } from '../../lib/session.js';
import type { AuthnRepository } from './authn.repository.js';

export type { Session };

/** What sessions need from the users' owner (the account module): who exists, who is staff. */
export interface SessionUsers {
  sessionFacts(ids: number[]): Promise<Map<number, { role: TStaffRole | null }>>;
}

export interface AuthnDeps {
  /** The account module's answer to "does this user exist, is it staff" (authn reads no users table). */
  users: SessionUsers;
  now?: () => Date;
  /**
   * Where ended sessions are announced, so every instance closes their open sockets at once and
   * forgets the sessions it had read (as a role change is: 'users.changed').
   */
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** How long a read session is trusted without asking the database again (ms; 0: always ask). */
  sessionTtlMs?: number | undefined;
}

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 3600_000;
/** last_used_at is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60_000;
/**
 * A session read from the database is trusted this long by this instance: every request carries
 * a token, and reading it is two queries (the token, then who its user is). A sign-out, a password
 * change, a disabled account or a role change drops it at once on every instance (the events
 * above); the time only bounds an announcement that was lost or a write by another tool.
 */
const SESSION_TTL_MS = 3_000;

interface ReadSession {
  userId: number | null;
  role: TStaffRole | null;
  /** When the token was last used, as stored (epoch ms). */
  lastUsed: number;
}

export function createAuthnService(repo: AuthnRepository, { users, now = () => new Date(), events, sessionTtlMs = SESSION_TTL_MS }: AuthnDeps) {
  const read = sessionTtlMs > 0 ? new LRUCache<string, ReadSession>({ max: 20_000, ttl: sessionTtlMs }) : undefined;
  const forgetUser = (userId: number) => {
    if (!read) return;
    for (const [hash, session] of read.entries()) if (session.userId === userId) read.delete(hash);
  };
  events?.on('sessions.revoked', (p) => ('tokenHashes' in p ? p.tokenHashes.forEach((h) => read?.delete(h)) : forgetUser(p.userId)));
  events?.on('users.changed', (p) => forgetUser(p.userId));

  /** The token's user and role, from this instance's memory or the database; null: no session. */
  async function readSession(tokenHash: string): Promise<ReadSession | null> {
    const kept = read?.get(tokenHash);
    if (kept) return kept;
    const row = await repo.findToken(tokenHash);
    if (!row || row.revokedAt) return null;
    let role: TStaffRole | null = null;
    if (row.userId !== null) {
      const facts = (await users.sessionFacts([row.userId])).get(row.userId);
      if (!facts) return null;
      role = facts.role;
    }
    const session = { userId: row.userId, role, lastUsed: row.lastUsedAt.getTime() };
    read?.set(tokenHash, session);
    return session;
  }

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
      const session = await readSession(tokenHash);
      if (!session) return null;
      const at = now().getTime();
      if (at - session.lastUsed > IDLE_MS) return null;
      if (at - session.lastUsed > TOUCH_EVERY_MS) {
        await repo.touchToken(tokenHash);
        session.lastUsed = at;
      }
      const { userId, role } = session;
      return { tokenHash, userId, staff: role !== null, role, expiresAt: session.lastUsed + IDLE_MS };
    },
    /**
     * Which of these stored tokens still open a session, with the time each one ends (epoch ms).
     * Open sockets are checked with it (a missed revocation, a token that expired meanwhile).
     */
    async stillValid(tokenHashes: string[]): Promise<Map<string, number>> {
      const valid = new Map<string, number>();
      if (!tokenHashes.length) return valid;
      const at = now().getTime();
      const rows = await repo.findLiveTokens(tokenHashes);
      const existing = await users.sessionFacts(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
      for (const row of rows) {
        if (row.userId !== null && !existing.has(row.userId)) continue;
        const expiresAt = row.lastUsedAt.getTime() + IDLE_MS;
        if (expiresAt > at) valid.set(row.tokenHash, expiresAt);
      }
      return valid;
    },
    async revoke(tokenHash: string): Promise<void> {
      await repo.revokeToken(tokenHash);
      read?.delete(tokenHash);
      events?.publish('sessions.revoked', { tokenHashes: [tokenHash] });
    },
    /**
     * Ends every session of a user inside the caller's transaction (staff disabled the account).
     * Call the returned function once the transaction committed: it tells every instance, whose
     * open sockets of the user close at once.
     */
    async revokeAllForUserIn(tx: Db, userId: number): Promise<() => void> {
      await repo.revokeAllForUser(userId, undefined, tx);
      return () => events?.publish('sessions.revoked', { userId });
    },
    /**
     * When each of these users last signed in, as the stored tokens tell: the newest token's time
     * per user (sign-in, sign-up, a password set); users without one are left out.
     */
    async lastSignins(userIds: number[]): Promise<Map<number, Date>> {
      return new Map((await repo.newestTokenTimes([...new Set(userIds)])).map((r) => [r.userId, r.at]));
    },
    /** Ends every session of a user, except the one with `keepTokenHash` (the caller's own). */
    async revokeAllForUser(userId: number, keepTokenHash?: string): Promise<void> {
      await repo.revokeAllForUser(userId, keepTokenHash);
      events?.publish('sessions.revoked', { userId, exceptTokenHash: keepTokenHash });
    },
  };
}
export type AuthnService = ReturnType<typeof createAuthnService>;
