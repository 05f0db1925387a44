import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TChatGroup, TChatMessageFrame } from '@cubeshop/shared';
import type { DeliveredMessage } from './chat.bus.js';
import { createConnectionRegistry, type WsLike } from './chat.connections.js';
import type { ChatActor } from './chat.context.js';
import { createFanout } from './chat.fanout.js';

class FakeWs implements WsLike {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  terminate() {}
  ping() {}
  /** What the socket got, as the client sees it: message seqs (arrays flattened) and event types. */
  seen(): (number | string)[] {
    return this.sent.flatMap((raw): (number | string)[] => {
      const frame = JSON.parse(raw) as TChatMessageFrame | TChatMessageFrame[] | { type: string };
      if (Array.isArray(frame)) return frame.map((m) => m.seq);
      return 'type' in frame ? [frame.type] : [frame.seq];
    });
  }
  frames() {
    return this.sent.map((raw) => JSON.parse(raw) as unknown);
  }
}

const msg = (seq: number, id = `m${seq}`, gid = 'g'): DeliveredMessage => ({
  gid,
  seq,
  id,
  kind: 'text',
  content: 'hello',
  image: null,
  uid: 1,
  uname: 'Mei',
  timestamp: seq,
  language: 'en',
  translations: { zh: '你好' },
});

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'en' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'zh' };
const session = { tokenHash: 'h', expiresAt: 0 };
const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const tick = () => new Promise((r) => setImmediate(r));

/** A fan-out over a stored conversation held in `stored` (what the history reads). */
function setup(options: { gapWaitMs?: number; historyPage?: number } = {}) {
  const stored: DeliveredMessage[] = [];
  const reads: { after: number; upTo?: number | undefined }[] = [];
  const connections = createConnectionRegistry({ log });
  const history = vi.fn(async (gid: string, after: number, limit: number, upTo?: number) => {
    reads.push({ after, upTo });
    return stored.filter((m) => m.gid === gid && m.seq > after && (upTo === undefined || m.seq <= upTo)).slice(0, limit);
  });
  const fanout = createFanout({ connections, history, mode: 'on', log, gapWaitMs: options.gapWaitMs ?? 60_000, historyPage: options.historyPage ?? 500 });
  const connect = (actor: ChatActor = buyer) => {
    const ws = new FakeWs();
    return { ws, conn: connections.add(ws, actor, 0, session).conn };
  };
  return { stored, reads, history, connections, fanout, connect };
}

const group = (over: Partial<TChatGroup> = {}): TChatGroup => ({
  gid: 'g',
  uid: 1,
  uname: 'Mei',
  language: 'en',
  status: 'serving',
  createdAt: 0,
  acceptedAt: 1,
  endedAt: null,
  endReason: null,
  waitingMs: 1,
  lastSeq: 2,
  agents: [],
  ...over,
});

