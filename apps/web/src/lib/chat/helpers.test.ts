import { describe, expect, it } from 'vitest';
import { clampWindowPosition, defaultWindowPosition } from './drag';
import { CHAT_EMOJI } from './emoji';
import { chatImageProblem } from './image';
import { linkify } from './linkify';
import { translationView } from './translation-view';

// The chat's small pure helpers (moved here from client.test.ts, assertions unchanged).
describe('chat helpers', () => {
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
