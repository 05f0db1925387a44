// Over 400 lines on purpose: one index (terms, postings, pinyin, synonyms, typos, orders) whose
// parts share the same typed arrays; split, they would pass a dozen arrays between files.
import { pinyin } from 'pinyin-pro';
import { normalizeText } from './catalog.search.js';

/**
 * The in-memory search index of the shop window (docs/catalog.md, Search): every product on sale
 * with its names, types, brand, category, pinyin syllables and the fields list filters and sorts
 * need. A keyword is ranked here, in one pass over the products per new word (cached per word):
 *
 *   exact SKU id or barcode > brand > whole word of the name > word of the type or category >
 *   pinyin on syllable boundaries (full or initials) > substring of a Latin word > typo;
 *   synonyms (a table, search_synonyms) count a little less than the word itself.
 *
 * A product matches when every word of the keyword matches somewhere (AND); its score is the sum
 * of each word's best tier, ties by popularity (orders, favourites), then newest.
 */

export interface IndexRow {
  id: number;
  nameZh: string;
  nameEn: string;
  /** Type (colour, edition) names, both languages. */
  typeNames: string[];
  supplierId: number;
  categoryId: number;
  barcode: string | null;
  basePriceFen: number;
  hot: boolean;
  discountPercent: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Brands and categories by id: names in both languages; categories with their ancestors' names. */
export interface IndexNames {
  brands: Map<number, { nameZh: string; nameEn: string }>;
  categories: Map<number, { nameZh: string; nameEn: string; pathNames: string[] }>;
}

export interface IndexFilter {
  categoryIds?: readonly number[] | undefined;
  supplierId?: number | undefined;
  minFen?: number | undefined;
  maxFen?: number | undefined;
  hot?: boolean | undefined;
  discounted?: boolean | undefined;
  createdSince?: Date | undefined;
}

/** Tiers of one keyword word (a product's score is their sum over the words). */
export const TIER = { code: 1000, brand: 40, nameWord: 30, otherWord: 25, pinyin: 20, pinyinInner: 17, substring: 10 } as const;
const SYNONYM_PENALTY = 2;
const TYPO_PENALTY = 5;
const MAX_TOKENS = 8;

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const CJK_RUNS = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const LATIN_WORD = /^[a-z]+$/;
const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/** Whether `token` occurs in `text` as a whole Latin word (neighbours are not letters or digits); `prefix`: only the start must be. */
export function wordIn(text: string, token: string, prefix = false): boolean {
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    if (isWordChar(text[at - 1])) continue;
    if (prefix || !isWordChar(text[at + token.length])) return true;
  }
  return false;
}

const pinyinMemo = new Map<string, { full: string; initials: string; syllables: string[] }>();

/**
 * Pinyin of every run of Chinese characters, one syllable each, as "'san'jie'mo'fang' 'wei'long'"
 * (full) and "'s'j'm'f' 'w'l'" (initials): a word matches on syllable boundaries when it is found
 * with its syllables between apostrophes ("gan" finds 干 "'gan'", never 金刚 "'jin'gang'").
 */
export function pinyinSyllables(value: string): { full: string; initials: string; syllables: string[] } {
  let cached = pinyinMemo.get(value);
  if (cached) return cached;
  const full: string[] = [];
  const initials: string[] = [];
  const syllables: string[] = [];
  for (const run of value.match(CJK_RUNS) ?? []) {
    const parts = pinyin(run, { toneType: 'none', type: 'array', v: true }).map((p) => p.toLowerCase());
    syllables.push(...parts);
    full.push(`'${parts.join("'")}'`);
    initials.push(`'${parts.map((p) => p[0]).join("'")}'`);
  }
  cached = { full: full.join(' '), initials: initials.join(' '), syllables };
  if (pinyinMemo.size > 50_000) pinyinMemo.clear();
  pinyinMemo.set(value, cached);
  return cached;
}

/** Optimal string alignment distance is at most 1 (one insertion, deletion, substitution or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A word of a name or type as written (split on spaces), with its pinyin; many products share it. */
interface Term {
  text: string;
  pyFull: string;
  pyInit: string;
}

