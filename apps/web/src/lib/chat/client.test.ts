import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { ChatClient, contiguousSeq, type ChatSocketLike } from './client';
import { clampWindowPosition, defaultWindowPosition } from './drag';
import { CHAT_EMOJI } from './emoji';
import { chatImageProblem } from './image';
import { linkify } from './linkify';
import { translationView } from './use-chat-client';

/** A test double of the browser WebSocket: records what is sent, lets the test play the server. */
class FakeSocket implements ChatSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ChatSocketLike['onopen'] = null;
  onclose: ChatSocketLike['onclose'] = null;
  onerror: ChatSocketLike['onerror'] = null;
  onmessage: ChatSocketLike['onmessage'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // --- the server's side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  get query() {
    return new URL(this.url).searchParams;
  }
}

const GID = '11111111-2222-4333-8444-555555555555';
const BUYER = { uid: 7, uname: 'Buyer' };
const AGENT = { uid: 2, uname: 'Agent' };

function msg(seq: number, over: Partial<TChatMessageFrame> = {}): TChatMessageFrame {
  return {
    gid: GID,
    id: `m-${seq}`,
    seq,
    kind: 'text',
    content: `text ${seq}`,
    image: null,
    uid: AGENT.uid,
    uname: AGENT.uname,
    timestamp: 1000 + seq,
    source: `text ${seq}`,
    translate: `text ${seq}`,
    language: 'en',
    translation: 'off',
    ...over,
  };
}

const session = {
  type: 'session',
  ...BUYER,
  admin: false,
  language: 'zh',
  translation: 'off',
  serverTime: 0,
  limits: { textMaxLength: 2000, imageMaxBytes: 1048576, warningMs: 270000, countdownS: 30, endMs: 300000 },
};

let ids = 0;
function makeClient(token: string | null = 'a-token-of-enough-length', role: 'buyer' | 'admin' = 'buyer') {
  return new ChatClient({
    role,
    language: 'zh',
    getToken: () => token,
    url: 'ws://shop.test/ws',
    createSocket: (url) => new FakeSocket(url),
    randomId: () => `c-${++ids}`,
  });
}

/** Connects, opens, and plays the buyer's set-up: session, greeting carrying the gid, synced. */
function connected(client = makeClient()) {
  client.connect();
  const socket = FakeSocket.all.at(-1)!;
  socket.open();
  socket.push(session);
  socket.push([msg(1, { kind: 'system', uid: 0, uname: 'Cubeshop', content: '您好' })]);
  socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
  return { client, socket };
}

const last = () => FakeSocket.all.at(-1)!;

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
      new ChatClient({ role: 'buyer', language: 'en', getToken: () => 'a-token-of-enough-length', url: 'ws://shop.test/ws', createSocket: (url) => new FakeSocket(url), onSessionEnded: ended }),
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

