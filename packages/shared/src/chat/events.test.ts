import { describe, expect, it } from 'vitest';
import { chatTextProblem, formatChatSince, parseChatClientFrame, parseChatSince } from './events.js';

const gid = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const id = '0b8e7c6d-5a4f-4e3d-9c2b-1a0f9e8d7c6b';

describe('chat client frames', () => {
  it('reads message frames without a type, as public clients send them', () => {
    expect(parseChatClientFrame({ gid, content: 'hi' })).toEqual({ success: true, frame: { type: 'message', gid, content: 'hi', id: undefined } });
    expect(parseChatClientFrame({ gid, content: 'hi', id, type: 0 })).toEqual({ success: true, frame: { type: 'message', gid, content: 'hi', id } });
    expect(parseChatClientFrame({ gid, image: 'data:image/png;base64,AAAA' })).toMatchObject({ success: true, frame: { type: 'image', gid } });
  });

  it('reads the typed frames', () => {
    expect(parseChatClientFrame({ type: 'user_inactive', gid, reason: 'inactivity_timeout' })).toEqual({
      success: true,
      frame: { type: 'user_inactive', gid, reason: 'inactivity_timeout' },
    });
    expect(parseChatClientFrame({ type: 'user_inactive', gid })).toMatchObject({ success: true, frame: { reason: 'inactivity_timeout' } });
    expect(parseChatClientFrame({ type: 'catch_up', gid, since: 12 })).toMatchObject({ success: true, frame: { since: 12 } });
    expect(parseChatClientFrame({ type: 'ping' })).toEqual({ success: true, frame: { type: 'ping' } });
    expect(parseChatClientFrame({ type: 'read', gid, seq: 7 })).toEqual({ success: true, frame: { type: 'read', gid, seq: 7 } });
  });

  it('says what is wrong, echoing gid and id', () => {
    expect(parseChatClientFrame('text')).toMatchObject({ success: false });
    expect(parseChatClientFrame([1])).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'dance', gid })).toMatchObject({ success: false, gid, message: expect.stringContaining('unknown frame type') });
    expect(parseChatClientFrame({ gid, id })).toMatchObject({ success: false, gid, id, message: 'content or image is required' });
    expect(parseChatClientFrame({ gid: 'nope', content: 'x' })).toMatchObject({ success: false, message: expect.stringContaining('gid') });
    expect(parseChatClientFrame({ gid, content: 'x', id: 'not-a-uuid' })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ gid, content: 'x', image: 'AAAA' })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'catch_up', gid, since: -1 })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'read', gid, seq: -1 })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'read', gid, seq: 1.5 })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'read', gid, seq: 2 ** 31 })).toMatchObject({ success: false });
    expect(parseChatClientFrame({ type: 'read', gid })).toMatchObject({ success: false, gid });
  });

  it('checks text like the client does: trimmed, non-empty, at most 2000 characters', () => {
    expect(chatTextProblem('  \n')).toBe('empty_text');
    expect(chatTextProblem(' hi ')).toBeNull();
    expect(chatTextProblem('好'.repeat(2000))).toBeNull();
    expect(chatTextProblem('👍'.repeat(2000))).toBeNull();
    expect(chatTextProblem('x'.repeat(2001))).toBe('text_too_long');
  });
});

describe('since', () => {
  it('takes one number or gid:seq pairs', () => {
    expect(parseChatSince(undefined)).toEqual({ byGid: new Map() });
    expect(parseChatSince('17')).toEqual({ all: 17, byGid: new Map() });
    const other = '11111111-2222-4333-8444-555555555555';
    const text = formatChatSince({ [gid]: 3, [other]: 40 });
    expect(parseChatSince(text)).toEqual({
      byGid: new Map([
        [gid, 3],
        [other, 40],
      ]),
    });
    expect(parseChatSince('abc')).toBeNull();
    expect(parseChatSince(`${gid}:x`)).toBeNull();
  });
});