describe('fan-out', () => {
  it('subscribing sends the group, the history after since as one array, then synced', async () => {
    const { stored, fanout, connect } = setup();
    stored.push(msg(1), msg(2), msg(3));
    const { ws, conn } = connect();
    await fanout.subscribe(conn, 'g', 1, group({ status: 'waiting' }));
    expect(ws.seen()).toEqual(['group', 'waiting', 2, 3, 'synced']);
    expect(ws.frames().at(-1)).toEqual({ type: 'synced', gid: 'g', lastSeq: 3 });
    // A second subscribe to the same conversation does nothing.
    await fanout.subscribe(conn, 'g', 0);
    expect(ws.sent).toHaveLength(4);
  });

  it("an agent's read cursor goes before the history; the publisher's history saves the read", async () => {
    const { history, fanout, connect } = setup();
    const { ws, conn } = connect(agent);
    await fanout.subscribe(conn, 'g', 0, group(), [msg(1), msg(2)], 1);
    expect(ws.seen()).toEqual(['group', 'read', 1, 2, 'synced']);
    expect(history).not.toHaveBeenCalled();
    const [, read, messages] = ws.frames() as [unknown, unknown, TChatMessageFrame[]];
    expect(read).toEqual({ type: 'read', gid: 'g', seq: 1 });
    // Rendered in the reader's language.
    expect(messages[0]).toMatchObject({ translate: '你好', source: 'hello' });
  });

  it('delivers in order, once per socket, rendered per reader language', async () => {
    const { fanout, connect } = setup();
    const en = connect(buyer);
    const zh = connect(agent);
    await fanout.subscribe(en.conn, 'g', 0);
    await fanout.subscribe(zh.conn, 'g', 0);
    fanout.deliverMessage(msg(1));
    fanout.deliverMessage(msg(1));
    expect(en.ws.seen()).toEqual(['synced', 1]);
    expect(zh.ws.seen()).toEqual(['synced', 1]);
    expect((en.ws.frames()[1] as TChatMessageFrame).translate).toBe('hello');
    expect((zh.ws.frames()[1] as TChatMessageFrame).translate).toBe('你好');
    // Another conversation's message reaches no one here.
    fanout.deliverMessage(msg(1, 'x', 'other'));
    expect(en.ws.sent).toHaveLength(2);
  });

  it('sends a late translation to the readers of its language only, behind the message it updates', async () => {
    const { fanout, connect } = setup();
    const en = connect(buyer);
    const zh = connect(agent);
    await fanout.subscribe(en.conn, 'g', 0);
    await fanout.subscribe(zh.conn, 'g', 0);
    fanout.deliverMessage(msg(1));
    // Seq 3 came before seq 2: its translation waits with it.
    fanout.deliverMessage({ ...msg(3), translations: {}, pending: true });
    fanout.deliverTranslation({ gid: 'g', id: 'm3', seq: 3, language: 'zh', text: '再见' });
    expect(zh.ws.seen()).toEqual(['synced', 1]);
    fanout.deliverMessage(msg(2));
    expect(zh.ws.seen()).toEqual(['synced', 1, 2, 3, 'translated']);
    expect(zh.ws.frames()[3]).toMatchObject({ id: 'm3', translate: 'hello', translatePending: true });
    expect(zh.ws.frames()[4]).toEqual({ type: 'translated', gid: 'g', id: 'm3', seq: 3, language: 'zh', translate: '再见' });
    expect(en.ws.seen()).toEqual(['synced', 1, 2, 3]);
    // A failure says so, with the original as the text.
    fanout.deliverTranslation({ gid: 'g', id: 'm3', seq: 3, language: 'zh', text: 'hello', failed: true });
    expect(zh.ws.frames().at(-1)).toEqual({ type: 'translated', gid: 'g', id: 'm3', seq: 3, language: 'zh', translate: 'hello', translateError: true });
  });

  it('holds an early message until the missing one arrives, and events wait behind it', async () => {
    const { fanout, connect } = setup();
    const { ws, conn } = connect();
    await fanout.subscribe(conn, 'g', 0);
    fanout.deliverMessage(msg(2));
    fanout.deliverFrame('g', { type: 'ended', gid: 'g', reason: 'agent_ended', at: 1 });
    expect(ws.seen()).toEqual(['synced']);
    fanout.deliverMessage(msg(1));
    expect(ws.seen()).toEqual(['synced', 1, 2, 'ended']);
  });

  it('reads a gap from the database when the missing message does not come in time', async () => {
    vi.useFakeTimers();
    try {
      const { stored, reads, fanout, connect } = setup({ gapWaitMs: 1_000 });
      const { ws, conn } = connect();
      await fanout.subscribe(conn, 'g', 0);
      stored.push(msg(1), msg(2), msg(3));
      fanout.deliverMessage(msg(3));
      await vi.advanceTimersByTimeAsync(999);
      expect(ws.seen()).toEqual(['synced']);
      await vi.advanceTimersByTimeAsync(1);
      expect(reads.at(-1)).toEqual({ after: 0, upTo: 3 });
      expect(ws.seen()).toEqual(['synced', 1, 2, 3]);
      // The late copy of 2 is not sent again.
      fanout.deliverMessage(msg(2));
      expect(ws.seen()).toEqual(['synced', 1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never sends a socket its own message (it gets the ack), even when it arrives early', async () => {
    const { fanout, connect } = setup();
    const sender = connect();
    const reader = connect(agent);
    await fanout.subscribe(sender.conn, 'g', 0);
    await fanout.subscribe(reader.conn, 'g', 0);
    sender.conn.own.add('m2');
    fanout.deliverMessage(msg(2));
    sender.conn.own.delete('m2');
    fanout.deliverMessage(msg(1));
    sender.conn.own.add('m3');
    fanout.deliverMessage(msg(3));
    expect(sender.ws.seen()).toEqual(['synced', 1]);
    expect(reader.ws.seen()).toEqual(['synced', 1, 2, 3]);
  });

  it('messages published during the history load follow it, in order, without duplicates', async () => {
    const { stored, history, fanout, connect } = setup();
    stored.push(msg(1), msg(2));
    let release!: () => void;
    history.mockImplementationOnce(async () => {
      await new Promise<void>((r) => (release = r));
      return [msg(1), msg(2)];
    });
    const { ws, conn } = connect();
    const subscribed = fanout.subscribe(conn, 'g', 0);
    await tick();
    fanout.deliverMessage(msg(2));
    fanout.deliverMessage(msg(3));
    fanout.deliverFrame('g', { type: 'member_left', gid: 'g', member: { uid: 2, uname: 'Ann' } });
    release();
    await subscribed;
    expect(ws.seen()).toEqual([1, 2, 3, 'member_left', 'synced']);
  });

  it('leaving waits for what the socket is owed; finish(gid, uid) leaves the others subscribed', async () => {
    const { connections, fanout, connect } = setup();
    const b = connect(buyer);
    const a = connect(agent);
    await fanout.subscribe(b.conn, 'g', 0);
    await fanout.subscribe(a.conn, 'g', 0);
    fanout.finish('g', agent.uid);
    expect(a.conn.subscriptions.has('g')).toBe(false);
    expect(b.conn.subscriptions.has('g')).toBe(true);
    fanout.deliverMessage(msg(2));
    fanout.finish('g');
    expect(b.conn.subscriptions.has('g')).toBe(true);
    fanout.deliverMessage(msg(1));
    expect(b.ws.seen()).toEqual(['synced', 1, 2]);
    expect(b.conn.subscriptions.has('g')).toBe(false);
    expect(connections.subscribers('g')).toBeUndefined();
  });

  it('catch-up sends only older messages this socket was not sent, then synced', async () => {
    const { stored, fanout, connect } = setup({ historyPage: 2 });
    stored.push(msg(1), msg(2), msg(3), msg(4), msg(5));
    const { ws, conn } = connect();
    await fanout.subscribe(conn, 'g', 3);
    expect(ws.seen()).toEqual([4, 5, 'synced']);
    expect(await fanout.catchUp(conn, 'g', 4)).toBe(true);
    expect(await fanout.catchUp(conn, 'g', 0)).toBe(true);
    expect(await fanout.catchUp(conn, 'g', 0)).toBe(true);
    expect(ws.seen()).toEqual([4, 5, 'synced', 'synced', 1, 2, 3, 'synced', 'synced']);
    expect(await fanout.catchUp(conn, 'other', 0)).toBe(false);
  });

  it('a failed history read is logged and the socket still gets synced', async () => {
    const { history, fanout, connect } = setup();
    history.mockRejectedValueOnce(new Error('database down'));
    const { ws, conn } = connect();
    await fanout.subscribe(conn, 'g', 0);
    expect(ws.seen()).toEqual(['synced']);
    expect(log.error).toHaveBeenCalled();
  });
});