interface Field extends Term {
  /** Whole names, normalised. */
  names: string[];
}

function termOf(text: string): Term {
  const py = pinyinSyllables(text);
  return { text, pyFull: py.full, pyInit: py.initials };
}

function fieldOf(names: string[]): Field {
  const normalised = names.map((v) => normalizeText(v).trim()).filter(Boolean);
  const py = normalised.map((v) => pinyinSyllables(v));
  return { text: ` ${normalised.join(' ').replace(/\s+/gu, ' ')} `, pyFull: py.map((p) => p.full).join(' '), pyInit: py.map((p) => p.initials).join(' '), names: normalised };
}

/** Matches of one keyword word: product positions (ascending) and their tiers. */
interface TokenMatches {
  at: Int32Array;
  tier: Uint8Array;
}

export interface SearchIndexOptions {
  /** Groups of equivalent words (normalised). */
  synonyms?: readonly (readonly string[])[] | undefined;
  /** Orders and favourites per product id. */
  popularity?: ReadonlyMap<number, number> | undefined;
}

/** A keyword's matches: ids best first (with each one's score), and ascending by price and by last update. */
export interface SearchMatches {
  relevance: Float64Array;
  scores: Uint16Array;
  byPrice: Float64Array;
  byUpdated: Float64Array;
}

/** What a product is ordered by: best-match ties (popularity, newest, id), price and last update. */
export interface ProductFacts {
  id: number;
  popularity: number;
  created: number;
  price: number;
  updated: number;
}

export interface Suggestions {
  products: number[];
  /** Each product's score, as `products`. */
  productScores: number[];
  brands: number[];
  categories: number[];
}

export interface SuggestLimits {
  products: number;
  brands: number;
  categories: number;
}

/**
 * Builds the index. Products are split into terms (words of the names and types as written,
 * lower case); a keyword word is tried against each distinct term once (a few thousand, even
 * for 100,000 products), then spread to the products through the term's postings. Rankings are
 * linear passes over precomputed orders (best match ties, price, last update): no sorting per query.
 */
