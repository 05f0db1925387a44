import type { FastifyBaseLogger } from 'fastify';
import type { TChatEvent, TChatGroup, TLocale } from '@cubeshop/shared';
import type { DeliveredMessage } from './chat.bus.js';
import type { Conn, ConnectionRegistry, Subscription } from './chat.connections.js';
import { renderMessage } from './chat.messages.js';
import { Sequencer } from './chat.sequencer.js';

/**
 * Delivery to this instance's sockets: subscribing a socket (history after its `since`, then
 * `synced`), stored messages and conversation events to every subscribed socket in order and
 * once (each subscription's Sequencer decides), the gap read (a message held longer than
 * gapWaitMs has its missing predecessors read from the database), leaving, and catch-up.
 */

/** Stored messages after a seq (up to upTo), oldest first. */
export type HistorySource = (gid: string, after: number, limit: number, upTo?: number) => Promise<DeliveredMessage[]>;

export interface FanoutOptions {
  connections: ConnectionRegistry;
  history: HistorySource;
  /** Whether machine translation is on (every message frame says so). */
  mode: 'on' | 'off';
  log: FastifyBaseLogger;
  /** How long an out-of-order message waits for the missing one before the database is asked. */
  gapWaitMs?: number;
  /** Messages per history page. */
  historyPage?: number;
}

