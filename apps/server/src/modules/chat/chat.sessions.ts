import type { FastifyBaseLogger } from 'fastify';
import { CHAT_CLOSE_CODES } from '@cubeshop/shared';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { Conn } from './chat.connections.js';
import type { ChatHub } from './chat.hub.js';

/** What the chat needs of the sessions (authn.service): which tokens still open a session. */
export interface ChatSessions {
  /** The tokens among these that are still valid, with the time each one expires (epoch ms). */
  stillValid(tokenHashes: string[]): Promise<Map<string, number>>;
}

export interface SessionWatchOptions {
  hub: ChatHub;
  sessions: ChatSessions;
  events: Pick<ClusterEvents, 'on'>;
  log: FastifyBaseLogger;
  now?: () => number;
  /** How often sockets whose token is due to expire are looked at. */
  expiryCheckMs?: number;
  /** How often every socket's session is checked again (a revocation that never arrived). */
  recheckMs?: number;
}

const CHUNK = 500;

/**
 * Ends the sockets of ended sessions. A socket is opened with a token; when
 * that token is revoked (sign-out, password change or reset) or expires, its sockets close with
 * 4401 and the client shows the signed-out state:
 * - revocations arrive as cluster events, published by authn on whichever instance did it, and
 *   close the matching sockets here at once;
 * - a token that reaches its expiry time is checked again (it may have been used since) and its
 *   sockets close when it has really expired, within `expiryCheckMs`;
 * - every `recheckMs` all sockets' tokens are checked in batches, so a revocation whose event was
 *   lost (Redis pub/sub delivers at most once) still ends the socket.
 */
export function createSessionWatch({ hub, sessions, events, log, now = Date.now, expiryCheckMs = 1_000, recheckMs = 60_000 }: SessionWatchOptions) {
  const end = (conns: Iterable<Conn>) => hub.closeConns(conns, CHAT_CLOSE_CODES.sessionEnded, 'session ended');

  events.on('sessions.revoked', (payload) => {
    const open = hub.connections();
    if ('tokenHashes' in payload) {
      const hashes = new Set(payload.tokenHashes);
      end(open.filter((conn) => hashes.has(conn.session.tokenHash)));
    } else {
      end(open.filter((conn) => conn.actor.uid === payload.userId && conn.session.tokenHash !== payload.exceptTokenHash));
    }
  });

  /** Checks these sockets' tokens; closes the ones no longer valid and moves the others' expiry on. */
  async function check(conns: Conn[]) {
    for (let i = 0; i < conns.length; i += CHUNK) {
      const batch = conns.slice(i, i + CHUNK).filter((conn) => !conn.closed);
      if (!batch.length) continue;
      const valid = await sessions.stillValid([...new Set(batch.map((conn) => conn.session.tokenHash))]);
      const ended: Conn[] = [];
      for (const conn of batch) {
        const expiresAt = valid.get(conn.session.tokenHash);
        if (expiresAt === undefined) ended.push(conn);
        else conn.session.expiresAt = expiresAt;
      }
      end(ended);
    }
  }

  let busy = false;
  const guarded = (job: () => Promise<void>, what: string) => async () => {
    if (busy) return;
    busy = true;
    try {
      await job();
    } catch (err) {
      // The database may be down: try again on the next tick; the sockets stay meanwhile.
      log.warn({ err }, `chat: ${what} failed`);
    } finally {
      busy = false;
    }
  };
  const expiryTick = guarded(async () => {
    const at = now();
    const due = hub.connections().filter((conn) => !conn.closed && conn.session.expiresAt <= at);
    if (due.length) await check(due);
  }, 'session expiry check');
  const recheckAll = guarded(() => check(hub.connections()), 'session re-check');

  let timers: NodeJS.Timeout[] = [];
  return {
    start() {
      if (timers.length) return;
      timers = [setInterval(() => void expiryTick(), expiryCheckMs), setInterval(() => void recheckAll(), recheckMs)];
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
    /** Both checks now (tests). */
    async checkNow() {
      await expiryTick();
      await recheckAll();
    },
  };
}
export type SessionWatch = ReturnType<typeof createSessionWatch>;
