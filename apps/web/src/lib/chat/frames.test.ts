import { describe, expect, it } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { parseChatEvent, parseServerData, toWire } from './frames';

const GID = '11111111-2222-4333-8444-555555555555';
const group = {
  gid: GID,
  uid: 7,
  uname: 'Mei',
  language: 'en',
  status: 'serving',
  createdAt: 0,
  acceptedAt: 1,
  endedAt: null,
  endReason: null,
  waitingMs: 1,
  lastSeq: 5,
  agents: [{ uid: 2, uname: 'Ann' }],
};
const frame: TChatMessageFrame = {
  gid: GID,
  id: 'm-1',
  seq: 1,
  kind: 'text',
  content: 'hi',
  image: null,
  uid: 2,
  uname: 'Ann',
  timestamp: 5,
  source: 'hi',
  translate: '你好',
  language: 'en',
  translation: 'on',
};
const json = (value: unknown) => JSON.stringify(value);

describe('incoming frames', () => {
  it('one message, an array of messages, or an event', () => {
    expect(parseServerData(json(frame))).toEqual([{ kind: 'message', frame: { ...frame, translateError: false, translatePending: false } }]);
    // A translation on its way (a `translated` event follows).
    expect(parseServerData(json({ ...frame, translate: 'hi', translatePending: true }))).toMatchObject([
      { frame: { translate: 'hi', translatePending: true, translateError: false } },
    ]);
    expect(parseServerData(json([frame, { ...frame, id: 'm-2', seq: 2 }])).map((i) => i.kind === 'message' && i.frame.id)).toEqual(['m-1', 'm-2']);
    expect(parseServerData(json({ type: 'synced', gid: GID, lastSeq: 3 }))).toEqual([{ kind: 'event', event: { type: 'synced', gid: GID, lastSeq: 3 } }]);
    // Public message frames may say type 0 (docs/requirements.md, API, WebSocket chat): still a message.
    expect(parseServerData(json({ ...frame, type: 0 }))).toHaveLength(1);
  });

  it('a message needs gid, id, content or image, uid and uname; the rest has defaults', () => {
    const bare = { gid: GID, id: 'x', content: 'hello', uid: 3, uname: 'U' };
    expect(parseServerData(json(bare))).toEqual([
      {
        kind: 'message',
        frame: {
          ...bare,
          seq: null,
          kind: 'text',
          image: null,
          timestamp: null,
          source: 'hello',
          translate: 'hello',
          language: null,
          translation: 'off',
          translateError: false,
          translatePending: false,
        },
      },
    ]);
    expect(parseServerData(json({ gid: GID, id: 'y', image: '/uploads/chat/a.webp', uid: 3, uname: 'U' }))).toMatchObject([
      { frame: { kind: 'image', content: '' } },
    ]);
    for (const bad of [
      { ...frame, gid: '' },
      { ...frame, gid: 'not-a-conversation' },
      { ...frame, id: undefined },
      { ...frame, uname: undefined },
      { ...frame, uid: '2' },
      { ...frame, content: undefined, image: undefined },
      { ...frame, content: undefined, image: null },
      { ...frame, seq: 'one' },
      { ...frame, kind: 'video' },
      { ...frame, language: 'fr' },
    ]) {
      expect(parseServerData(json(bad))).toEqual([]);
    }
    // In an array, the bad ones are left out and the good ones kept.
    expect(parseServerData(json([{ ...frame, uname: undefined }, frame]))).toHaveLength(1);
  });

  it('drops what is not JSON text', () => {
    expect(parseServerData('{oops')).toEqual([]);
    expect(parseServerData(new ArrayBuffer(4))).toEqual([]);
    expect(parseServerData(json(null))).toEqual([]);
    expect(parseServerData(json(42))).toEqual([]);
  });

  it('events are checked against their shape in the shared protocol', () => {
    expect(parseChatEvent({ type: 'ack', gid: GID, id: 'c-1', seq: 2, timestamp: 9, duplicate: false })).toEqual({
      type: 'ack',
      gid: GID,
      id: 'c-1',
      seq: 2,
      timestamp: 9,
      duplicate: false,
    });
    expect(parseChatEvent({ type: 'ack', gid: GID, id: 'c-1', seq: '2', timestamp: 9, duplicate: false })).toBeNull();
    expect(parseChatEvent({ type: 'group', group })).toEqual({ type: 'group', group });
    expect(parseChatEvent({ type: 'group', group: { ...group, status: 'lost' } })).toBeNull();
    expect(parseChatEvent({ type: 'ended', gid: GID, reason: 'agent_ended', at: 1 })).not.toBeNull();
    expect(parseChatEvent({ type: 'ended', gid: GID, reason: 'bored', at: 1 })).toBeNull();
    expect(parseChatEvent({ type: 'error', code: 'not_image', desc: 'Not an image', gid: GID, id: 'c-1' })).not.toBeNull();
    expect(parseChatEvent({ type: 'error', code: 'teapot', desc: 'x' })).toBeNull();
    expect(parseChatEvent({ type: 'read', gid: GID, seq: -1 })).toBeNull();
    expect(parseChatEvent({ type: 'translation', gid: GID, id: 'm-1', seq: 1, language: 'zh', translate: '你好', translateError: true })).not.toBeNull();
    expect(parseChatEvent({ type: 'translated', gid: GID, id: 'm-1', seq: 1, language: 'en', translate: 'Hello' })).toEqual({
      type: 'translated',
      gid: GID,
      id: 'm-1',
      seq: 1,
      language: 'en',
      translate: 'Hello',
    });
    expect(parseChatEvent({ type: 'translated', gid: GID, id: 'm-1', seq: 1, language: 'fr', translate: 'Bonjour' })).toBeNull();
    expect(parseChatEvent({ type: 'queue', change: 'waiting', group })).not.toBeNull();
    // Unknown or inherited names are no event types.
    expect(parseChatEvent({ type: 'dance' })).toBeNull();
    expect(parseChatEvent({ type: 'constructor' })).toBeNull();
    expect(parseChatEvent({ type: '__proto__' })).toBeNull();
    expect(parseServerData(json({ type: 'dance', gid: GID }))).toEqual([]);
  });

  it('session limits the server leaves out fall back to the shared constants', () => {
    const session = { type: 'session', uid: 7, uname: 'U', admin: false, language: 'en', translation: 'off', serverTime: 0 };
    expect(parseChatEvent({ ...session, limits: {} })).toMatchObject({
      limits: { textMaxLength: 2000, imageMaxBytes: 1_048_576, warningMs: 270_000, countdownS: 30, endMs: 300_000 },
    });
    expect(parseChatEvent(session)).toMatchObject({ limits: { endMs: 300_000 } });
    expect(parseChatEvent({ ...session, admin: 'no' })).toBeNull();
  });
});

describe('outgoing frames', () => {
  it('messages and images go without a type; every other frame with one', () => {
    expect(toWire({ type: 'message', id: 'c-1', gid: GID, content: 'hi' })).toEqual({ id: 'c-1', gid: GID, content: 'hi' });
    expect(toWire({ type: 'image', id: 'c-2', gid: GID, image: 'data:image/png;base64,AAAA' })).toEqual({
      id: 'c-2',
      gid: GID,
      image: 'data:image/png;base64,AAAA',
    });
    expect(toWire({ type: 'user_inactive', gid: GID, reason: 'inactivity_timeout' })).toEqual({
      type: 'user_inactive',
      gid: GID,
      reason: 'inactivity_timeout',
    });
    expect(toWire({ type: 'read', gid: GID, seq: 4 })).toEqual({ type: 'read', gid: GID, seq: 4 });
  });
});
