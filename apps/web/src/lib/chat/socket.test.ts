import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket, chatSocketUrl, type ChatSocketOptions } from './socket';
import type { ChatConnection } from './state';
import { FakeSocket, lastSocket } from './test/fake-socket';

const URL_OK = 'ws://shop.test/ws?token=a-token-of-enough-length&language=zh';

function make(over: Partial<ChatSocketOptions> = {}) {
  const states: ChatConnection[] = [];
  const data: unknown[] = [];
  const lost = vi.fn();
  const sessionEnded = vi.fn();
  const socket = new ChatSocket({
    url: () => URL_OK,
    createSocket: (url) => new FakeSocket(url),
    onConnection: (c) => states.push(c),
    onData: (d) => data.push(d),
    onLost: lost,
    onSessionEnded: sessionEnded,
    ...over,
  });
  return { socket, states, data, lost, sessionEnded, state: () => socket.connection };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ChatSocket', () => {
  it('connecting -> connected; forwards data; sends JSON only while open', () => {
    const { socket, state, data } = make();
    expect(socket.send({ a: 1 })).toBe(false);
    socket.connect();
    expect(state()).toEqual({ status: 'connecting', problem: null, attempt: 0 });
    expect(lastSocket().url).toBe(URL_OK);
    expect(socket.send({ a: 1 })).toBe(false);
    lastSocket().open();
    expect(state()).toEqual({ status: 'connected', problem: null, attempt: 0 });
    lastSocket().push({ type: 'pong', at: 1 });
    expect(data).toEqual(['{"type":"pong","at":1}']);
    expect(socket.send({ type: 'ping' })).toBe(true);
    expect(lastSocket().sent).toEqual([{ type: 'ping' }]);
    // connect() again is a no-op while a socket is there
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('no URL (no usable token): no socket, problem no_token', () => {
    const { socket, state } = make({ url: () => null });
    socket.connect();
    expect(FakeSocket.all).toHaveLength(0);
    expect(state()).toEqual({ status: 'disconnected', problem: 'no_token', attempt: 0 });
  });

  it('after a non-normal close: 3 retries 3 s apart, then retries_exhausted and the button', () => {
    const { socket, state, lost } = make();
    socket.connect();
    lastSocket().open();
    lastSocket().serverClose(1006);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ status: 'reconnecting', problem: null, attempt: 1 });
    vi.advanceTimersByTime(2_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(state().status).toBe('reconnecting');
    lastSocket().serverClose(1006);
    expect(state().attempt).toBe(2);
    vi.advanceTimersByTime(3_000);
    lastSocket().serverClose(1012);
    expect(state().attempt).toBe(3);
    vi.advanceTimersByTime(3_000);
    expect(FakeSocket.all).toHaveLength(4);
    lastSocket().serverClose(1006);
    expect(state()).toEqual({ status: 'disconnected', problem: 'retries_exhausted', attempt: 0 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(4);

    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(5);
    expect(state()).toEqual({ status: 'connecting', problem: null, attempt: 0 });
  });

  it('the count starts again with the session frame, not on open', () => {
    const { socket, state } = make();
    socket.connect();
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(3_000);
    lastSocket().open();
    lastSocket().serverClose(1011);
    expect(state().attempt).toBe(2);
    vi.advanceTimersByTime(3_000);
    lastSocket().open();
    socket.sessionStarted();
    lastSocket().serverClose(1011);
    expect(state().attempt).toBe(1);
  });

  it('a normal close (1000) is not retried', () => {
    const { socket, state } = make();
    socket.connect();
    lastSocket().open();
    lastSocket().serverClose(1000);
    expect(state()).toEqual({ status: 'disconnected', problem: null, attempt: 0 });
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('4401: the session ended; signed-out callback, never retried with that token', () => {
    const { socket, state, sessionEnded } = make();
    socket.connect();
    lastSocket().open();
    lastSocket().serverClose(4401);
    expect(state()).toEqual({ status: 'disconnected', problem: 'unauthorized', attempt: 0 });
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(socket.stopped).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('4429: too many connections; waits for the button', () => {
    const { socket, state } = make();
    socket.connect();
    lastSocket().open();
    lastSocket().serverClose(4429);
    expect(state()).toEqual({ status: 'disconnected', problem: 'too_many', attempt: 0 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('an error while connected says disconnected; the close that follows decides', () => {
    const { socket, state } = make();
    socket.connect();
    lastSocket().open();
    lastSocket().error();
    expect(state().status).toBe('disconnected');
    lastSocket().serverClose(1006);
    expect(state().status).toBe('reconnecting');
  });

  it('a socket that cannot even be made counts as an abnormal close', () => {
    let fail = true;
    const { socket, state } = make({
      createSocket: (url) => {
        if (fail) throw new Error('blocked');
        return new FakeSocket(url);
      },
    });
    socket.connect();
    expect(state()).toEqual({ status: 'reconnecting', problem: null, attempt: 1 });
    fail = false;
    vi.advanceTimersByTime(3_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('close(): 1000, no retry, and the old socket is not heard from again', () => {
    const { socket, state, data, lost } = make();
    socket.connect();
    const first = lastSocket();
    first.open();
    socket.close();
    expect(first.closedWith).toBe(1000);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ status: 'disconnected', problem: null, attempt: 0 });
    expect(socket.stopped).toBe(true);
    first.push({ late: true });
    first.serverClose(1006);
    expect(data).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnect() replaces a live socket; the replaced one is ignored', () => {
    const { socket, state } = make();
    socket.connect();
    const first = lastSocket();
    first.open();
    socket.reconnect();
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
    first.serverClose(1006);
    expect(state().status).toBe('connecting');
  });

  it('asks for the URL again on every attempt', () => {
    let n = 0;
    const { socket } = make({ url: () => `ws://shop.test/ws?token=a-token-of-enough-length&n=${++n}` });
    socket.connect();
    lastSocket().serverClose(1006);
    vi.advanceTimersByTime(3_000);
    expect(FakeSocket.all.map((s) => s.query.get('n'))).toEqual(['1', '2']);
  });
});

describe('chatSocketUrl', () => {
  it('token of 10+ characters, language, and since per conversation', () => {
    expect(chatSocketUrl('ws://x/ws', null, 'zh', {})).toBeNull();
    expect(chatSocketUrl('ws://x/ws', '123456789', 'zh', {})).toBeNull();
    expect(chatSocketUrl('ws://x/ws', '1234567890', 'en', {})).toBe('ws://x/ws?token=1234567890&language=en');
    const url = new URL(chatSocketUrl('ws://x/ws', '1234567890', 'zh', { a: 2, b: 5 })!);
    expect(url.searchParams.get('since')).toBe('a:2,b:5');
  });
});
