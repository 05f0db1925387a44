import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, ChatBus } from './chat.bus.js';
import type { ConnectionRegistry, Conn, ConnSession, WsLike } from './chat.connections.js';
import type { ChatActor } from './chat.context.js';
import type { Fanout } from './chat.fanout.js';
import type { PresenceAnnouncer } from './chat.presence.js';

/**
 * The sockets of this instance as the gateway and the session watch see them: the connection
 * registry (chat.connections.ts), delivery (chat.fanout.ts) and presence events
 * (chat.presence.ts) behind one face, and the bus's events routed to them.
 */

export interface ChatHubOptions {
  connections: ConnectionRegistry;
  fanout: Fanout;
  presence: PresenceAnnouncer;
  bus: Pick<ChatBus, 'onEvent'>;
  log: FastifyBaseLogger;
  /** Ping interval; a socket that did not answer the previous ping is dropped. */
  heartbeatMs?: number;
}

export function createChatHub({ connections, fanout, presence, bus, log, heartbeatMs = 30_000 }: ChatHubOptions) {
  function handle(event: BusEvent) {
    switch (event.k) {
      case 'msg':
        fanout.deliverMessage(event.m);
        break;
      case 'tr':
        fanout.deliverTranslation(event);
        break;
      case 'gid':
        fanout.deliverFrame(event.gid, event.frame);
        break;
      case 'user': {
        const data = JSON.stringify(event.frame);
        for (const conn of connections.ofUser(event.uid)) connections.sendRaw(conn, data);
        break;
      }
      case 'agents': {
        const data = JSON.stringify(event.frame);
        for (const conn of connections.agents()) connections.sendRaw(conn, data);
        break;
      }
      case 'join':
        for (const conn of connections.ofUser(event.uid)) {
          fanout.subscribe(conn, event.gid, 0, event.group, event.history, event.readSeq).catch((err: unknown) => log.error({ err }, 'chat: subscribe failed'));
        }
        break;
      case 'leave':
        fanout.finish(event.gid, event.uid);
        break;
      case 'end':
        fanout.finish(event.gid);
        break;
    }
  }
  bus.onEvent(handle);

  return {
    /** Registers a socket; an agent's first socket on this instance makes them online. */
    attach(ws: WsLike, actor: ChatActor, now: number, session: ConnSession): Conn {
      const { conn, first } = connections.add(ws, actor, now, session);
      presence.opened(actor, first);
      return conn;
    },

    /** Forgets a closed socket; the user's last socket here going away may make them offline. */
    detach(conn: Conn) {
      const gone = connections.remove(conn);
      if (gone) presence.closed(conn.actor, gone.gids, gone.last);
    },

    subscribe: fanout.subscribe.bind(fanout),
    catchUp: fanout.catchUp.bind(fanout),
    isSubscribed(conn: Conn, gid: string): boolean {
      return conn.subscriptions.has(gid);
    },
    subscriptions(conn: Conn): string[] {
      return [...conn.subscriptions.keys()];
    },
    send: connections.send.bind(connections),

    /** Publishes the buyer's presence to their conversation. */
    announceBuyer(conn: Conn, gid: string) {
      presence.buyerOnline(conn.actor, gid);
    },

    startHeartbeat() {
      connections.startHeartbeat(heartbeatMs);
    },
    countForUser: connections.countForUser.bind(connections),
    connections: connections.connections.bind(connections),
    closeConns: connections.closeConns.bind(connections),
    closeAll: connections.closeAll.bind(connections),
    stats: connections.stats.bind(connections),
    bufferedBytes: connections.bufferedBytes.bind(connections),
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;
