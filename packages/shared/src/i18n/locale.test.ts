import { describe, expect, it } from 'vitest';
import { parseLocale } from './locale.js';

describe('parseLocale', () => {
  it.each([
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-TW,zh;q=0.9', 'zh'],
    ['EN', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5', 'en'],
  ])('%s -> %s', (input, expected) => {
    expect(parseLocale(input)).toBe(expected);
  });
  it('gives undefined for nothing recognisable', () => {
    expect(parseLocale('fr-FR')).toBeUndefined();
    expect(parseLocale('')).toBeUndefined();
    expect(parseLocale(undefined)).toBeUndefined();
  });
});
