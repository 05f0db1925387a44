import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatClient } from './client';
import { BUYER, GID, connected, last, makeClient, msg, session } from './test/client-fixtures';
import { FakeSocket } from './test/fake-socket';

// The composed client end to end against a fake socket: connection, messages and inactivity as
// the widget sees them (the console's read cursors: client.read.test.ts). Each part is also tested
// alone (socket, frames, reducer, outbox, read-reports, inactivity .test.ts).

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ChatClient connection', () => {
  it('opens only with a stored token of at least 10 characters, with the language', () => {
    const none = makeClient(null);
    none.connect();
    expect(FakeSocket.all).toHaveLength(0);
    expect(none.getState()).toMatchObject({ status: 'disconnected', problem: 'no_token' });

    const short = makeClient('123456789');
    short.connect();
    expect(FakeSocket.all).toHaveLength(0);
    expect(short.getState().problem).toBe('no_token');

    const ok = makeClient('1234567890');
    ok.connect();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().query.get('token')).toBe('1234567890');
    expect(last().query.get('language')).toBe('zh');
    expect(last().query.get('since')).toBeNull();
    expect(ok.getState().status).toBe('connecting');
    last().open();
    expect(ok.getState().status).toBe('connected');
  });

  it('retries 3 times, 3 s apart, after an abnormal close, then offers the reconnect button', () => {
    const { client, socket } = connected();
    socket.serverClose(1006);
    expect(client.getState()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().serverClose(1006);
    expect(client.getState().attempt).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.all).toHaveLength(3);
    last().serverClose(1006);
    expect(client.getState().attempt).toBe(3);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.all).toHaveLength(4);
    last().serverClose(1006);
    expect(client.getState()).toMatchObject({ status: 'disconnected', problem: 'retries_exhausted' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(4);

    // The reconnect button starts over.
    client.reconnect();
    expect(FakeSocket.all).toHaveLength(5);
    expect(client.getState().status).toBe('connecting');
  });

  it('does not retry after a normal close (1000)', () => {
    const { client, socket } = connected();
    socket.serverClose(1000);
    expect(client.getState().status).toBe('disconnected');
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a successful reconnect resets the attempt count', () => {
    const { client, socket } = connected();
    socket.serverClose(1012);
    vi.advanceTimersByTime(3000);
    last().open();
    last().push(session);
    expect(client.getState()).toMatchObject({ status: 'connected', attempt: 0 });
    last().serverClose(1006);
    expect(client.getState().attempt).toBe(1);
  });

  it('a session that ended on the server (4401) shows the signed-out state and never reconnects with that token', () => {
    const ended = vi.fn();
    const { client, socket } = connected(
      new ChatClient({
        role: 'buyer',
        language: 'en',
        getToken: () => 'a-token-of-enough-length',
        url: 'ws://shop.test/ws',
        createSocket: (url) => new FakeSocket(url),
        onSessionEnded: ended,
      }),
    );
    socket.serverClose(4401);
    expect(client.getState()).toMatchObject({ status: 'disconnected', problem: 'unauthorized' });
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('too many connections of one user (4429): says so and waits for the reconnect button', () => {
    const { client, socket } = connected();
    socket.serverClose(4429);
    expect(client.getState()).toMatchObject({ status: 'disconnected', problem: 'too_many' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    client.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('close() ends the connection with 1000 and never reconnects', () => {
    const { client, socket } = connected();
    client.close();
    expect(socket.closedWith).toBe(1000);
    expect(client.getState().status).toBe('disconnected');
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('ChatClient messages', () => {
  it('starts the conversation with the first message carrying a gid; input waits until then', () => {
    const client = makeClient();
    client.connect();
    last().open();
    last().push(session);
    expect(client.getState().activeGid).toBeNull();
    expect(client.sendText('hello')).toBeNull();
    last().push([msg(1, { kind: 'system', uid: 0 })]);
    expect(client.getState().activeGid).toBe(GID);
  });

  it('keeps messages ordered by seq and drops duplicates by id', () => {
    const { client, socket } = connected();
    socket.push(msg(3));
    socket.push(msg(2));
    socket.push([msg(2), msg(3), msg(4)]);
    socket.push(msg(4));
    expect(client.getState().messages[GID]!.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('ignores frames without gid, uid, uname or content/image', () => {
    const { client, socket } = connected();
    socket.push({ ...msg(2), gid: '' });
    socket.push({ ...msg(3), uname: undefined });
    socket.push({ ...msg(4), content: undefined, image: undefined });
    expect(client.getState().messages[GID]).toHaveLength(1);
  });

  it('a sent message has a client id, is pending until the ack, then sent; trimmed text must not be empty', () => {
    const { client, socket } = connected();
    expect(client.sendText('   ')).toBeNull();
    const id = client.sendText('  你好  ')!;
    expect(socket.sent.at(-1)).toEqual({ id, gid: GID, content: '你好' });
    expect(client.getState().messages[GID]!.at(-1)).toMatchObject({ id, status: 'pending', isUser: true, seq: null });
    socket.push({ type: 'ack', gid: GID, id, seq: 2, timestamp: 5, duplicate: false });
    expect(client.getState().messages[GID]!.at(-1)).toMatchObject({ id, status: 'sent', seq: 2 });
  });

  it('reconnects with the catch-up cursor; missed messages arrive in order, none doubled; unacked messages go again with the same id', () => {
    const { client, socket } = connected();
    socket.push(msg(2));
    const id = client.sendText('still there?')!;
    socket.push(msg(4)); // seq 3 not here yet: the cursor stays at 2
    socket.serverClose(1006);
    expect(client.getState().status).toBe('reconnecting');

    // Written while offline: waits, pending.
    const offline = client.sendText('written offline')!;
    expect(client.getState().messages[GID]!.find((m) => m.id === offline)!.status).toBe('pending');

    vi.advanceTimersByTime(3000);
    const again = last();
    expect(again.query.get('since')).toBe(`${GID}:2`);
    again.open();
    again.push(session);
    // The server had stored the first message as seq 3; the catch-up carries it and seq 4 again.
    again.push([msg(3, { id, uid: BUYER.uid, uname: BUYER.uname, content: 'still there?' }), msg(4), msg(5)]);
    again.push({ type: 'synced', gid: GID, lastSeq: 5 });
    // Only the message the server did not have is sent again, with its own id.
    expect(again.sent).toEqual([{ id: offline, gid: GID, content: 'written offline' }]);
    again.push({ type: 'ack', gid: GID, id: offline, seq: 6, timestamp: 9, duplicate: false });

    const list = client.getState().messages[GID]!;
    expect(list.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
    expect(list.every((m) => m.status === 'sent')).toBe(true);
    expect(list.find((m) => m.id === id)!.isUser).toBe(true);
  });

  it('a resend the server already stored is acked as a duplicate and shown once', () => {
    const { client, socket } = connected();
    const id = client.sendText('once')!;
    socket.serverClose(1006);
    vi.advanceTimersByTime(3000);
    const again = last();
    again.open();
    again.push(session);
    again.push({ type: 'synced', gid: GID, lastSeq: 1 });
    expect(again.sent).toEqual([{ id, gid: GID, content: 'once' }]);
    again.push({ type: 'ack', gid: GID, id, seq: 2, timestamp: 9, duplicate: true });
    expect(client.getState().messages[GID]!.filter((m) => m.id === id)).toHaveLength(1);
  });

  it('a refused message is marked failed with the server reason', () => {
    const { client, socket } = connected();
    const failures: string[] = [];
    client.onEvent((e) => e.type === 'send_failed' && failures.push(e.desc));
    const id = client.sendImage('data:image/png;base64,AAAA')!;
    socket.push({ type: 'error', code: 'not_image', desc: 'Not an image', gid: GID, id });
    expect(client.getState().messages[GID]!.at(-1)).toMatchObject({ status: 'failed', error: 'Not an image' });
    expect(failures).toEqual(['Not an image']);
  });

  it('counts unread messages from others while the window is closed, resets on open', () => {
    const { client, socket } = connected();
    client.setViewing(null);
    socket.push(msg(2));
    socket.push(msg(3));
    expect(client.getState().unread[GID]).toBe(3); // greeting + 2
    client.setViewing('*');
    expect(client.getState().unread).toEqual({});
    socket.push(msg(4));
    expect(client.getState().unread).toEqual({});
  });

  it('admins reconnect with a cursor per conversation', () => {
    const client = makeClient('a-token-of-enough-length', 'admin');
    client.connect();
    last().open();
    const other = '99999999-2222-4333-8444-555555555555';
    last().push([msg(1), msg(2)]);
    last().push([msg(1, { gid: other, id: 'o1' })]);
    last().serverClose(1011);
    vi.advanceTimersByTime(3000);
    expect(last().query.get('since')).toBe(`${GID}:2,${other}:1`);
  });
});

describe('ChatClient inactivity (buyer)', () => {
  it('warns at 270 s, ends at 300 s: system message, user_inactive frame, gid cleared 2 s later', () => {
    const { client, socket } = connected();
    vi.advanceTimersByTime(269_999);
    expect(client.getState().warning).toBeNull();
    vi.advanceTimersByTime(1);
    expect(client.getState().warning).toMatchObject({ gid: GID });
    vi.advanceTimersByTime(29_999);
    expect(socket.sent.some((f) => f.type === 'user_inactive')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'user_inactive', gid: GID, reason: 'inactivity_timeout' });
    const state = client.getState();
    expect(state.warning).toBeNull();
    expect(state.messages[GID]!.at(-1)).toMatchObject({ isSystem: true, localKey: 'endedInactive' });
    expect(state.ended[GID]).toBe('inactivity_timeout');
    expect(state.activeGid).toBe(GID);
    vi.advanceTimersByTime(1999);
    expect(client.getState().activeGid).toBe(GID);
    vi.advanceTimersByTime(1);
    expect(client.getState().activeGid).toBeNull();
    expect(client.sendText('too late')).toBeNull();
  });

  it('continue resets the timers and tells the server', () => {
    const { client, socket } = connected();
    vi.advanceTimersByTime(280_000);
    expect(client.getState().warning).not.toBeNull();
    client.continueChat();
    expect(socket.sent.at(-1)).toEqual({ type: 'user_active', gid: GID });
    expect(client.getState().warning).toBeNull();
    vi.advanceTimersByTime(269_999);
    expect(client.getState().warning).toBeNull();
    expect(client.getState().ended[GID]).toBeUndefined();
    vi.advanceTimersByTime(30_001);
    expect(client.getState().ended[GID]).toBe('inactivity_timeout');
  });

  it('sending a message counts as activity', () => {
    const { client } = connected();
    vi.advanceTimersByTime(200_000);
    client.sendText('hi');
    vi.advanceTimersByTime(200_000);
    expect(client.getState().warning).toBeNull();
  });

  it("the server's end replaces the local notice and clears the gid after 2 s", () => {
    const { client, socket } = connected();
    socket.push(msg(2, { kind: 'system', uid: 0, uname: 'Cubeshop', content: 'closed' }));
    socket.push({ type: 'ended', gid: GID, reason: 'agent_ended', at: 1 });
    expect(client.getState().ended[GID]).toBe('agent_ended');
    vi.advanceTimersByTime(2000);
    expect(client.getState().activeGid).toBeNull();
  });

  it('close() stops the timers', () => {
    const { client, socket } = connected();
    client.close();
    vi.advanceTimersByTime(400_000);
    expect(client.getState().warning).toBeNull();
    expect(socket.sent.some((f) => f.type === 'user_inactive')).toBe(false);
  });
});
