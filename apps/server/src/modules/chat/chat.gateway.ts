import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_CLOSE_CODES,
  CHAT_COUNTDOWN_S,
  CHAT_END_MS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_RATE,
  CHAT_TEXT_MAX_LENGTH,
  CHAT_WARNING_MS,
  chatTextProblem,
  parseChatClientFrame,
  type TChatSince,
} from '@cubeshop/shared';
import type { Conn, ConnSession, WsLike } from './chat.connections.js';
import type { ChatActor } from './chat.context.js';
import type { ChatHub } from './chat.hub.js';
import { describeError } from '../../lib/app-error.js';
import { ChatError, type ChatErrorCode } from './chat.errors.js';
import type { ChatService } from './chat.service.js';

/** A ws WebSocket as the gateway uses it. */
export interface WsSocket extends WsLike {
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: (code: number) => void): unknown;
  on(event: 'pong', listener: () => void): unknown;
}

function text(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export interface ChatGatewayOptions {
  service: ChatService;
  hub: ChatHub;
  log: FastifyBaseLogger;
  /** Real time for the rate limit (not the chat clock tests move). */
  now?: () => number;
  /** Sockets one user may hold on this instance (CHAT_MAX_SOCKETS_BUYER / _STAFF). */
  maxSockets?: { buyer: number; staff: number };
}

/** One chat connection from open to close: session, subscriptions, then frame by frame. */
export function createChatGateway({ service, hub, log, now = Date.now, maxSockets = { buyer: 10, staff: 50 } }: ChatGatewayOptions) {
  /** An error frame in the reader's language: the refusal's chat name and sentence (chat.errors.ts). */
  function error(conn: Conn, refusal: ChatErrorCode | ChatError, echo: { gid?: string | undefined; id?: string | undefined } = {}, detail = '') {
    const err = refusal instanceof ChatError ? refusal : new ChatError(refusal, detail);
    hub.send(conn, {
      type: 'error',
      code: err.frameCode,
      desc: describeError(err, conn.actor.language),
      ...(echo.gid ? { gid: echo.gid } : {}),
      ...(echo.id ? { id: echo.id } : {}),
    });
  }

  /** Token bucket: CHAT_RATE.perSecond on average, CHAT_RATE.burst at once. */
  function take(conn: Conn): boolean {
    const at = now();
    conn.tokens = Math.min(CHAT_RATE.burst, conn.tokens + ((at - conn.refilledAt) / 1000) * CHAT_RATE.perSecond);
    conn.refilledAt = at;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  async function refuse(conn: Conn, gid: string, id?: string) {
    error(conn, await service.refusal(gid, conn.actor.uid), { gid, id });
  }

  /**
   * One frame, start to end. Nothing a client sends may end the process or stall its socket:
   * whatever escapes the handler below is logged and answered with an `internal` error frame.
   */
  async function onFrame(conn: Conn, raw: string) {
    try {
      await handleFrame(conn, raw);
    } catch (err) {
      log.error({ err, uid: conn.actor.uid }, 'chat frame failed');
      try {
        error(conn, 'internal');
      } catch {
        /* the socket is gone */
      }
    }
  }

  async function handleFrame(conn: Conn, raw: string) {
    // Closed meanwhile (session ended, too slow): what it sent after that is not acted on.
    if (conn.closed) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      error(conn, 'bad_json');
      return;
    }
    const parsed = parseChatClientFrame(value);
    if (!parsed.success) {
      error(conn, parsed.code, { gid: parsed.gid, id: parsed.id }, parsed.message);
      return;
    }
    const frame = parsed.frame;
    const { actor } = conn;
    try {
      switch (frame.type) {
        case 'message':
        case 'image': {
          if (!hub.isSubscribed(conn, frame.gid)) return await refuse(conn, frame.gid, frame.id);
          if (frame.type === 'message') {
            const problem = chatTextProblem(frame.content);
            if (problem) return error(conn, problem, { gid: frame.gid, id: frame.id });
          }
          const id = frame.id ?? randomUUID();
          conn.own.add(id);
          try {
            const result = await service.send(
              actor,
              frame.type === 'message' ? { gid: frame.gid, id, content: frame.content } : { gid: frame.gid, id, image: frame.image },
            );
            hub.send(conn, { type: 'ack', gid: result.gid, id: result.id, seq: result.seq, timestamp: result.timestamp, duplicate: result.duplicate });
          } finally {
            conn.own.delete(id);
          }
          return;
        }
        case 'user_inactive': {
          if (actor.agent) return error(conn, 'not_buyer', { gid: frame.gid });
          if (!hub.isSubscribed(conn, frame.gid)) {
            const code = await service.refusal(frame.gid, actor.uid);
            // Already over (the server's own timer got there first): nothing to do.
            if (code !== 'ended') error(conn, code, { gid: frame.gid });
            return;
          }
          await service.endByBuyer(actor, frame.gid, frame.reason);
          return;
        }
        case 'user_active':
          if (actor.agent) return error(conn, 'not_buyer', { gid: frame.gid });
          if (!hub.isSubscribed(conn, frame.gid)) return await refuse(conn, frame.gid);
          await service.markActive(actor, frame.gid);
          return;
        case 'catch_up':
          if (!(await hub.catchUp(conn, frame.gid, frame.since))) await refuse(conn, frame.gid);
          return;
        case 'translate': {
          if (!hub.isSubscribed(conn, frame.gid)) return await refuse(conn, frame.gid, frame.id);
          const result = await service.translateMessage(frame.gid, frame.id, actor.language);
          hub.send(conn, {
            type: 'translation',
            gid: frame.gid,
            id: frame.id,
            seq: result.seq,
            language: actor.language,
            translate: result.text,
            ...(result.failed ? { translateError: true as const } : {}),
          });
          return;
        }
        case 'start': {
          if (actor.agent) return error(conn, 'not_buyer');
          const { group, created } = await service.openForBuyer(actor);
          if (!created) {
            if (hub.isSubscribed(conn, group.gid)) hub.send(conn, { type: 'group', group });
            else await hub.subscribe(conn, group.gid, 0, group);
          }
          return;
        }
        case 'ping':
          hub.send(conn, { type: 'pong', at: now() });
          return;
        case 'read': {
          if (!actor.agent) return error(conn, 'not_admin', { gid: frame.gid });
          const result = await service.markRead(actor, frame.gid, frame.seq);
          // Moved: every socket of this user hears it through the bus. Not moved (an older report,
          // another device got further): this socket is told where the cursor stands.
          if (result && !result.advanced) hub.send(conn, { type: 'read', gid: frame.gid, seq: result.seq });
          return;
        }
      }
    } catch (err) {
      if (err instanceof ChatError) {
        const echo = 'gid' in frame ? { gid: frame.gid, id: 'id' in frame ? frame.id : undefined } : {};
        error(conn, err, echo);
        return;
      }
      log.error({ err, uid: actor.uid }, 'chat frame failed');
      error(conn, 'internal', 'gid' in frame ? { gid: frame.gid, id: 'id' in frame ? frame.id : undefined } : {});
    }
  }

  /** Subscribes the new socket: a buyer to their open conversation (made if needed), an agent to those they serve. */
  async function setUp(conn: Conn, since: TChatSince) {
    const { actor } = conn;
    const sinceFor = (gid: string) => since.byGid.get(gid) ?? since.all ?? 0;
    if (actor.agent) {
      // Each conversation with the agent's read cursor first: a reloaded console counts as unread
      // (and notifies about) only what this agent has not read on any device.
      const groups = await service.listJoined(actor.uid);
      const reads = await service.readCursors(
        actor.uid,
        groups.map((g) => g.gid),
      );
      for (const group of groups) await hub.subscribe(conn, group.gid, sinceFor(group.gid), group, undefined, reads.get(group.gid) ?? 0);
      return;
    }
    const { group, created } = await service.openForBuyer(actor);
    // A new conversation reached this socket through the bus (join): history from its start.
    if (!created) await hub.subscribe(conn, group.gid, sinceFor(group.gid), group);
    hub.announceBuyer(conn, group.gid);
  }

  return {
    /** Takes a new socket, or closes it at once (4429) when its user holds too many here. Null when refused. */
    connect(ws: WsSocket, actor: ChatActor, since: TChatSince, session: ConnSession): Conn | null {
      const cap = actor.agent ? maxSockets.staff : maxSockets.buyer;
      if (hub.countForUser(actor.uid) >= cap) {
        log.warn({ uid: actor.uid, cap }, 'chat: too many sockets for one user; refusing another');
        ws.close(CHAT_CLOSE_CODES.tooManySockets, `too many chat connections (at most ${cap})`);
        return null;
      }
      const conn = hub.attach(ws, actor, now(), session);
      conn.tokens = CHAT_RATE.burst;
      let limitedAt = 0;
      hub.send(conn, {
        type: 'session',
        uid: actor.uid,
        uname: actor.uname,
        admin: actor.agent,
        language: actor.language,
        translation: service.translationMode,
        serverTime: service.clock.now(),
        limits: {
          textMaxLength: CHAT_TEXT_MAX_LENGTH,
          imageMaxBytes: CHAT_IMAGE_MAX_BYTES,
          warningMs: CHAT_WARNING_MS,
          countdownS: CHAT_COUNTDOWN_S,
          endMs: CHAT_END_MS,
        },
      });
      // Frames are handled one after another, after the set-up.
      let chain: Promise<void> = setUp(conn, since).catch((err: unknown) => {
        log.error({ err, uid: actor.uid }, 'chat connection set-up failed');
        error(conn, 'internal');
        ws.close(CHAT_CLOSE_CODES.internal, 'set-up failed');
      });
      ws.on('message', (data, isBinary) => {
        if (conn.closed) return;
        if (!take(conn)) {
          const at = now();
          if (at - limitedAt > 1000) {
            limitedAt = at;
            error(conn, 'rate_limited');
          }
          return;
        }
        if (isBinary) {
          error(conn, 'bad_json');
          return;
        }
        const raw = text(data);
        chain = chain.then(() => onFrame(conn, raw));
      });
      ws.on('pong', () => {
        conn.alive = true;
      });
      ws.on('close', () => {
        try {
          hub.detach(conn);
        } catch (err) {
          log.error({ err, uid: actor.uid }, 'chat: detaching a socket failed');
        }
      });
      return conn;
    },
  };
}
export type ChatGateway = ReturnType<typeof createChatGateway>;
