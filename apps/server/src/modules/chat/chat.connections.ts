import type { FastifyBaseLogger } from 'fastify';
import type { TChatEvent, TChatMessageFrame } from '@cubeshop/shared';
import type { ChatActor } from './chat.context.js';
import type { Sequencer } from './chat.sequencer.js';

/**
 * This instance's chat sockets and what each is subscribed to: by user, by conversation, the
 * agents; sending with the slow-socket rule, the heartbeat, closing. No chat rules and no
 * delivery order here (chat.fanout.ts), no presence (chat.presence.ts).
 */

/** What the chat needs of a ws WebSocket. */
export interface WsLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

/** A socket's subscription to one conversation: its reorder buffer and the timer of a gap read. */
export interface Subscription {
  readonly seq: Sequencer;
  gapTimer: NodeJS.Timeout | null;
  /** Settles when the current history load is done. */
  idle: Promise<void>;
}

export interface ConnSession {
  readonly tokenHash: string;
  /** When the token expires unless used again (epoch ms); moved on when a check finds it was used. */
  expiresAt: number;
}

export interface Conn {
  readonly id: number;
  readonly ws: WsLike;
  readonly actor: ChatActor;
  readonly subscriptions: Map<string, Subscription>;
  alive: boolean;
  closed: boolean;
  /** Ids of messages this socket is sending now: it gets an ack for them, not the message itself. */
  readonly own: Set<string>;
  /** Token bucket of the frame rate limit. */
  tokens: number;
  refilledAt: number;
  /** The session the socket was opened with: closed when it ends (chat.sessions.ts). */
  readonly session: ConnSession;
}

export interface ConnectionRegistryOptions {
  log: FastifyBaseLogger;
  /** A socket whose unsent buffer grows past this is closed (1013); it reconnects with since. */
  maxBufferedBytes?: number;
}

export function createConnectionRegistry({ log, maxBufferedBytes = 8 * 1024 * 1024 }: ConnectionRegistryOptions) {
  const conns = new Set<Conn>();
  const byUser = new Map<number, Set<Conn>>();
  const byGid = new Map<string, Set<Conn>>();
  const agents = new Set<Conn>();
  let nextId = 1;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Sends a serialized frame unless the socket is closed; a socket too far behind is closed instead. */
  function sendRaw(conn: Conn, data: string) {
    if (conn.closed || conn.ws.readyState !== OPEN) return;
    if (conn.ws.bufferedAmount > maxBufferedBytes) {
      log.warn({ uid: conn.actor.uid, buffered: conn.ws.bufferedAmount }, 'chat socket too slow; closing it');
      conn.ws.close(1013, 'too slow');
      conn.closed = true;
      return;
    }
    conn.ws.send(data);
  }

  function unsubscribe(conn: Conn, gid: string) {
    const sub = conn.subscriptions.get(gid);
    if (!sub) return;
    if (sub.gapTimer) clearTimeout(sub.gapTimer);
    conn.subscriptions.delete(gid);
    const set = byGid.get(gid);
    set?.delete(conn);
    if (set && !set.size) byGid.delete(gid);
  }

  return {
    sendRaw,
    send(conn: Conn, frame: TChatEvent | TChatMessageFrame | TChatMessageFrame[]) {
      sendRaw(conn, JSON.stringify(frame));
    },

    /** Registers a socket. first: it is its user's first socket on this instance. */
    add(ws: WsLike, actor: ChatActor, now: number, session: ConnSession): { conn: Conn; first: boolean } {
      const conn: Conn = { id: nextId++, ws, actor, subscriptions: new Map(), alive: true, closed: false, own: new Set(), tokens: 0, refilledAt: now, session };
      conns.add(conn);
      let mine = byUser.get(actor.uid);
      if (!mine) byUser.set(actor.uid, (mine = new Set()));
      mine.add(conn);
      if (actor.agent) agents.add(conn);
      return { conn, first: mine.size === 1 };
    },

    /**
     * Forgets a closed socket and its subscriptions. Null when it was not registered; else the
     * conversations it was in and whether it was its user's last socket here.
     */
    remove(conn: Conn): { gids: string[]; last: boolean } | null {
      if (!conns.delete(conn)) return null;
      conn.closed = true;
      const gids = [...conn.subscriptions.keys()];
      for (const gid of gids) unsubscribe(conn, gid);
      agents.delete(conn);
      const mine = byUser.get(conn.actor.uid);
      mine?.delete(conn);
      if (mine && mine.size) return { gids, last: false };
      byUser.delete(conn.actor.uid);
      return { gids, last: true };
    },

    /** Adds a subscription (the caller checked there is none for gid). */
    subscribe(conn: Conn, gid: string, sub: Subscription) {
      conn.subscriptions.set(gid, sub);
      let set = byGid.get(gid);
      if (!set) byGid.set(gid, (set = new Set()));
      set.add(conn);
    },
    /** Ends a subscription (and its pending gap read). */
    unsubscribe,

    /** The sockets subscribed to gid (live: copy before unsubscribing while iterating). */
    subscribers(gid: string): ReadonlySet<Conn> | undefined {
      return byGid.get(gid);
    },
    /** Every socket of uid on this instance. */
    ofUser(uid: number): Iterable<Conn> {
      return byUser.get(uid) ?? [];
    },
    agents(): Iterable<Conn> {
      return agents;
    },

    /** How many sockets this user holds open on this instance. */
    countForUser(uid: number): number {
      return byUser.get(uid)?.size ?? 0;
    },

    /** This instance's open sockets (a snapshot). */
    connections(): Conn[] {
      return [...conns];
    },

    /** Pings every socket each intervalMs; one that did not answer the previous ping is dropped. */
    startHeartbeat(intervalMs: number) {
      if (heartbeat) return;
      heartbeat = setInterval(() => {
        for (const conn of conns) {
          try {
            if (!conn.alive) {
              conn.ws.terminate();
              continue;
            }
            conn.alive = false;
            conn.ws.ping();
          } catch (err) {
            log.warn({ err }, 'chat heartbeat: socket failed');
          }
        }
      }, intervalMs);
      heartbeat.unref();
    },

    /** Closes these sockets at once: nothing more is sent to them or read from them. */
    closeConns(list: Iterable<Conn>, code: number, reason: string): number {
      let closed = 0;
      for (const conn of list) {
        if (conn.closed) continue;
        conn.closed = true;
        closed++;
        try {
          conn.ws.close(code, reason);
        } catch {
          conn.ws.terminate();
        }
      }
      return closed;
    },

    /** Stops the heartbeat and closes every socket (shutdown: clients reconnect, possibly elsewhere). */
    closeAll(code: number, reason: string) {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      for (const conn of conns) {
        try {
          conn.ws.close(code, reason);
        } catch {}
      }
    },

    stats() {
      return { sockets: conns.size, users: byUser.size, conversations: byGid.size };
    },

    /** Bytes written to this instance's sockets and not yet sent (the chat's send queue; metrics). */
    bufferedBytes(): number {
      let bytes = 0;
      for (const conn of conns) bytes += conn.ws.bufferedAmount;
      return bytes;
    },
  };
}
export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>;
