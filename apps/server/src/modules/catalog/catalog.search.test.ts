import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache.js';
import { buildSearchText, doubleText, parseKeyword, pinyinOf } from './catalog.search.js';

describe('search text and keywords', () => {
  it('doubles every character so 2-character words have trigrams', () => {
    expect(doubleText('gan 魔方')).toBe('ggaann 魔魔方方');
    expect(doubleText('a  b\tc')).toBe('aa bb cc');
  });

  it('adds pinyin in full and by initials for each run of Chinese characters', () => {
    expect(pinyinOf('GAN 356 M 三阶磁力魔方')).toBe('sanjiecilimofang sjclmf');
    expect(pinyinOf('魔域 威龙')).toBe('moyu my weilong wl');
    expect(pinyinOf('Speed Cube')).toBe('');
  });

  it('builds one lower-case, de-duplicated, doubled column', () => {
    const text = buildSearchText({ nameZh: '魔域 威龙 WRM V9 三阶魔方', nameEn: 'MoYu WeiLong WRM V9 3x3', extra: ['魔域', 'MoYu', 'Ｂｌａｃｋ'] });
    for (const word of ['魔域', 'moyu', 'weilong', 'wrm', 'v9', 'sanjiemofang', 'sjmf', 'black', '3x3']) expect(text).toContain(doubleText(word));
    expect(text.split(' ').filter((w) => w === doubleText('moyu'))).toHaveLength(1);
  });

  it('splits a keyword into tokens and escapes LIKE wildcards', () => {
    expect(parseKeyword('  ')).toBeUndefined();
    expect(parseKeyword(undefined)).toBeUndefined();
    expect(parseKeyword('GAN  磁力 gan')).toEqual({ tokens: ['gan', '磁力'], patterns: ['%ggaann%', '%磁磁力力%'], code: undefined });
    expect(parseKeyword('100%_\\')?.patterns).toEqual(['%110000\\%\\%\\_\\_\\\\\\\\%']);
    expect(parseKeyword('6901234567892')?.code).toBe('6901234567892');
    expect(parseKeyword('1234')?.code).toBeUndefined();
  });
});

describe('TtlCache', () => {
  it('shares one load among concurrent misses, expires, and forgets failures', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1_000, 2, () => now);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1_000;
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('bad', async () => 5)).toBe(5);
    await cache.get('third', load);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('bounds loaded values by their summed weight, dropping the least recently used', async () => {
    const cache = new TtlCache<number[]>(60_000, 100, () => 0, { weigh: (v) => v.length, maxWeight: 10 });
    await cache.get('a', async () => [1, 2, 3, 4]);
    await cache.get('b', async () => [1, 2, 3, 4]);
    await cache.get('a', async () => []); // a is now the most recent
    expect(cache.totalWeight).toBe(8);
    await cache.get('c', async () => [1, 2, 3, 4]);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.totalWeight).toBe(8);
    expect(await cache.get('b', async () => [9])).toEqual([9]); // b was dropped and loads again
    expect(await cache.get('a', async () => [])).toEqual([1, 2, 3, 4]);
  });
});
