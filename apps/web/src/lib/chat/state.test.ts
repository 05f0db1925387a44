import { describe, expect, it } from 'vitest';
import { catchUpCursors, compareMessages, contiguousSeq, findMessage, initialChatState, type ChatMessage } from './state';

const msg = (seq: number | null, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m-${seq ?? 'x'}`,
  gid: 'g',
  seq,
  kind: 'text',
  content: '',
  image: null,
  uid: 1,
  uname: '',
  timestamp: 0,
  source: '',
  translate: '',
  language: null,
  translation: 'off',
  translateError: false,
  status: 'sent',
  isUser: false,
  isSystem: false,
  order: 0,
  ...over,
});

describe('chat state helpers', () => {
  it('contiguousSeq stops at the first gap', () => {
    const m = (seq: number | null) => ({ seq });
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([m(1), m(2), m(3)])).toBe(3);
    expect(contiguousSeq([m(1), m(2), m(4), m(null)])).toBe(2);
    expect(contiguousSeq([m(2), m(3)])).toBe(0);
  });

  it('catch-up cursors: per open conversation, none for ended ones or for nothing held', () => {
    const state = { messages: { a: [msg(1), msg(2)], b: [msg(1)], c: [msg(null)] }, ended: { b: 'agent_ended' as const } };
    expect(catchUpCursors(state)).toEqual({ a: 2 });
  });

  it('orders by seq, unsequenced last in the order written', () => {
    const list = [msg(null, { order: 5 }), msg(3), msg(null, { order: 2 }), msg(1)];
    expect(list.sort(compareMessages).map((x) => [x.seq, x.order])).toEqual([
      [1, 0],
      [3, 0],
      [null, 2],
      [null, 5],
    ]);
  });

  it('finds a message in one conversation or in any', () => {
    const state = { ...initialChatState('buyer'), messages: { a: [msg(1, { id: 'x', gid: 'a' })], b: [msg(1, { id: 'y', gid: 'b' })] } };
    expect(findMessage(state, 'b', 'y')?.gid).toBe('b');
    expect(findMessage(state, 'a', 'y')).toBeUndefined();
    expect(findMessage(state, undefined, 'y')?.gid).toBe('b');
  });
});
