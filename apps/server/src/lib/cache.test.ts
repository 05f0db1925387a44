import { describe, expect, it } from 'vitest';
import { CacheStats, LoadingCache } from './cache.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LoadingCache', () => {
  it('shares one load among concurrent misses, expires, and forgets failures', async () => {
    let now = 1_000;
    const cache = new LoadingCache<number>({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 1_999;
    expect(await cache.get('k', load)).toBe(1);
    now = 2_001;
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await tick();
    expect(await cache.get('bad', async () => 5)).toBe(5);
    await cache.get('third', load);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps values that load as undefined (a cached "nothing")', async () => {
    const cache = new LoadingCache<number | undefined>({ maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      return undefined;
    };
    expect(await cache.get('k', load)).toBeUndefined();
    expect(await cache.get('k', load)).toBeUndefined();
    expect(loads).toBe(1);
  });

  it('bounds loaded values by their summed weight, dropping the least recently used', async () => {
    const cache = new LoadingCache<number[]>({ ttlMs: 60_000, maxEntries: 100, now: () => 1, weigh: (v) => v.length, maxWeight: 10 });
    await cache.get('a', async () => [1, 2, 3, 4]);
    await cache.get('b', async () => [1, 2, 3, 4]);
    await cache.get('a', async () => []); // a is now the most recent
    expect(cache.totalWeight).toBe(8);
    await cache.get('c', async () => [1, 2, 3, 4]);
    await tick();
    expect(cache.totalWeight).toBe(8);
    expect(await cache.get('b', async () => [9])).toEqual([9]); // b was dropped and loads again
    expect(await cache.get('a', async () => [])).toEqual([1, 2, 3, 4]);
  });

  it('answers a load that was running when the cache was cleared, but does not keep it', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10 });
    let release!: (v: string) => void;
    const running = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('old');
    expect(await running).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('forgets one entry on delete, keeping the others', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.delete('a');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
  });

  it('with staleWhileRevalidate, answers an expired value at once and the reloaded one afterwards; a failed reload keeps the old', async () => {
    let now = 1_000;
    const cache = new LoadingCache<string>({ ttlMs: 1_000, maxEntries: 10, now: () => now, staleWhileRevalidate: true });
    expect(await cache.get('k', async () => 'v1')).toBe('v1');
    now = 2_500;
    let release!: (v: string) => void;
    const reload = new Promise<string>((r) => (release = r));
    // Expired: the old value, without waiting for the reload (which has not finished).
    expect(await cache.get('k', () => reload)).toBe('v1');
    release('v2');
    await tick();
    expect(await cache.get('k', async () => 'unused')).toBe('v2');
    now = 4_000;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('v2');
    await tick();
    expect(await cache.get('k', async () => 'v3')).toBe('v2');
    await tick();
    expect(await cache.get('k', async () => 'unused')).toBe('v3');
  });

  it('counts hits and misses under its name: a stale answer while reloading is a hit, a shared load a miss', async () => {
    let now = 1_000;
    const stats = new CacheStats();
    const pages = new LoadingCache<number>({ ttlMs: 100, maxEntries: 10, now: () => now, name: 'pages', stats });
    const lists = new LoadingCache<number>({ ttlMs: 100, maxEntries: 10, now: () => now, staleWhileRevalidate: true, name: 'lists', stats });
    await Promise.all([pages.get('a', async () => 1), pages.get('a', async () => 1)]);
    await pages.get('a', async () => 1);
    now = 1_200;
    await pages.get('a', async () => 2); // expired: loads again
    await lists.get('x', async () => 1);
    await lists.get('x', async () => 2); // stale, answered at once while it reloads
    expect(Object.fromEntries(stats.entries())).toEqual({ pages: { hits: 1, misses: 3 }, lists: { hits: 1, misses: 1 } });
  });
});
