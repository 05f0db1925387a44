import { describe, expect, it } from 'vitest';
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
