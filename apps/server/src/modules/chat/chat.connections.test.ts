import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionRegistry, type Subscription, type WsLike } from './chat.connections.js';
import type { ChatActor } from './chat.context.js';
import { Sequencer } from './chat.sequencer.js';

class FakeWs implements WsLike {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {
    this.pings++;
  }
}

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'zh' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'en' };
const session = { tokenHash: 'h', expiresAt: 0 };
const subscription = (): Subscription => ({ seq: new Sequencer(0), gapTimer: null, idle: Promise.resolve() });

afterEach(() => {
  vi.useRealTimers();
});

describe('connection registry', () => {
  it("knows each user's sockets: the first one and the last one", () => {
    const registry = createConnectionRegistry({ log });
    const a = registry.add(new FakeWs(), buyer, 10, session);
    const b = registry.add(new FakeWs(), buyer, 11, session);
    expect(a.first).toBe(true);
    expect(b.first).toBe(false);
    expect(a.conn.id).not.toBe(b.conn.id);
    expect(a.conn).toMatchObject({ actor: buyer, alive: true, closed: false, tokens: 0, refilledAt: 10, session });
    expect(registry.countForUser(1)).toBe(2);
    expect(registry.remove(a.conn)).toEqual({ gids: [], last: false });
    expect(a.conn.closed).toBe(true);
    expect(registry.remove(a.conn)).toBeNull();
    expect(registry.remove(b.conn)).toEqual({ gids: [], last: true });
    expect(registry.countForUser(1)).toBe(0);
    expect(registry.stats()).toEqual({ sockets: 0, users: 0, conversations: 0 });
  });

  it('indexes subscriptions by conversation and drops them (and their gap timers) with the socket', () => {
    vi.useFakeTimers();
    const registry = createConnectionRegistry({ log });
    const { conn } = registry.add(new FakeWs(), agent, 0, session);
    const other = registry.add(new FakeWs(), buyer, 0, session).conn;
    const fired = vi.fn();
    const sub = subscription();
    sub.gapTimer = setTimeout(fired, 100);
    registry.subscribe(conn, 'g1', sub);
    registry.subscribe(conn, 'g2', subscription());
    registry.subscribe(other, 'g1', subscription());
    expect([...registry.subscribers('g1')!]).toEqual([conn, other]);
    expect(registry.stats()).toEqual({ sockets: 2, users: 2, conversations: 2 });
    expect(registry.remove(conn)).toEqual({ gids: ['g1', 'g2'], last: true });
    expect([...registry.subscribers('g1')!]).toEqual([other]);
    expect(registry.subscribers('g2')).toBeUndefined();
    vi.advanceTimersByTime(200);
    expect(fired).not.toHaveBeenCalled();
  });

  it('reaches the sockets of a user and of the admins', () => {
    const registry = createConnectionRegistry({ log });
    const b = registry.add(new FakeWs(), buyer, 0, session).conn;
    const a1 = registry.add(new FakeWs(), agent, 0, session).conn;
    const a2 = registry.add(new FakeWs(), agent, 0, session).conn;
    expect([...registry.ofUser(2)]).toEqual([a1, a2]);
    expect([...registry.ofUser(99)]).toEqual([]);
    expect([...registry.agents()]).toEqual([a1, a2]);
    registry.remove(a1);
    expect([...registry.agents()]).toEqual([a2]);
    expect(registry.connections()).toEqual([b, a2]);
  });

  it('sends to open sockets only, and closes a socket too far behind (1013) instead of buffering more', () => {
    const registry = createConnectionRegistry({ log, maxBufferedBytes: 100 });
    const ws = new FakeWs();
    const { conn } = registry.add(ws, buyer, 0, session);
    registry.send(conn, { type: 'pong', at: 1 });
    expect(ws.sent).toEqual(['{"type":"pong","at":1}']);
    ws.bufferedAmount = 101;
    registry.sendRaw(conn, '"late"');
    expect(ws.closedWith).toEqual({ code: 1013, reason: 'too slow' });
    expect(conn.closed).toBe(true);
    ws.bufferedAmount = 0;
    registry.sendRaw(conn, '"after"');
    expect(ws.sent).toHaveLength(1);

    const closing = new FakeWs();
    closing.readyState = 2;
    registry.sendRaw(registry.add(closing, buyer, 0, session).conn, '"x"');
    expect(closing.sent).toEqual([]);
  });

  it('closes a list of sockets once each, terminating one whose close throws', () => {
    const registry = createConnectionRegistry({ log });
    const ok = new FakeWs();
    const broken = new FakeWs();
    broken.close = () => {
      throw new Error('gone');
    };
    const a = registry.add(ok, buyer, 0, session).conn;
    const b = registry.add(broken, buyer, 0, session).conn;
    expect(registry.closeConns([a, b], 4401, 'session ended')).toBe(2);
    expect(ok.closedWith).toEqual({ code: 4401, reason: 'session ended' });
    expect(broken.terminated).toBe(true);
    expect(registry.closeConns([a, b], 4401, 'again')).toBe(0);
  });

  it('pings every socket; one that did not answer the last ping is terminated; closeAll stops it', () => {
    vi.useFakeTimers();
    const registry = createConnectionRegistry({ log });
    const quiet = new FakeWs();
    const lively = new FakeWs();
    registry.add(quiet, buyer, 0, session);
    const answering = registry.add(lively, agent, 0, session).conn;
    registry.startHeartbeat(1_000);
    registry.startHeartbeat(1_000);
    vi.advanceTimersByTime(1_000);
    expect([quiet.pings, lively.pings]).toEqual([1, 1]);
    answering.alive = true; // its pong
    vi.advanceTimersByTime(1_000);
    expect(quiet.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(lively.pings).toBe(2);
    registry.closeAll(1012, 'server restart');
    expect(lively.closedWith).toEqual({ code: 1012, reason: 'server restart' });
    vi.advanceTimersByTime(5_000);
    expect(lively.pings).toBe(2);
  });
});
