import type { FastifyBaseLogger } from 'fastify';
import type { TChatEvent, TChatGroup, TChatMessageFrame, TLocale } from '@cubeshop/shared';
import type { BusEvent, ChatBus, DeliveredMessage } from './chat.bus.js';
import type { PresenceStore } from './chat.presence.js';
import type { ChatActor, ChatService } from './chat.service.js';

/**
 * The sockets of this instance and the delivery to them.
 *
 * Each socket has a cursor per conversation it is subscribed to: it has been sent every message
 * with from < seq <= last, in order, once (its own messages count as sent: it got their acks).
 * A message that arrives out of order (another instance published it a moment earlier, or Redis
 * lost one) waits in `held` until the missing seq arrives, or, after gapWaitMs, is fetched from
 * the database. Events for the conversation wait behind held messages so a client never sees
 * "ended" before the last message.
 */

/** What the hub needs of a ws WebSocket. */
export interface WsLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

interface Cursor {
  from: number;
  last: number;
  syncing: boolean;
  held: Map<number, DeliveredMessage>;
  /** Seqs of this socket's own messages: acked, never sent back (also when they arrive late). */
  silent: Set<number>;
  frames: string[];
  gapTimer: NodeJS.Timeout | null;
  ending: boolean;
  /** Settles when the current history load is done. */
  idle: Promise<void>;
}

