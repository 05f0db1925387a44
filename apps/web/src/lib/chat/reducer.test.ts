import { describe, expect, it } from 'vitest';
import type { TChatEvent, TChatGroup } from '@cubeshop/shared';
import type { TIncomingChatMessage } from './frames';
import { chatReducer, isUnseenArrival, refusedMessage, type ChatAction } from './reducer';
import { initialChatState, type ChatMessage, type ChatRole, type ChatState } from './state';

const GID = '11111111-2222-4333-8444-555555555555';
const OTHER = '99999999-2222-4333-8444-555555555555';
const BUYER = { uid: 7, uname: 'Mei' };
const AGENT = { uid: 2, uname: 'Ann' };

function frame(seq: number | null, over: Partial<TIncomingChatMessage> = {}): TIncomingChatMessage {
  return {
    gid: GID,
    id: `m-${seq}`,
    seq,
    kind: 'text',
    content: `text ${seq}`,
    image: null,
    ...AGENT,
    timestamp: 1000 + (seq ?? 0),
    source: `text ${seq}`,
    translate: `text ${seq}`,
    language: 'en',
    translation: 'off',
    translateError: false,
    ...over,
  };
}
const group = (over: Partial<TChatGroup> = {}): TChatGroup => ({
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
  ...over,
});
const session = (role: ChatRole): TChatEvent => ({
  type: 'session',
  ...(role === 'buyer' ? BUYER : AGENT),
  admin: role === 'admin',
  language: 'en',
  translation: 'on',
  serverTime: 0,
  limits: { textMaxLength: 2000, imageMaxBytes: 1048576, warningMs: 270000, countdownS: 30, endMs: 300000 },
});

