import { describe, expect, it } from 'vitest';
import { findInputProblem, INPUT_MAX_DEPTH, textProblem } from './text.js';

describe('the text rule', () => {
  it('refuses NUL, other control characters and unpaired surrogates', () => {
    expect(textProblem('x\u0000y')).toBe('control');
    expect(textProblem('\u0007bell')).toBe('control');
    expect(textProblem('esc\u001b[31m')).toBe('control');
    expect(textProblem('del\u007f')).toBe('control');
    expect(textProblem('c1\u0085')).toBe('control');
    expect(textProblem('half \ud83d')).toBe('surrogate');
    expect(textProblem('\ude00 low first')).toBe('surrogate');
  });

  it('accepts what people type: scripts, emoji, tabs and line breaks', () => {
    for (const ok of ['', '魔方 GAN 12 M', 'Rubik’s “cube” – 3×3', '👍🏽 ok', 'line 1\nline 2\r\n\tindented', 'é ñ ü ß']) {
      expect(textProblem(ok)).toBeNull();
    }
  });

  it('finds the first bad string anywhere in a value, keys included, with its path', () => {
    expect(findInputProblem({ a: 'ok', b: [1, 'ok', { c: 'x\u0000' }] })).toEqual({ path: 'b.2.c', problem: 'control' });
    expect(findInputProblem({ ['k\u0000']: 1 })).toEqual({ path: 'k?', problem: 'control' });
    expect(findInputProblem('\u0000')).toEqual({ path: '', problem: 'control' });
    expect(findInputProblem({ address: { name: 'Lin', street: 'Nanjing Rd' }, n: 3, t: true, z: null })).toBeNull();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)).toMatchObject({ problem: 'depth' });
    let ok: unknown = 'leaf';
    for (let i = 0; i < INPUT_MAX_DEPTH; i++) ok = { a: ok };
    expect(findInputProblem(ok)).toBeNull();
    expect(findInputProblem({ a: ok })).toMatchObject({ problem: 'depth' });
  });

  it('walks objects without a prototype and those of query-string parsers (a bare prototype)', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.keyword = 'x\u0000y';
    expect(findInputProblem(bare)).toEqual({ path: 'keyword', problem: 'control' });
    function Empty() {}
    Empty.prototype = Object.create(null);
    const parsed = new (Empty as unknown as new () => Record<string, unknown>)();
    parsed.keyword = 'x\u0000y';
    expect(findInputProblem(parsed)).toEqual({ path: 'keyword', problem: 'control' });
  });

  it('leaves class instances (buffers, streams) alone', () => {
    expect(findInputProblem({ file: Buffer.from([0, 0, 0]) })).toBeNull();
  });
});