export interface Conn {
  readonly id: number;
  readonly ws: WsLike;
  readonly actor: ChatActor;
  readonly cursors: Map<string, Cursor>;
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

export interface ConnSession {
  readonly tokenHash: string;
  /** When the token expires unless used again (epoch ms); moved on when a check finds it was used. */
  expiresAt: number;
}

export interface ChatHubOptions {
  service: ChatService;
  bus: ChatBus;
  presence: PresenceStore;
  log: FastifyBaseLogger;
  /** How long an out-of-order message waits for the missing one before the database is asked. */
  gapWaitMs?: number;
  /** A socket whose unsent buffer grows past this is closed (1013); it reconnects with since. */
  maxBufferedBytes?: number;
  /** Messages per history page. */
  historyPage?: number;
  /** Ping interval; a socket that did not answer the previous ping is dropped. */
  heartbeatMs?: number;
}

export function renderMessage(m: DeliveredMessage, language: TLocale, mode: 'on' | 'off'): TChatMessageFrame {
  const translated = m.language === null || m.language === language ? m.content : m.translations[language];
  if (m.kind === 'system') {
    // The shop's own words (greeting, "... is now serving you", ended) are written in both
    // languages when stored: each reader gets theirs as the text itself, translation or not.
    const own = translated ?? m.content;
    return {
      gid: m.gid,
      id: m.id,
      seq: m.seq,
      kind: 'system',
      content: own,
      image: m.image,
      uid: m.uid,
      uname: m.uname,
      timestamp: m.timestamp,
      source: own,
      translate: own,
      language,
      translation: mode,
    };
  }
  const frame: TChatMessageFrame = {
    gid: m.gid,
    id: m.id,
    seq: m.seq,
    kind: m.kind,
    content: m.content,
    image: m.image,
    uid: m.uid,
    uname: m.uname,
    timestamp: m.timestamp,
    source: m.content,
    translate: translated ?? m.content,
    language: m.language,
    translation: mode,
  };
  if (translated === undefined && mode === 'on') frame.translateError = true;
  return frame;
}

export function createChatHub({ service, bus, presence, log, gapWaitMs = 1_000, maxBufferedBytes = 8 * 1024 * 1024, historyPage = 500, heartbeatMs = 30_000 }: ChatHubOptions) {
  const mode = service.translationMode;
  const conns = new Set<Conn>();
  const byUser = new Map<number, Set<Conn>>();
  const byGid = new Map<string, Set<Conn>>();
  const admins = new Set<Conn>();
  let nextId = 1;
  let heartbeat: NodeJS.Timeout | undefined;

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

  function send(conn: Conn, frame: TChatEvent | TChatMessageFrame | TChatMessageFrame[]) {
    sendRaw(conn, JSON.stringify(frame));
  }

  function sendMessages(conn: Conn, messages: DeliveredMessage[]) {
    if (messages.length) send(conn, messages.map((m) => renderMessage(m, conn.actor.language, mode)));
  }

  function unsubscribe(conn: Conn, gid: string) {
    const cursor = conn.cursors.get(gid);
    if (!cursor) return;
    if (cursor.gapTimer) clearTimeout(cursor.gapTimer);
    conn.cursors.delete(gid);
    const set = byGid.get(gid);
    set?.delete(conn);
    if (set && !set.size) byGid.delete(gid);
  }

  /** Sends what is held and in order, then the held events; finishes a pending unsubscribe. */
  function drain(conn: Conn, gid: string, cursor: Cursor) {
    if (cursor.syncing) return;
    let next = cursor.held.get(cursor.last + 1);
    while (next) {
      cursor.held.delete(next.seq);
      if (!cursor.silent.delete(next.seq) && !conn.own.has(next.id)) sendRaw(conn, JSON.stringify(renderMessage(next, conn.actor.language, mode)));
      cursor.last = next.seq;
      next = cursor.held.get(cursor.last + 1);
    }
    for (const seq of cursor.held.keys()) if (seq <= cursor.last) cursor.held.delete(seq);
    for (const seq of cursor.silent) if (seq <= cursor.last) cursor.silent.delete(seq);
    if (cursor.held.size) {
      armGap(conn, gid, cursor);
      return;
    }
    if (cursor.gapTimer) {
      clearTimeout(cursor.gapTimer);
      cursor.gapTimer = null;
    }
    if (cursor.frames.length) {
      const frames = cursor.frames;
      cursor.frames = [];
      for (const frame of frames) sendRaw(conn, frame);
    }
    if (cursor.ending) unsubscribe(conn, gid);
  }

  function armGap(conn: Conn, gid: string, cursor: Cursor) {
    if (cursor.gapTimer || cursor.syncing) return;
    cursor.gapTimer = setTimeout(() => {
      cursor.gapTimer = null;
      if (!cursor.held.size || conn.cursors.get(gid) !== cursor) return;
      void load(conn, gid, cursor, Math.max(...cursor.held.keys()));
    }, gapWaitMs);
    cursor.gapTimer.unref();
  }

  /** Sends stored messages after cursor.last (up to upTo) from the database, then drains. */
  function load(conn: Conn, gid: string, cursor: Cursor, upTo?: number): Promise<void> {
    cursor.syncing = true;
    const run = (async () => {
      try {
        for (;;) {
          const page = await service.history(gid, cursor.last, historyPage, upTo);
          if (conn.closed || conn.cursors.get(gid) !== cursor) return;
          const fresh = page.filter((m) => m.seq > cursor.last);
          sendMessages(
            conn,
            fresh.filter((m) => !cursor.silent.has(m.seq) && !conn.own.has(m.id)),
          );
          if (fresh.length) cursor.last = fresh[fresh.length - 1]!.seq;
          if (page.length < historyPage) break;
        }
      } catch (err) {
        log.error({ err, gid }, 'chat: loading history failed');
      } finally {
        cursor.syncing = false;
      }
      if (conn.cursors.get(gid) === cursor) drain(conn, gid, cursor);
    })();
    cursor.idle = run;
    return run;
  }

  /**
   * Subscribes a socket to a conversation and sends it the messages after `since` (an array),
   * then `synced`. Messages published meanwhile are held and follow in order. With readSeq (an
   * agent's read cursor) a `read` event goes before the history, so the client knows which of
   * those messages were read already.
   */
  async function subscribe(conn: Conn, gid: string, since: number, group?: TChatGroup | null, known?: DeliveredMessage[], readSeq?: number): Promise<void> {
    if (conn.closed || conn.cursors.has(gid)) return;
    const cursor: Cursor = {
      from: since,
      last: since,
      syncing: true,
      held: new Map(),
      silent: new Set(),
      frames: [],
      gapTimer: null,
      ending: false,
      idle: Promise.resolve(),
    };
    conn.cursors.set(gid, cursor);
    let set = byGid.get(gid);
    if (!set) byGid.set(gid, (set = new Set()));
    set.add(conn);
    if (group) {
      send(conn, { type: 'group', group });
      if (group.status === 'waiting' && group.uid === conn.actor.uid) send(conn, { type: 'waiting', gid, since: group.createdAt });
    }
    if (readSeq !== undefined && conn.actor.admin) send(conn, { type: 'read', gid, seq: readSeq });
    if (since === 0 && known?.length && known[0]!.seq === 1) {
      // The publisher sent the whole history along (a new conversation): no database round trip.
      sendMessages(conn, known);
      cursor.last = known[known.length - 1]!.seq;
      cursor.syncing = false;
      drain(conn, gid, cursor);
    } else {
      await load(conn, gid, cursor);
    }
    if (conn.cursors.get(gid) === cursor) send(conn, { type: 'synced', gid, lastSeq: cursor.last });
  }

  function deliverMessage(m: DeliveredMessage) {
    const set = byGid.get(m.gid);
    if (!set) return;
    const rendered: Partial<Record<TLocale, string>> = {};
    for (const conn of set) {
      const cursor = conn.cursors.get(m.gid);
      if (!cursor || m.seq <= cursor.last) continue;
      if (cursor.syncing || m.seq !== cursor.last + 1) {
        cursor.held.set(m.seq, m);
        if (conn.own.has(m.id)) cursor.silent.add(m.seq);
        armGap(conn, m.gid, cursor);
        continue;
      }
      // The sending socket gets the ack instead; its cursor moves on all the same.
      if (!conn.own.has(m.id)) {
        const language = conn.actor.language;
        sendRaw(conn, (rendered[language] ??= JSON.stringify(renderMessage(m, language, mode))));
      }
      cursor.last = m.seq;
      if (cursor.held.size || cursor.frames.length) drain(conn, m.gid, cursor);
    }
  }

  function deliverFrame(gid: string, frame: TChatEvent) {
    const set = byGid.get(gid);
    if (!set) return;
    const data = JSON.stringify(frame);
    for (const conn of set) {
      const cursor = conn.cursors.get(gid);
      if (!cursor) continue;
      if (cursor.syncing || cursor.held.size) cursor.frames.push(data);
      else sendRaw(conn, data);
    }
  }

  function finish(gid: string, uid?: number) {
    const set = byGid.get(gid);
    if (!set) return;
    for (const conn of [...set]) {
      if (uid !== undefined && conn.actor.uid !== uid) continue;
      const cursor = conn.cursors.get(gid);
      if (!cursor) continue;
      if (cursor.syncing || cursor.held.size) cursor.ending = true;
      else unsubscribe(conn, gid);
    }
  }

  function handle(event: BusEvent) {
    switch (event.k) {
      case 'msg':
        deliverMessage(event.m);
        break;
      case 'gid':
        deliverFrame(event.gid, event.frame);
        break;
      case 'user': {
        const data = JSON.stringify(event.frame);
        for (const conn of byUser.get(event.uid) ?? []) sendRaw(conn, data);
        break;
      }
      case 'admins': {
        const data = JSON.stringify(event.frame);
        for (const conn of admins) sendRaw(conn, data);
        break;
      }
      case 'join':
        for (const conn of byUser.get(event.uid) ?? []) {
          subscribe(conn, event.gid, 0, event.group, event.history, event.readSeq).catch((err: unknown) => log.error({ err }, 'chat: subscribe failed'));
        }
        break;
      case 'leave':
        finish(event.gid, event.uid);
        break;
      case 'end':
        finish(event.gid);
        break;
    }
  }
  bus.onEvent(handle);

  return {
    /** Registers a socket; an admin's first socket on this instance makes them online. */
    attach(ws: WsLike, actor: ChatActor, now: number, session: ConnSession): Conn {
      const conn: Conn = { id: nextId++, ws, actor, cursors: new Map(), alive: true, closed: false, own: new Set(), tokens: 0, refilledAt: now, session };
      conns.add(conn);
      let mine = byUser.get(actor.uid);
      if (!mine) byUser.set(actor.uid, (mine = new Set()));
      mine.add(conn);
      if (actor.admin) {
        admins.add(conn);
        if (mine.size === 1) {
          const person = { uid: actor.uid, uname: actor.uname };
          presence
            .set(person, true)
            .catch((err: unknown) => log.warn({ err }, 'chat presence update failed'))
            .finally(() => bus.publish({ k: 'admins', frame: { type: 'presence', ...person, admin: true, online: true } }));
        }
      }
      return conn;
    },

    /** Forgets a closed socket; the user's last socket here going away may make them offline. */
    detach(conn: Conn) {
      if (!conns.delete(conn)) return;
      conn.closed = true;
      const gids = [...conn.cursors.keys()];
      for (const gid of gids) unsubscribe(conn, gid);
      admins.delete(conn);
      const mine = byUser.get(conn.actor.uid);
      mine?.delete(conn);
      if (mine && mine.size) return;
      byUser.delete(conn.actor.uid);
      const person = { uid: conn.actor.uid, uname: conn.actor.uname };
      if (conn.actor.admin) {
        presence
          .set(person, false)
          .then(() => presence.isOnline(person.uid))
          .then((elsewhere) => {
            if (!elsewhere) bus.publish({ k: 'admins', frame: { type: 'presence', ...person, admin: true, online: false } });
          })
          .catch((err: unknown) => log.warn({ err }, 'chat presence update failed'));
      } else {
        for (const gid of gids) bus.publish({ k: 'gid', gid, frame: { type: 'presence', ...person, admin: false, online: false } });
      }
    },

    subscribe,
    isSubscribed(conn: Conn, gid: string): boolean {
      return conn.cursors.has(gid);
    },
    subscriptions(conn: Conn): string[] {
      return [...conn.cursors.keys()];
    },

    /** Sends the messages of gid with seq > since that this socket has not been sent, then `synced`. */
    async catchUp(conn: Conn, gid: string, since: number): Promise<boolean> {
      let cursor = conn.cursors.get(gid);
      if (!cursor) return false;
      await cursor.idle;
      cursor = conn.cursors.get(gid);
      if (!cursor) return false;
      if (since < cursor.from) {
        const upTo = cursor.from;
        let after = since;
        for (;;) {
          const page = await service.history(gid, after, historyPage, upTo);
          sendMessages(conn, page);
          if (page.length) after = page[page.length - 1]!.seq;
          if (page.length < historyPage) break;
        }
        cursor.from = since;
      }
      send(conn, { type: 'synced', gid, lastSeq: cursor.last });
      return true;
    },

    send,

    /** Publishes the buyer's presence to their conversation. */
    announceBuyer(conn: Conn, gid: string) {
      bus.publish({ k: 'gid', gid, frame: { type: 'presence', uid: conn.actor.uid, uname: conn.actor.uname, admin: false, online: true } });
    },

    startHeartbeat() {
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
      }, heartbeatMs);
      heartbeat.unref();
    },

    /** How many sockets this user holds open on this instance. */
    countForUser(uid: number): number {
      return byUser.get(uid)?.size ?? 0;
    },

    /** This instance's open sockets (a snapshot). */
    connections(): Conn[] {
      return [...conns];
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

    /** Closes every socket (shutdown: 1012, clients reconnect, possibly to another instance). */
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
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;