export function createFanout({ connections, history, mode, log, gapWaitMs = 1_000, historyPage = 500 }: FanoutOptions) {
  const sendRaw: typeof connections.sendRaw = (conn, data) => connections.sendRaw(conn, data);
  const send: typeof connections.send = (conn, message) => connections.send(conn, message);

  function sendMessages(conn: Conn, messages: DeliveredMessage[]) {
    if (messages.length)
      send(
        conn,
        messages.map((m) => renderMessage(m, conn.actor.language, mode)),
      );
  }

  /** Sends what the subscription's sequencer lets out; arms the gap read or ends it as it says. */
  function drain(conn: Conn, gid: string, sub: Subscription) {
    const release = sub.seq.drain((id) => conn.own.has(id));
    if (!release) return;
    for (const m of release.messages) sendRaw(conn, JSON.stringify(renderMessage(m, conn.actor.language, mode)));
    if (release.gap) {
      armGap(conn, gid, sub);
      return;
    }
    if (sub.gapTimer) {
      clearTimeout(sub.gapTimer);
      sub.gapTimer = null;
    }
    for (const frame of release.frames) sendRaw(conn, frame);
    if (release.done) connections.unsubscribe(conn, gid);
  }

  function armGap(conn: Conn, gid: string, sub: Subscription) {
    if (sub.gapTimer || sub.seq.syncing) return;
    sub.gapTimer = setTimeout(() => {
      sub.gapTimer = null;
      const upTo = sub.seq.gapEnd();
      if (upTo === undefined || conn.subscriptions.get(gid) !== sub) return;
      void load(conn, gid, sub, upTo);
    }, gapWaitMs);
    sub.gapTimer.unref();
  }

  /** Sends stored messages after the sequencer's last (up to upTo) from the database, then drains. */
  function load(conn: Conn, gid: string, sub: Subscription, upTo?: number): Promise<void> {
    sub.seq.beginLoad();
    const run = (async () => {
      try {
        for (;;) {
          const page = await history(gid, sub.seq.last, historyPage, upTo);
          if (conn.closed || conn.subscriptions.get(gid) !== sub) return;
          sendMessages(
            conn,
            sub.seq.loaded(page, (id) => conn.own.has(id)),
          );
          if (page.length < historyPage) break;
        }
      } catch (err) {
        log.error({ err, gid }, 'chat: loading history failed');
      } finally {
        sub.seq.endLoad();
      }
      if (conn.subscriptions.get(gid) === sub) drain(conn, gid, sub);
    })();
    sub.idle = run;
    return run;
  }

  return {
    /**
     * Subscribes a socket to a conversation and sends it the messages after `since` (an array),
     * then `synced`. Messages published meanwhile are held and follow in order. With readSeq (an
     * agent's read cursor) a `read` event goes before the history, so the client knows which of
     * those messages were read already. known: the whole history when the publisher had it.
     */
    async subscribe(conn: Conn, gid: string, since: number, group?: TChatGroup | null, known?: DeliveredMessage[], readSeq?: number): Promise<void> {
      if (conn.closed || conn.subscriptions.has(gid)) return;
      const sub: Subscription = { seq: new Sequencer(since), gapTimer: null, idle: Promise.resolve() };
      connections.subscribe(conn, gid, sub);
      if (group) {
        send(conn, { type: 'group', group });
        if (group.status === 'waiting' && group.uid === conn.actor.uid) send(conn, { type: 'waiting', gid, since: group.createdAt });
      }
      if (readSeq !== undefined && conn.actor.agent) send(conn, { type: 'read', gid, seq: readSeq });
      if (since === 0 && known?.length && known[0]!.seq === 1) {
        // The publisher sent the whole history along (a new conversation): no database round trip.
        sendMessages(conn, known);
        sub.seq.seed(known[known.length - 1]!.seq);
        drain(conn, gid, sub);
      } else {
        await load(conn, gid, sub);
      }
      if (conn.subscriptions.get(gid) === sub) send(conn, { type: 'synced', gid, lastSeq: sub.seq.last });
    },

    /** A stored message to every socket subscribed to its conversation, in order, once. */
    deliverMessage(m: DeliveredMessage) {
      const set = connections.subscribers(m.gid);
      if (!set) return;
      // One serialization per language, not per socket.
      const rendered: Partial<Record<TLocale, string>> = {};
      for (const conn of set) {
        const sub = conn.subscriptions.get(m.gid);
        if (!sub) continue;
        const own = conn.own.has(m.id);
        const arrival = sub.seq.arrive(m, own);
        if (arrival === 'stale') continue;
        if (arrival === 'held') {
          armGap(conn, m.gid, sub);
          continue;
        }
        // The sending socket gets the ack instead; its sequencer moved on all the same.
        if (!own) {
          const language = conn.actor.language;
          sendRaw(conn, (rendered[language] ??= JSON.stringify(renderMessage(m, language, mode))));
        }
        if (sub.seq.pending) drain(conn, m.gid, sub);
      }
    },

    /** An event to every socket subscribed to gid, behind the messages it is still owed. */
    deliverFrame(gid: string, frame: TChatEvent) {
      const set = connections.subscribers(gid);
      if (!set) return;
      const data = JSON.stringify(frame);
      for (const conn of set) {
        const sub = conn.subscriptions.get(gid);
        if (sub?.seq.event(data)) sendRaw(conn, data);
      }
    },

    /**
     * A message's translation (or its failure) to the conversation's sockets in that language,
     * as a `translated` event behind the messages each is still owed (so after the message).
     */
    deliverTranslation(t: { gid: string; id: string; seq: number; language: TLocale; text: string; failed?: true }) {
      const set = connections.subscribers(t.gid);
      if (!set) return;
      let data: string | undefined;
      for (const conn of set) {
        if (conn.actor.language !== t.language) continue;
        const sub = conn.subscriptions.get(t.gid);
        const frame: TChatEvent = {
          type: 'translated',
          gid: t.gid,
          id: t.id,
          seq: t.seq,
          language: t.language,
          translate: t.text,
          ...(t.failed ? { translateError: true as const } : {}),
        };
        data ??= JSON.stringify(frame);
        if (sub?.seq.event(data)) sendRaw(conn, data);
      }
    },

    /** Unsubscribes uid's sockets (or everyone's) from gid once what they are owed is out. */
    finish(gid: string, uid?: number) {
      const set = connections.subscribers(gid);
      if (!set) return;
      for (const conn of [...set]) {
        if (uid !== undefined && conn.actor.uid !== uid) continue;
        const sub = conn.subscriptions.get(gid);
        if (sub?.seq.end()) connections.unsubscribe(conn, gid);
      }
    },

    /** Sends the messages of gid with seq > since that this socket has not been sent, then `synced`. */
    async catchUp(conn: Conn, gid: string, since: number): Promise<boolean> {
      let sub = conn.subscriptions.get(gid);
      if (!sub) return false;
      await sub.idle;
      sub = conn.subscriptions.get(gid);
      if (!sub) return false;
      if (since < sub.seq.from) {
        const upTo = sub.seq.from;
        let after = since;
        for (;;) {
          const page = await history(gid, after, historyPage, upTo);
          sendMessages(conn, page);
          if (page.length) after = page[page.length - 1]!.seq;
          if (page.length < historyPage) break;
        }
        sub.seq.from = since;
      }
      send(conn, { type: 'synced', gid, lastSeq: sub.seq.last });
      return true;
    },
  };
}
export type Fanout = ReturnType<typeof createFanout>;