describe('ChatClient read cursors (admin)', () => {
  const adminSession = { ...session, ...AGENT, admin: true, language: 'en' };
  const fromBuyer = (seq: number) => msg(seq, { ...BUYER, id: `b-${seq}` });
  const group = {
    gid: GID,
    ...BUYER,
    language: 'en',
    status: 'serving',
    createdAt: 0,
    acceptedAt: 1,
    endedAt: null,
    endReason: null,
    waitingMs: 1,
    lastSeq: 5,
    agents: [AGENT],
  };

  /** An admin console loading: session, then per conversation the group, the read cursor, the history, synced. */
  function adminLoad(cursor: number, history = [1, 2, 3, 4, 5]) {
    const client = makeClient('a-token-of-enough-length', 'admin');
    const events: string[] = [];
    client.onEvent((e) => e.type === 'message' && events.push(e.message.id));
    client.connect();
    const socket = last();
    socket.open();
    socket.push(adminSession);
    socket.push({ type: 'group', group });
    socket.push({ type: 'read', gid: GID, seq: cursor });
    socket.push(history.map(fromBuyer));
    socket.push({ type: 'synced', gid: GID, lastSeq: history.at(-1) ?? 0 });
    return { client, socket, events };
  }
  const readFrames = (socket: FakeSocket) => socket.sent.filter((f) => f.type === 'read');

  it('a reload with the cursor at the newest message: no unread and no message event for the old messages; a new one still counts and notifies', () => {
    const { client, socket, events } = adminLoad(5);
    expect(client.getState().messages[GID]).toHaveLength(5);
    expect(client.getState().unread).toEqual({});
    expect(client.getState().read).toEqual({ [GID]: 5 });
    expect(events).toEqual([]);
    // Nothing to report: the server knows.
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toEqual([]);

    socket.push(fromBuyer(6));
    expect(client.getState().unread).toEqual({ [GID]: 1 });
    expect(events).toEqual(['b-6']);
  });

  it('a reload with the cursor in the middle: only the messages above it are unread and notify', () => {
    const { client, events } = adminLoad(3);
    expect(client.getState().unread).toEqual({ [GID]: 2 });
    expect(events).toEqual(['b-4', 'b-5']);
  });

  it('the open conversation is reported read up to its newest message, once per batch, not per message', () => {
    const { client, socket } = adminLoad(3);
    client.setViewing(GID);
    expect(client.getState().unread).toEqual({});
    expect(client.getState().read[GID]).toBe(5);
    socket.push(fromBuyer(6));
    socket.push(fromBuyer(7));
    expect(client.getState().unread).toEqual({});
    vi.advanceTimersByTime(999);
    expect(readFrames(socket)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(readFrames(socket)).toEqual([{ type: 'read', gid: GID, seq: 7 }]);
    // The agent's own message: read up to it too.
    const id = client.sendText('hello', GID)!;
    socket.push({ type: 'ack', gid: GID, id, seq: 8, timestamp: 2000, duplicate: false });
    socket.push({ type: 'read', gid: GID, seq: 7 });
    vi.advanceTimersByTime(1_000);
    expect(readFrames(socket)).toEqual([
      { type: 'read', gid: GID, seq: 7 },
      { type: 'read', gid: GID, seq: 8 },
    ]);
    socket.push({ type: 'read', gid: GID, seq: 8 });
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toHaveLength(2);
  });

  it("another device's read clears what it read here; newer messages stay unread", () => {
    const { client, socket, events } = adminLoad(5);
    socket.push(fromBuyer(6));
    socket.push(fromBuyer(7));
    expect(client.getState().unread).toEqual({ [GID]: 2 });
    socket.push({ type: 'read', gid: GID, seq: 6 });
    expect(client.getState().unread).toEqual({ [GID]: 1 });
    // A message the other device read already arriving late here is not new either.
    socket.push({ type: 'read', gid: GID, seq: 9 });
    expect(client.getState().unread).toEqual({});
    socket.push(fromBuyer(8));
    expect(client.getState().unread).toEqual({});
    expect(events).toEqual(['b-6', 'b-7']);
    // A cursor never goes back.
    socket.push({ type: 'read', gid: GID, seq: 2 });
    expect(client.getState().read[GID]).toBe(9);
  });

  it('a read the server did not confirm goes again after a reconnect; closing the console sends what is pending', () => {
    const { client, socket } = adminLoad(3);
    client.setViewing(GID);
    socket.serverClose(1011);
    vi.advanceTimersByTime(3_000);
    const again = last();
    expect(again).not.toBe(socket);
    again.open();
    again.push(adminSession);
    again.push({ type: 'group', group });
    again.push({ type: 'read', gid: GID, seq: 3 });
    again.push({ type: 'synced', gid: GID, lastSeq: 5 });
    expect(client.getState().unread).toEqual({});
    vi.advanceTimersByTime(1_000);
    expect(readFrames(again)).toEqual([{ type: 'read', gid: GID, seq: 5 }]);

    again.push({ type: 'read', gid: GID, seq: 5 });
    again.push(fromBuyer(6));
    client.close();
    expect(readFrames(again).at(-1)).toEqual({ type: 'read', gid: GID, seq: 6 });
  });

  it('buyers neither report reads nor take read events', () => {
    const { client, socket } = connected();
    client.setViewing('*');
    socket.push(msg(2));
    socket.push({ type: 'read', gid: GID, seq: 99 });
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toEqual([]);
    expect(client.getState().read).toEqual({});
    client.setViewing(null);
    socket.push(msg(3));
    expect(client.getState().unread).toEqual({ [GID]: 1 });
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

describe('chat helpers', () => {
  it('contiguousSeq stops at the first gap', () => {
    const m = (seq: number | null) => ({ seq }) as never;
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([m(1), m(2), m(3)])).toBe(3);
    expect(contiguousSeq([m(1), m(2), m(4), m(null)])).toBe(2);
    expect(contiguousSeq([m(2), m(3)])).toBe(0);
  });

  it('image gate: image files of at most 1,048,576 bytes', () => {
    expect(chatImageProblem({ type: 'image/png', size: 1_048_576 })).toBeNull();
    expect(chatImageProblem({ type: 'image/jpeg', size: 1_048_577 })).toBe('too_large');
    expect(chatImageProblem({ type: 'application/pdf', size: 10 })).toBe('not_image');
    expect(chatImageProblem({ type: '', size: 10 })).toBe('not_image');
  });

  it('drag clamping keeps a 20 px margin on every side', () => {
    const size = { width: 400, height: 500 };
    const view = { width: 1280, height: 800 };
    expect(clampWindowPosition({ x: -100, y: -50 }, size, view)).toEqual({ x: 20, y: 20 });
    expect(clampWindowPosition({ x: 5000, y: 5000 }, size, view)).toEqual({ x: 860, y: 280 });
    expect(clampWindowPosition({ x: 300, y: 100 }, size, view)).toEqual({ x: 300, y: 100 });
    expect(defaultWindowPosition(size, view)).toEqual({ x: 860, y: 280 });
    // Larger than the room: pinned to the top-left margin.
    expect(clampWindowPosition({ x: 100, y: 100 }, size, { width: 420, height: 500 })).toEqual({ x: 20, y: 20 });
  });

  it('linkify makes only http(s) links and keeps the rest as text', () => {
    expect(linkify('see https://cube.shop/a?b=1. ok')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', text: 'https://cube.shop/a?b=1', href: 'https://cube.shop/a?b=1' },
      { type: 'text', text: '. ok' },
    ]);
    expect(linkify('javascript:alert(1) <b>x</b>')).toEqual([{ type: 'text', text: 'javascript:alert(1) <b>x</b>' }]);
  });

  it('translation toggle: off, failed, available, or none', () => {
    const base = { kind: 'text', isUser: false, language: 'en' as string | null, translation: 'on' as const, translateError: false };
    expect(translationView(base, 'zh')).toBe('available');
    expect(translationView({ ...base, translation: 'off' }, 'zh')).toBe('off');
    expect(translationView({ ...base, translateError: true }, 'zh')).toBe('error');
    expect(translationView(base, 'en')).toBe('none');
    expect(translationView({ ...base, language: null }, 'zh')).toBe('none');
    expect(translationView({ ...base, isUser: true }, 'zh')).toBe('none');
  });

  it('about 150 distinct emoji', () => {
    expect(CHAT_EMOJI.length).toBeGreaterThanOrEqual(140);
    expect(new Set(CHAT_EMOJI).size).toBe(CHAT_EMOJI.length);
  });
});