/** Lets other requests run while a large index is built (every ROWS_PER_SLICE products). */
const ROWS_PER_SLICE = 5_000;
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function buildSearchIndex(rows: readonly IndexRow[], names: IndexNames, options: SearchIndexOptions = {}) {
  const n = rows.length;
  const ids = new Float64Array(n);
  const supplier = new Int32Array(n);
  const category = new Int32Array(n);
  const price = new Float64Array(n);
  const created = new Float64Array(n);
  const updated = new Float64Array(n);
  const flags = new Uint8Array(n); // 1 hot, 2 discounted
  const position = new Map<number, number>();
  const barcodes = new Map<string, number>();
  const vocabulary = new Set<string>();
  const syllables = new Set<string>();
  // name terms and type terms: text -> term number; postings: term number -> positions
  const termIds = [new Map<string, number>(), new Map<string, number>()] as const;
  const terms: [Term[], Term[]] = [[], []];
  const postings: [number[][], number[][]] = [[], []];
  const addTerms = (field: 0 | 1, text: string, i: number) => {
    for (const word of normalizeText(text).split(/\s+/u)) {
      if (!word) continue;
      let t = termIds[field].get(word);
      if (t === undefined) {
        t = terms[field].length;
        termIds[field].set(word, t);
        terms[field].push(termOf(word));
        postings[field].push([]);
      }
      const list = postings[field][t]!;
      if (list[list.length - 1] !== i) list.push(i);
    }
  };

  for (let i = 0; i < n; i++) {
    if (i > 0 && i % ROWS_PER_SLICE === 0) await breather();
    const r = rows[i]!;
    ids[i] = r.id;
    supplier[i] = r.supplierId;
    category[i] = r.categoryId;
    price[i] = r.basePriceFen;
    created[i] = r.createdAt.getTime();
    updated[i] = r.updatedAt.getTime();
    flags[i] = (r.hot ? 1 : 0) | (r.discountPercent > 0 ? 2 : 0);
    position.set(r.id, i);
    if (r.barcode) barcodes.set(normalizeText(r.barcode).trim(), i);
    addTerms(0, `${r.nameZh} ${r.nameEn}`, i);
    addTerms(1, r.typeNames.join(' '), i);
  }
  await breather();
  const termPostings = [postings[0].map((list) => Int32Array.from(list)), postings[1].map((list) => Int32Array.from(list))] as const;
  postings[0] = [];
  postings[1] = [];
  const addWords = (t: Term | Field) => {
    for (const word of t.text.split(/[^a-z0-9]+/)) if (word.length >= 2 && !/^\d+$/.test(word)) vocabulary.add(word);
    for (const s of t.pyFull.split(/[' ]+/)) if (s) syllables.add(s);
  };
  for (const field of terms) for (const t of field) addWords(t);

  const brands = new Map<number, Field>();
  for (const [id, b] of names.brands) brands.set(id, fieldOf([b.nameZh, b.nameEn]));
  const categories = new Map<number, Field>();
  for (const [id, c] of names.categories) categories.set(id, fieldOf(c.pathNames));
  for (const f of [...brands.values(), ...categories.values()]) addWords(f);
  const bySupplier = new Map<number, number[]>();
  const byCategory = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    (bySupplier.get(supplier[i]!) ?? bySupplier.set(supplier[i]!, []).get(supplier[i]!)!).push(i);
    (byCategory.get(category[i]!) ?? byCategory.set(category[i]!, []).get(category[i]!)!).push(i);
  }

  // Ties of best match: popularity, then newest, then the larger id; price and update orders ascending (key, id).
  const pop = new Float64Array(n);
  for (let i = 0; i < n; i++) pop[i] = options.popularity?.get(ids[i]!) ?? 0;
  const order = (compare: (i: number, j: number) => number) => Int32Array.from(Array.from({ length: n }, (_, i) => i).sort(compare));
  const byTie = order((i, j) => pop[j]! - pop[i]! || created[j]! - created[i]! || ids[j]! - ids[i]!);
  await breather();
  const byPrice = order((i, j) => price[i]! - price[j]! || ids[i]! - ids[j]!);
  await breather();
  const byUpdated = order((i, j) => updated[i]! - updated[j]! || ids[i]! - ids[j]!);

  const synonymsOf = new Map<string, string[]>();
  for (const group of options.synonyms ?? []) {
    const words = [...new Set(group.map((w) => normalizeText(w).trim()).filter(Boolean))];
    for (const w of words) synonymsOf.set(w, [...new Set([...(synonymsOf.get(w) ?? []), ...words.filter((o) => o !== w)])]);
  }
  const syllablePrefixes = new Set<string>();
  for (const s of syllables) for (let k = 1; k <= s.length; k++) syllablePrefixes.add(s.slice(0, k));

  /** Ways to write a Latin word as pinyin syllables of the catalog ("mofang" -> mo'fang); `partialLast`: the last may be cut short. */
  function segmentations(token: string, partialLast: boolean): string[][] {
    if (!LATIN_WORD.test(token) || token.length > 30) return [];
    const out: string[][] = [];
    const walk = (from: number, acc: string[]) => {
      if (out.length >= 8) return;
      if (from === token.length) return void out.push(acc);
      for (let to = Math.min(token.length, from + 6); to > from; to--) {
        const part = token.slice(from, to);
        if (syllables.has(part)) walk(to, [...acc, part]);
      }
      const rest = token.slice(from);
      if (partialLast && rest.length < 6 && !syllables.has(rest) && syllablePrefixes.has(rest)) out.push([...acc, rest]);
    };
    walk(0, []);
    return out;
  }

  /** The tier of one word against a term or field, 0 when it does not match. */
  function matcher(token: string, prefix: boolean): (t: Term, word: number) => number {
    const cjk = CJK.test(token);
    const full = segmentations(token, prefix).map((parts) => `'${parts.join("'")}${prefix ? '' : "'"}`);
    const initials = LATIN_WORD.test(token) && token.length >= 2 && token.length <= 12 ? `'${token.split('').join("'")}${prefix ? '' : "'"}` : undefined;
    // Pinyin from the start of a run of characters ("jm" 镜面魔方) ranks above pinyin inside one (三阶魔方).
    const pinyinTier = (text: string, pattern: string) => {
      let tier = 0;
      for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) {
        if (at === 0 || text[at - 1] === ' ') return TIER.pinyin;
        tier = TIER.pinyinInner;
      }
      return tier;
    };
    return (t, word) => {
      if (t.text.includes(token)) return cjk || wordIn(t.text, token, prefix) ? word : TIER.substring;
      let tier = 0;
      for (const p of full) if (tier < TIER.pinyin) tier = Math.max(tier, pinyinTier(t.pyFull, p));
      if (initials !== undefined && tier < TIER.pinyin) tier = Math.max(tier, pinyinTier(t.pyInit, initials));
      return tier;
    };
  }

  function brandTierOf(b: Field, token: string, match: (t: Term, word: number) => number, prefix: boolean): number {
    if (b.names.includes(token) || (prefix && b.names.some((name) => name.startsWith(token)))) return TIER.brand;
    if (LATIN_WORD.test(token)) {
      // A brand written in pinyin or by initials ("yuxin", "yx" for 裕鑫) is the brand too.
      const py = b.pyFull.split(' ')[0]?.replace(/'/g, '') ?? '';
      const init = b.pyInit.split(' ')[0]?.replace(/'/g, '') ?? '';
      if (py && (py === token || (token.length >= 2 && init === token) || (prefix && token.length >= 2 && py.startsWith(token)))) return TIER.brand;
    }
    // A word inside a longer brand name ("cube" in V-Cube) is not the brand.
    return match(b, TIER.otherWord);
  }

  /**
   * Tiers of one word (no synonyms) over every product, written into `into` where higher;
   * `seen` counts the words of a synonym group each product matches (alternative number `nth`).
   */
  function spread(token: string, prefix: boolean, penalty: number, into: Uint8Array, seen?: { nth: number; last: Int8Array; count: Uint8Array }) {
    const match = matcher(token, prefix);
    const put = (list: ArrayLike<number>, tier: number) => {
      if (tier <= 0) return;
      const value = Math.max(1, tier - penalty);
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!;
        if (into[i]! < value) into[i] = value;
        if (seen && seen.last[i] !== seen.nth) {
          seen.last[i] = seen.nth;
          seen.count[i]!++;
        }
      }
    };
    for (const [field, word] of [[0, TIER.nameWord], [1, TIER.otherWord]] as const) {
      const list = terms[field];
      for (let t = 0; t < list.length; t++) {
        const tier = match(list[t]!, word);
        if (tier) put(termPostings[field][t]!, tier);
      }
    }
    for (const [id, b] of brands) {
      const tier = brandTierOf(b, token, match, prefix);
      if (tier) put(bySupplier.get(id) ?? [], tier);
    }
    for (const [id, c] of categories) {
      const tier = match(c, TIER.otherWord);
      if (tier) put(byCategory.get(id) ?? [], tier);
    }
  }

  /** Vocabulary words one edit away from a Latin word of 5+ letters that is not a word of the catalog itself. */
  function typosOf(token: string): string[] {
    if (!LATIN_WORD.test(token) || token.length < 5 || vocabulary.has(token)) return [];
    const out: string[] = [];
    for (const word of vocabulary) if (Math.abs(word.length - token.length) <= 1 && withinOneEdit(token, word)) out.push(word);
    return out.slice(0, 5);
  }

  const tokenCache = new Map<string, TokenMatches>();
  let cachedWeight = 0;
  /** One word's matches over every product, with its synonyms and typo corrections (cached, least recently used go first). */
  function tokenMatches(token: string, prefix: boolean): TokenMatches {
    const key = `${prefix ? 'p' : 'w'}|${token}`;
    const hit = tokenCache.get(key);
    if (hit) {
      tokenCache.delete(key);
      tokenCache.set(key, hit);
      return hit;
    }
    const tiers = new Uint8Array(n);
    const synonyms = prefix ? [] : (synonymsOf.get(token) ?? []);
    if (synonyms.length === 0) spread(token, prefix, 0, tiers);
    else {
      // A product that says it in more of the group's words ("四阶" and "4x4") is surer to be meant: +1 a word, up to +2.
      const seen = { nth: 0, last: new Int8Array(n).fill(-1), count: new Uint8Array(n) };
      spread(token, false, 0, tiers, seen);
      synonyms.forEach((synonym, k) => spread(synonym, false, SYNONYM_PENALTY, tiers, { ...seen, nth: k + 1 }));
      for (let i = 0; i < n; i++) if (seen.count[i]! > 1) tiers[i] = Math.min(255, tiers[i]! + Math.min(2, seen.count[i]! - 1));
    }
    if (!prefix) for (const typo of typosOf(token)) spread(typo, false, TYPO_PENALTY, tiers);
    let count = 0;
    for (let i = 0; i < n; i++) if (tiers[i]) count++;
    const result: TokenMatches = { at: new Int32Array(count), tier: new Uint8Array(count) };
    for (let i = 0, k = 0; i < n; i++) {
      if (tiers[i]) {
        result.at[k] = i;
        result.tier[k++] = tiers[i]!;
      }
    }
    tokenCache.set(key, result);
    cachedWeight += count + 64;
    // Bounded: 5 bytes a match, 4 M matches (20 MB) at most.
    while (cachedWeight > 4_000_000 && tokenCache.size > 1) {
      const [oldest, value] = tokenCache.entries().next().value!;
      tokenCache.delete(oldest);
      cachedWeight -= value.at.length + 64;
    }
    return result;
  }

  /** Each product's summed score over the words (0: some word does not match). */
  function scores(tokens: string[], lastIsPrefix: boolean): Uint16Array {
    const lists = tokens.map((t, k) => tokenMatches(t, lastIsPrefix && k === tokens.length - 1));
    const score = new Uint16Array(n);
    if (lists.length === 1) {
      const { at, tier } = lists[0]!;
      for (let k = 0; k < at.length; k++) score[at[k]!] = tier[k]!;
      return score;
    }
    const count = new Uint8Array(n);
    for (const [round, list] of lists.entries()) {
      for (let k = 0; k < list.at.length; k++) {
        const i = list.at[k]!;
        if (count[i] === round) {
          count[i]!++;
          score[i]! += list.tier[k]!;
        }
      }
    }
    for (let i = 0; i < n; i++) if (count[i] !== lists.length) score[i] = 0;
    return score;
  }

  const tokensOf = (keyword: string) => [...new Set(normalizeText(keyword).trim().split(/\s+/u).filter(Boolean))].slice(0, MAX_TOKENS);

  /** Positions with a score (0: left out), best first, ties in the precomputed order: a counting sort by score. */
  function ranked(score: Uint16Array, limit = n): Int32Array {
    const counts = new Int32Array(65_536);
    let found = 0;
    for (let i = 0; i < n; i++) {
      if (score[i]) {
        counts[score[i]!]!++;
        found++;
      }
    }
    const size = Math.min(found, limit);
    const out = new Int32Array(size);
    const starts = new Int32Array(65_536);
    for (let s = 65_535, at = 0; s > 0; s--) {
      starts[s] = at;
      at += counts[s]!;
    }
    for (let k = 0; k < n; k++) {
      const i = byTie[k]!;
      const s = score[i]!;
      if (!s) continue;
      const at = starts[s]!++;
      if (at < size) out[at] = i;
    }
    return out;
  }

  /** Zeroes the score of every product the filter leaves out. */
  function applyFilter(score: Uint16Array, f: IndexFilter): void {
    const cats = f.categoryIds ? new Set(f.categoryIds) : undefined;
    const since = f.createdSince?.getTime();
    const none = !cats && f.supplierId === undefined && f.minFen === undefined && f.maxFen === undefined && !f.hot && !f.discounted && since === undefined;
    if (none) return;
    for (let i = 0; i < n; i++) {
      if (!score[i]) continue;
      const keep =
        (!cats || cats.has(category[i]!)) &&
        (f.supplierId === undefined || supplier[i] === f.supplierId) &&
        (f.minFen === undefined || price[i]! >= f.minFen) &&
        (f.maxFen === undefined || price[i]! <= f.maxFen) &&
        (!f.hot || (flags[i]! & 1) === 1) &&
        (!f.discounted || (flags[i]! & 2) === 2) &&
        (since === undefined || created[i]! >= since);
      if (!keep) score[i] = 0;
    }
  }

  /** Zeroes the score of the products given by id (answered from a newer index beside this one). */
  function leaveOut(score: Uint16Array, without: ReadonlySet<number> | undefined): void {
    if (!without) return;
    for (const id of without) {
      const i = position.get(id);
      if (i !== undefined) score[i] = 0;
    }
  }

  /** The ids of the scored positions in a precomputed order. */
  function idsInOrder(score: Uint16Array, order: Int32Array, count: number): Float64Array {
    const out = new Float64Array(count);
    for (let k = 0, at = 0; k < n; k++) {
      const i = order[k]!;
      if (score[i]) out[at++] = ids[i]!;
    }
    return out;
  }

  return {
    size: n,

    /**
     * The products matching the keyword and the filter: best match first, and ascending by
     * price and by last update (key, id; descending is the reverse). Undefined when the keyword
     * has no word. A keyword that is a SKU id or a barcode puts that product first.
     */
    search(keyword: string, f: IndexFilter, without?: ReadonlySet<number>): SearchMatches | undefined {
      const tokens = tokensOf(keyword);
      if (tokens.length === 0) return undefined;
      const score = scores(tokens, false);
      const whole = tokens.join(' ');
      // A barcode, or 5 to 18 digits that are a SKU id (shorter numbers are model numbers: "356").
      const code = barcodes.get(whole) ?? (/^\d{5,18}$/.test(whole) ? position.get(Number(whole)) : undefined);
      if (code !== undefined) score[code] = TIER.code;
      applyFilter(score, f);
      leaveOut(score, without);
      const relevance = ranked(score);
      const relevanceIds = new Float64Array(relevance.length);
      const relevanceScores = new Uint16Array(relevance.length);
      for (let k = 0; k < relevance.length; k++) {
        relevanceIds[k] = ids[relevance[k]!]!;
        relevanceScores[k] = score[relevance[k]!]!;
      }
      return {
        relevance: relevanceIds,
        scores: relevanceScores,
        byPrice: idsInOrder(score, byPrice, relevance.length),
        byUpdated: idsInOrder(score, byUpdated, relevance.length),
      };
    },

    /** What the orders of a product here are made of (best-match ties, price, update), undefined when it is not here. */
    facts(id: number): ProductFacts | undefined {
      const i = position.get(id);
      return i === undefined ? undefined : { id, popularity: pop[i]!, created: created[i]!, price: price[i]!, updated: updated[i]! };
    },

    /**
     * What the search box offers while typing (the last word counts as a prefix): product ids
     * best first (`limit` of them, the caller drops variants that read alike), brand and category ids.
     */
    suggest(keyword: string, limits: SuggestLimits, without?: ReadonlySet<number>): Suggestions {
      const tokens = tokensOf(keyword);
      if (tokens.length === 0) return { products: [], productScores: [], brands: [], categories: [] };
      const score = scores(tokens, true);
      leaveOut(score, without);
      const best = ranked(score, limits.products);
      const products = Array.from(best, (i) => ids[i]!);
      const productScores = Array.from(best, (i) => score[i]!);
      if (tokens.length > 1) return { products, productScores, brands: [], categories: [] };
      const last = tokens[0]!;
      const rank = (fields: Map<number, Field>, limit: number, brand: boolean) => {
        const match = matcher(last, true);
        return [...fields]
          .map(([id, f]) => ({ id, tier: brand ? brandTierOf(f, last, match, true) : f.names.some((name) => name.startsWith(last)) ? TIER.brand : match(f, TIER.nameWord) }))
          .filter((x) => x.tier >= TIER.pinyin)
          .sort((a, b) => b.tier - a.tier || a.id - b.id)
          .slice(0, limit)
          .map((x) => x.id);
      };
      return { products, productScores, brands: rank(brands, limits.brands, true), categories: rank(categories, limits.categories, false) };
    },
  };
}

export type SearchIndex = Awaited<ReturnType<typeof buildSearchIndex>>;
