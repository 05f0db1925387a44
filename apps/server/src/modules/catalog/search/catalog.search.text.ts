import { pinyin } from 'pinyin-pro';

/**
 * Search text and keyword parsing (docs/catalog.md, Search).
 *
 * Every product has one search column: its names in both languages, brand, category and type
 * names, and for each run of Chinese characters its pinyin in full ("sanjiecilimofang") and by
 * initials ("sjclmf"), all NFKC-normalised and lower-cased. Each character is then written twice
 * ("gan 魔方" -> "ggaann 魔魔方方"). A keyword token is doubled the same way and matched as a
 * substring with LIKE. Why doubled: pg_trgm extracts trigrams from the LIKE pattern, and a
 * 2-character word ("魔方", "mf", "v9") has none, so the GIN index could not help. Doubled, it is
 * 4 characters ("魔魔方方") with 2 trigrams, and every trigram of a doubled text encodes one
 * character pair, so the index works as a character-bigram index for any token of 2 or more
 * characters. Substring matching is unchanged: a doubled token occurs in a doubled text exactly
 * when the token occurs in the text (an odd-aligned occurrence needs all characters equal, and
 * then an even-aligned one exists too). The index condition is lossy; PostgreSQL rechecks LIKE.
 */

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;

export function normalizeText(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

/** "gan 魔方" -> "ggaann 魔魔方方"; whitespace stays single (tokens never contain it). */
export function doubleText(value: string): string {
  return value.replace(/\s+/gu, ' ').replace(/\S/gu, '$&$&');
}

const runMemo = new Map<string, string>();

/** Full pinyin and initials of one run of Chinese characters, memoised (runs repeat a lot). */
function pinyinOfRun(run: string): string {
  let cached = runMemo.get(run);
  if (cached === undefined) {
    cached = `${pinyin(run, { toneType: 'none', type: 'array', v: true }).join('')} ${pinyin(run, { pattern: 'first', toneType: 'none', type: 'array' }).join('')}`;
    if (runMemo.size > 100_000) runMemo.clear();
    runMemo.set(run, cached);
  }
  return cached;
}

/** Full pinyin and initials of each run of Chinese characters: "三阶磁力魔方" -> "sanjiecilimofang sjclmf". */
export function pinyinOf(value: string): string {
  const runs = value.match(CJK_RUN);
  return runs ? runs.map(pinyinOfRun).join(' ') : '';
}

export interface SearchSource {
  nameZh: string;
  nameEn: string;
  /** Brand, category and type names, both languages. */
  extra: string[];
  /** Chinese words whose pinyin is searchable too (name and brand are always). */
  pinyinOf?: string[];
}

/**
 * The stored search column of one product (doubled, see above). Words are de-duplicated to keep
 * the column and its index small: the trigram index costs about two entries per character.
 */
export function buildSearchText({ nameZh, nameEn, extra, pinyinOf: more = [] }: SearchSource): string {
  const words = new Set<string>();
  const add = (value: string) => {
    for (const word of normalizeText(value).split(/\s+/u)) if (word) words.add(word);
  };
  for (const value of [nameZh, nameEn, ...extra]) add(value);
  for (const value of [nameZh, ...more]) add(pinyinOf(value));
  return doubleText([...words].join(' '));
}

export interface ParsedKeyword {
  /** Normalised tokens, each matched as a substring (AND). */
  tokens: string[];
  /** LIKE patterns for the doubled search column, one per token. */
  patterns: string[];
  /** A keyword of 5 to 18 digits also matches a SKU id or a barcode exactly. */
  code: string | undefined;
}

const MAX_TOKENS = 8;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A size however it is typed ("3 x 3", "3×3", "3*3", "3 by 3", "3by3") is one word: "3x3". */
const TYPED_SIZE = /(\d)\s*(?:[x×*]|by)\s*(?=\d)/gu;

/**
 * Traditional characters of cube names (Taiwan, Hong Kong) read as the simplified ones the catalog
 * is written in: 三階 = 三阶, 磁力鏡面 = 磁力镜面; pairs of traditional, simplified.
 */
const TRADITIONAL =
  '階阶術术塊块轉转鏡镜龍龙懸悬駿骏藝艺聖圣風风飛飞鴻鸿騰腾雲云計计時时潤润實实異异禮礼盤盘貼贴紙纸黃黄寶宝華华夢梦國国創创視视錶表鐘钟層层體体競竞賽赛專专業业積积環环鎖锁連连魯鲁聰聪維维樂乐藍蓝勝胜動动變变單单雙双軸轴級级無无極极靈灵麗丽鋼钢陽阳紅红綠绿銀银鐵铁頭头顏颜壓压戰战裝装膠胶齒齿輪轮題题';
const SIMPLIFIED = new Map<string, string>();
for (let k = 0; k + 1 < TRADITIONAL.length; k += 2) SIMPLIFIED.set(TRADITIONAL[k]!, TRADITIONAL[k + 1]!);
const TRADITIONAL_CHAR = new RegExp(`[${[...SIMPLIFIED.keys()].join('')}]`, 'gu');
/** What Taiwan calls a magic cube ("magic-trick block"): 魔方. */
const REGIONAL_WORDS = /魔术方块/gu;

/** A keyword's traditional characters as simplified ones, and regional words as the catalog's. */
export function simplifiedOf(text: string): string {
  return text.replace(TRADITIONAL_CHAR, (c) => SIMPLIFIED.get(c) ?? c).replace(REGIONAL_WORDS, '魔方');
}

/** The words of a keyword: NFKC, lower case, simplified characters, sizes as one word, each once, at most MAX_TOKENS. */
export function keywordTokens(keyword: string): string[] {
  const normalized = simplifiedOf(normalizeText(keyword)).replace(TYPED_SIZE, '$1x').trim();
  return [...new Set(normalized.split(/\s+/u).filter(Boolean))].slice(0, MAX_TOKENS);
}

/** Splits a keyword into tokens; returns undefined when nothing searchable is left. */
export function parseKeyword(keyword: string | undefined): ParsedKeyword | undefined {
  if (!keyword) return undefined;
  const normalized = normalizeText(keyword).trim();
  if (!normalized) return undefined;
  const tokens = keywordTokens(normalized);
  if (tokens.length === 0) return undefined;
  const code = /^\d{5,18}$/.test(normalized) ? normalized : undefined;
  return { tokens, patterns: tokens.map((t) => `%${escapeLike(doubleText(t))}%`), code };
}
