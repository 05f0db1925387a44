import { describe, expect, it } from 'vitest';
import { joinedFormsOf, piecesOf } from './catalog.search.forms.js';
import { buildSearchText, doubleText, keywordTokens, parseKeyword, pinyinOf, simplifiedOf } from './catalog.search.text.js';
import { pinyinSyllables, wordIn, withinOneEdit } from './catalog.search.index.js';

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

  it('reads a size however it is typed as one word', () => {
    for (const typed of ['5x5', '5 x 5', '5×5', '5*5', '5 by 5', '5by5', '5 BY 5']) expect(keywordTokens(typed)).toEqual(['5x5']);
    expect(keywordTokens('gan 5 by')).toEqual(['gan', '5', 'by']);
  });

  it('reads traditional characters as simplified, and 魔術方塊 as 魔方', () => {
    expect(simplifiedOf('磁力三階 鏡面 魔術方塊')).toBe('磁力三阶 镜面 魔方');
    expect(keywordTokens('魔域 三階')).toEqual(['魔域', '三阶']);
  });
});

describe('model names', () => {
  it('runs a model together when it holds a digit or a model letter; an abbreviation does not end it', () => {
    const forms = (name: string) => joinedFormsOf(name).map(([form]) => form);
    expect(forms('GAN 356 M 3x3 Magnetic')).toEqual(['gan356', 'gan356m', '356m']);
    expect(forms('QiYi M Pro 3x3 Magnetic')).toEqual(['qiyim', 'qiyimpro', 'mpro']);
    expect(forms('ShengShou Mr. M 3x3')).toEqual(['shengshoumrm', 'mrm']);
    expect(forms('YJ MGC Magnetic Skewb')).toEqual([]);
  });

  it('cuts a word into known pieces, every cut with the fewest pieces', () => {
    const known = new Set(['gan251', 'gan251m', 'pro', 'mpro', 'mgc', '3x3']);
    expect(piecesOf('gan251mpro', (p) => known.has(p))).toEqual([
      ['gan251', 'mpro'],
      ['gan251m', 'pro'],
    ]);
    expect(piecesOf('mgc3x3', (p) => known.has(p))).toEqual([['mgc', '3x3']]);
    expect(piecesOf('gans', (p) => p === 'gan' || p === 's')).toBeUndefined();
  });
});

describe('search index pieces', () => {
  it('writes pinyin as syllables between apostrophes, so words match on syllable boundaries', () => {
    expect(pinyinSyllables('裕鑫 金刚')).toMatchObject({ full: "'yu'xin' 'jin'gang'", initials: "'y'x' 'j'g'" });
    expect(pinyinSyllables('gan 356')).toMatchObject({ full: '', initials: '' });
    // "gan" is a syllable of 干 but only part of 刚 (gang)
    expect(pinyinSyllables('干').full.includes("'gan'")).toBe(true);
    expect(pinyinSyllables('金刚').full.includes("'gan'")).toBe(false);
  });

  it('finds whole Latin words, or word starts', () => {
    expect(wordIn(' gan 356 m 三阶uv磁力魔方 ', 'uv')).toBe(true);
    expect(wordIn(' gan 356 m ', 'ga')).toBe(false);
    expect(wordIn(' gan 356 m ', 'ga', true)).toBe(true);
    expect(wordIn(' x-man tornado ', 'man')).toBe(true);
  });

  it('tells one edit apart from two (insert, delete, replace, swap of neighbours)', () => {
    expect(withinOneEdit('pyramix', 'pyraminx')).toBe(true);
    expect(withinOneEdit('magentic', 'magnetic')).toBe(true);
    expect(withinOneEdit('magnetc', 'magnetic')).toBe(true);
    expect(withinOneEdit('magnetix', 'magnetic')).toBe(true);
    expect(withinOneEdit('magentix', 'magnetic')).toBe(false);
    expect(withinOneEdit('pyrmix', 'pyraminx')).toBe(false);
  });
});