const server = (event: TChatEvent, at = 50): ChatAction => ({ type: 'server', event, at });
const message = (f: TIncomingChatMessage, at = 50): ChatAction => ({ type: 'message', frame: f, at });
const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
const seqs = (state: ChatState, gid = GID) => (state.messages[gid] ?? []).map((m) => m.seq);
const own = (id: string, over: Partial<Omit<ChatMessage, 'order'>> = {}): ChatAction => ({
  type: 'sending',
  message: { ...frame(null, { id, ...BUYER }), timestamp: 10, status: 'pending', isUser: true, isSystem: false, ...over },
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A buyer with a session and a conversation that began (greeting seq 1). */
function buyer(): ChatState {
  return run(initialChatState('buyer'), server(session('buyer')), message(frame(1, { kind: 'system', uid: 0, uname: 'Cubeshop' })));
}
function admin(): ChatState {
  return run(initialChatState('admin'), server(session('admin')), server({ type: 'group', group: group() }));
}

describe('chatReducer: messages', () => {
  it('is pure: the state it is given is never changed', () => {
    const start = deepFreeze(buyer());
    const before = JSON.stringify(start);
    const next = run(
      start,
      message(frame(3)),
      message(frame(2)),
      own('c-1'),
      server({ type: 'ack', gid: GID, id: 'c-1', seq: 4, timestamp: 9, duplicate: false }),
    );
    expect(JSON.stringify(start)).toBe(before);
    expect(seqs(next)).toEqual([1, 2, 3, 4]);
  });

  it('the session is kept without its type', () => {
    const state = buyer();
    expect(state.session).toMatchObject({ uid: 7, uname: 'Mei', translation: 'on' });
    expect(state.session).not.toHaveProperty('type');
  });

  it('buyer: the first message carrying a gid opens the conversation; an ended one does not reopen', () => {
    const state = buyer();
    expect(state.activeGid).toBe(GID);
    const ended = run(state, server({ type: 'ended', gid: GID, reason: 'agent_ended', at: 1 }), { type: 'active_cleared', gid: GID });
    expect(ended.activeGid).toBeNull();
    expect(run(ended, message(frame(9))).activeGid).toBeNull();
    expect(run(ended, message(frame(1, { gid: OTHER, id: 'o-1' }))).activeGid).toBe(OTHER);
  });

  it('admin: messages never open a conversation', () => {
    expect(run(admin(), message(frame(1))).activeGid).toBeNull();
  });

  it('orders by seq and keeps one copy per id; a missing timestamp is the arrival time', () => {
    const state = run(buyer(), message(frame(3)), message(frame(2)), message(frame(3)), message(frame(4, { timestamp: null }), 777));
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
    expect(state.messages[GID]!.at(-1)!.timestamp).toBe(777);
    // The same copy again changes nothing at all.
    expect(chatReducer(state, message(frame(4)))).toBe(state);
  });

  it('own messages: pending in the order written, then sent by the ack or by their copy from the server', () => {
    let state = run(buyer(), own('c-1'), own('c-2'), message(frame(2)));
    expect(state.messages[GID]!.map((m) => [m.id, m.status])).toEqual([
      ['m-1', 'sent'],
      ['m-2', 'sent'],
      ['c-1', 'pending'],
      ['c-2', 'pending'],
    ]);
    state = run(state, server({ type: 'ack', gid: GID, id: 'c-2', seq: 3, timestamp: 9, duplicate: false }));
    state = run(state, message(frame(4, { id: 'c-1', ...BUYER })));
    expect(state.messages[GID]!.map((m) => [m.id, m.seq, m.status, m.isUser])).toEqual([
      ['m-1', 1, 'sent', false],
      ['m-2', 2, 'sent', false],
      ['c-2', 3, 'sent', true],
      ['c-1', 4, 'sent', true],
    ]);
  });

  it('counts unread messages from others while nothing is on screen; the screen clears them', () => {
    let state = run(buyer(), own('c-1'), message(frame(2)), message(frame(3, { id: 'c-9', ...BUYER })));
    expect(state.unread).toEqual({ [GID]: 2 });
    state = run(state, { type: 'viewing', viewing: '*' });
    expect(state.unread).toEqual({});
    state = run(state, message(frame(4)));
    expect(state.unread).toEqual({});
    state = run(state, { type: 'viewing', viewing: null }, message(frame(5)), message(frame(1, { gid: OTHER, id: 'o-1' })));
    expect(state.unread).toEqual({ [GID]: 1, [OTHER]: 1 });
    expect(run(state, { type: 'viewing', viewing: OTHER }).unread).toEqual({ [GID]: 1 });
  });

  it('a refused message fails with the reason; a rate limit or an error about nothing of ours is the last error', () => {
    let state = run(buyer(), own('c-1'));
    const refusal = { type: 'error', code: 'not_image', desc: 'Not an image', gid: GID, id: 'c-1' } as const;
    expect(refusedMessage(state, refusal)?.id).toBe('c-1');
    expect(refusedMessage(state, { ...refusal, code: 'rate_limited' })).toBeUndefined();
    state = run(state, server(refusal));
    expect(state.messages[GID]!.at(-1)).toMatchObject({ id: 'c-1', status: 'failed', error: 'Not an image' });
    expect(state.lastError).toBeNull();
    // Failed already: a second refusal is not about a pending message.
    expect(refusedMessage(state, refusal)).toBeUndefined();
    state = run(state, server({ type: 'error', code: 'rate_limited', desc: 'Slow down' }, 99));
    expect(state.lastError).toEqual({ code: 'rate_limited', desc: 'Slow down', at: 99 });
    // Tried again: pending, no error text.
    state = run(state, { type: 'resending', id: 'c-1' });
    expect(state.messages[GID]!.at(-1)).toMatchObject({ status: 'pending', error: undefined });
  });

  it('a translation replaces the text in my language and its flag', () => {
    const state = run(
      buyer(),
      message(frame(2)),
      server({ type: 'translation', gid: GID, id: 'm-2', seq: 2, language: 'zh', translate: '文字', translateError: true }),
    );
    expect(state.messages[GID]![1]).toMatchObject({ translate: '文字', translateError: true });
  });

  it('a translation that follows the message replaces its pending original; an older copy or a late failure never takes it back', () => {
    const pending = frame(2, { content: '你好', source: '你好', translate: '你好', language: 'zh', translation: 'on', translatePending: true });
    let state = run(buyer(), message(pending));
    expect(state.messages[GID]!.find((m) => m.id === 'm-2')).toMatchObject({ translate: '你好', translatePending: true });
    state = run(state, server({ type: 'translated', gid: GID, id: 'm-2', seq: 2, language: 'en', translate: 'Hello' }));
    expect(state.messages[GID]).toHaveLength(2);
    expect(state.messages[GID]!.find((m) => m.id === 'm-2')).toMatchObject({ translate: 'Hello', translatePending: false, translateError: false });
    // A catch-up copy read before the translation was stored.
    state = run(state, message({ ...pending, translatePending: false, translateError: true }));
    expect(state.messages[GID]!.find((m) => m.id === 'm-2')).toMatchObject({ translate: 'Hello', translateError: false });
    state = run(state, server({ type: 'translated', gid: GID, id: 'm-2', seq: 2, language: 'en', translate: '你好', translateError: true }));
    expect(state.messages[GID]!.find((m) => m.id === 'm-2')).toMatchObject({ translate: 'Hello', translateError: false });
    expect(state.messages[GID]).toHaveLength(2);
  });

  it('a failed translation after the message ends the pending state with the error flag', () => {
    const pending = frame(2, { content: '你好', source: '你好', translate: '你好', language: 'zh', translation: 'on', translatePending: true });
    const state = run(
      buyer(),
      message(pending),
      server({ type: 'translated', gid: GID, id: 'm-2', seq: 2, language: 'en', translate: '你好', translateError: true }),
    );
    expect(state.messages[GID]!.find((m) => m.id === 'm-2')).toMatchObject({ translate: '你好', translatePending: false, translateError: true });
  });

  it('isUnseenArrival: new and above the read cursor', () => {
    const state = run(admin(), server({ type: 'read', gid: GID, seq: 3 }), message(frame(2)));
    expect(isUnseenArrival(state, frame(2))).toBe(false); // held already
    expect(isUnseenArrival(state, frame(3))).toBe(false); // read before
    expect(isUnseenArrival(state, frame(4))).toBe(true);
    expect(isUnseenArrival(state, frame(null, { id: 'x' }))).toBe(true);
  });
});

describe('chatReducer: conversations and queues', () => {
  it('groups, and queue changes that count (a new waiting one only once it is known)', () => {
    let state = admin();
    expect(state.groups[GID]).toEqual(group());
    const waiting = group({ gid: OTHER, status: 'waiting', agents: [] });
    state = run(state, server({ type: 'queue', change: 'waiting', group: waiting }));
    expect(state.queueVersion).toBe(1);
    expect(state.groups[OTHER]).toBeUndefined();
    state = run(state, server({ type: 'queue', change: 'serving', group: { ...waiting, status: 'serving' } }));
    expect(state.groups[OTHER]?.status).toBe('serving');
    state = run(state, server({ type: 'queue', change: 'waiting', group: waiting }));
    expect(state.groups[OTHER]?.status).toBe('waiting');
    state = run(state, server({ type: 'presence', uid: 3, uname: 'Bo', admin: true, online: true }), server({ type: 'member_left', gid: GID, member: AGENT }));
    expect(state.queueVersion).toBe(5);
    // A buyer has no queues.
    expect(run(buyer(), server({ type: 'presence', uid: 2, uname: 'Ann', admin: true, online: false })).queueVersion).toBe(0);
  });

  it('events that keep nothing return the same state', () => {
    const state = buyer();
    for (const event of [
      { type: 'synced', gid: GID, lastSeq: 1 },
      { type: 'accepted', gid: GID, agent: AGENT, at: 1 },
      { type: 'waiting', gid: GID, since: 1 },
      { type: 'pong', at: 1 },
    ] satisfies TChatEvent[]) {
      expect(chatReducer(state, server(event))).toBe(state);
    }
    expect(chatReducer(state, { type: 'connection', status: 'disconnected', problem: null, attempt: 0 })).toBe(state);
    expect(chatReducer(state, { type: 'connection', status: 'reconnecting', problem: null, attempt: 2 })).toMatchObject({ status: 'reconnecting', attempt: 2 });
  });

  it("the server's end: reason kept, pending messages failed, the local notice replaced, the warning gone", () => {
    let state = run(buyer(), { type: 'ended_here', gid: OTHER, reason: 'inactivity_timeout', notice: true, at: 5 });
    state = run(state, { type: 'warning', warning: { gid: GID, endsAt: 9 } }, own('c-1'));
    state = run(state, { type: 'ended_here', gid: GID, reason: 'inactivity_timeout', notice: true, at: 5 });
    expect(state.messages[GID]!.at(-1)).toMatchObject({ id: `local-end-${GID}`, isSystem: true, localKey: 'endedInactive', timestamp: 5, seq: null });
    expect(state.messages[GID]!.find((m) => m.id === 'c-1')!.status).toBe('failed');
    expect(state.warning).toBeNull();
    state = run(
      state,
      message(frame(2, { kind: 'system', uid: 0, uname: 'Cubeshop', content: 'closed' })),
      server({ type: 'ended', gid: GID, reason: 'inactivity_timeout', at: 6 }),
    );
    expect(state.ended[GID]).toBe('inactivity_timeout');
    expect(state.messages[GID]!.map((m) => m.id)).toEqual(['m-1', 'm-2', 'c-1']);
    // The conversation stays the open one until it is cleared.
    expect(state.activeGid).toBe(GID);
    expect(run(state, { type: 'active_cleared', gid: OTHER }).activeGid).toBe(GID);
    expect(run(state, { type: 'active_cleared', gid: GID }).activeGid).toBeNull();
  });

  it('the buyer closing the chat ends it without a notice; start_new clears the open one', () => {
    const state = run(buyer(), { type: 'ended_here', gid: GID, reason: 'user_ended', notice: false, at: 5 });
    expect(state.ended[GID]).toBe('user_ended');
    expect(state.messages[GID]).toHaveLength(1);
    expect(run(state, { type: 'start_new' })).toMatchObject({ activeGid: null, warning: null });
  });

  it("inactivity_warning: the buyer's open conversation, once", () => {
    const state = run(buyer(), server({ type: 'inactivity_warning', gid: GID, countdownS: 30, endsAt: 100 }));
    expect(state.warning).toEqual({ gid: GID, endsAt: 100 });
    expect(run(state, server({ type: 'inactivity_warning', gid: GID, countdownS: 30, endsAt: 200 })).warning).toEqual({ gid: GID, endsAt: 100 });
    expect(run(buyer(), server({ type: 'inactivity_warning', gid: OTHER, countdownS: 30, endsAt: 100 })).warning).toBeNull();
    expect(run(admin(), server({ type: 'inactivity_warning', gid: GID, countdownS: 30, endsAt: 100 })).warning).toBeNull();
  });
});

describe('chatReducer: read cursors (admin)', () => {
  const fromBuyer = (seq: number) => frame(seq, { ...BUYER, id: `b-${seq}` });

  it('history at or below the cursor is read; above it unread', () => {
    const state = run(admin(), server({ type: 'read', gid: GID, seq: 3 }), ...[1, 2, 3, 4, 5].map((s) => message(fromBuyer(s))));
    expect(state.read).toEqual({ [GID]: 3 });
    expect(state.unread).toEqual({ [GID]: 2 });
  });

  it('the cursor only moves forward, and takes the unread above it along', () => {
    let state = run(admin(), ...[1, 2, 3, 4].map((s) => message(fromBuyer(s))));
    expect(state.unread).toEqual({ [GID]: 4 });
    state = run(state, server({ type: 'read', gid: GID, seq: 3 }));
    expect(state.unread).toEqual({ [GID]: 1 });
    state = run(state, server({ type: 'read', gid: GID, seq: 9 }));
    expect(state.unread).toEqual({});
    state = run(state, server({ type: 'read', gid: GID, seq: 2 }));
    expect(state.read[GID]).toBe(9);
  });

  it('on screen: read up to the newest message, arrivals and own acked messages included', () => {
    let state = run(admin(), ...[1, 2, 3].map((s) => message(fromBuyer(s))), message(frame(1, { ...BUYER, gid: OTHER, id: 'o-1' })));
    state = run(state, { type: 'viewing', viewing: GID });
    expect(state.read).toEqual({ [GID]: 3 });
    expect(state.unread).toEqual({ [OTHER]: 1 });
    state = run(state, message(fromBuyer(4)), own('c-1', { ...AGENT }), server({ type: 'ack', gid: GID, id: 'c-1', seq: 5, timestamp: 1, duplicate: false }));
    expect(state.read[GID]).toBe(5);
    expect(state.unread[GID]).toBeUndefined();
    state = run(state, { type: 'viewing', viewing: '*' });
    expect(state.read).toEqual({ [GID]: 5, [OTHER]: 1 });
  });

  it('a buyer keeps no read cursor', () => {
    const state = run(buyer(), server({ type: 'read', gid: GID, seq: 99 }), { type: 'viewing', viewing: '*' });
    expect(state.read).toEqual({});
  });
});
