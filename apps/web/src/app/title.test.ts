import { describe, expect, it } from 'vitest';
import { buildTitle, titleKeyOf } from './title';

describe('title rule', () => {
  it('is "<route title> - <app name>"', () => {
    expect(buildTitle('Shopping cart', 'Cubeshop')).toBe('Shopping cart - Cubeshop');
    expect(buildTitle('购物车', 'Cubeshop 魔方商城')).toBe('购物车 - Cubeshop 魔方商城');
  });

  it('is the app name alone without a route title', () => {
    expect(buildTitle(undefined, 'Cubeshop')).toBe('Cubeshop');
    expect(buildTitle('  ', 'Cubeshop')).toBe('Cubeshop');
    expect(buildTitle('Cubeshop', 'Cubeshop')).toBe('Cubeshop');
  });

  it('takes the deepest route that names a title, static or from params', () => {
    const matches = [
      { params: {}, handle: undefined },
      { params: {}, handle: { title: 'routes.home' } },
      { params: { tag: 'hot' }, handle: { title: (p: Record<string, string | undefined>) => `sidebar.${p.tag}` } },
      { params: {}, handle: {} },
    ];
    expect(titleKeyOf(matches)).toBe('sidebar.hot');
    expect(titleKeyOf(matches.slice(0, 2))).toBe('routes.home');
    expect(titleKeyOf([{ params: {} }])).toBeUndefined();
  });
});
