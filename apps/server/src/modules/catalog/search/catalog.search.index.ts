// Over 400 lines on purpose: one index (terms, postings, pinyin, synonyms, typos, orders) whose
// parts share the same typed arrays; split, they would pass a dozen arrays between files.
import { pinyin } from 'pinyin-pro';
import { nearest, type DictionaryEntry } from './catalog.search.correct.js';
import { alnumOf, formsFrom, formsMatching, isCjkOnly, isLatinAlnum, joinedFormsOf, piecesOf, postingsOf, wordForms } from './catalog.search.forms.js';
import { keywordTokens, normalizeText } from './catalog.search.text.js';

/**
 * The in-memory search index of the shop window (docs/catalog.md, Search): every product on sale
 * with its names, types, brand, category, pinyin syllables and the fields list filters and sorts
 * need. A keyword is ranked here, in one pass over the products per new word (cached per word):
 *
 *   exact SKU id or barcode > brand > whole word of the name (or a form of it: "gan356") >
 *   word of the category > word of the type > pinyin on syllable boundaries (full or initials) >
 *   substring of a Latin word > typo; synonyms and short forms (a table, search_synonyms) count
 *   a little less than the word itself.
 *
 * A product matches when every word of the keyword matches somewhere (AND); its score is the sum
 * of each word's best tier, ties by popularity (orders, favourites), then newest. Each word's
 * match is also strong or weak (weak: substring, typo, type only, initials inside a word, a
 * one-letter synonym); only the products with the fewest weakly matched words are answered
 * (the relevance floor), in every order.
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
export const TIER = { code: 1000, brand: 40, nameWord: 30, part: 26, otherWord: 25, typeWord: 22, pinyin: 20, pinyinInner: 17, substring: 10 } as const;
const SYNONYM_PENALTY = 2;
const SHORT_FORM_PENALTY = 1;
const PIECES_PENALTY = 2;
const TYPO_PENALTY = 5;
/** Two words of the keyword written side by side in the name ("gan 12" in "GAN 12 M MagLev"). */
const NEIGHBOURS_BONUS = 3;
/** Neighbouring words of a keyword tried run together, at most ("mf3 rs3 m"). */
const MAX_JOINED_WORDS = 4;

/**
 * One word's match of one product, in a byte: the tier, and whether the match is strong (what the
 * product is about: brand, name, category, pinyin of them) or weak (see above).
 */
const enc = (tier: number, strong: boolean) => (tier << 1) | (strong ? 1 : 0);
const tierOf = (value: number) => value >> 1;
const isStrong = (value: number) => (value & 1) === 1;

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

interface Brand extends Field {
  /** Names without their punctuation ("rubiks" for Rubik's, "xman" for X-Man), when that differs. */
  bare: string[];
}

function termOf(text: string): Term {
  const py = pinyinSyllables(text);
  return { text, pyFull: py.full, pyInit: py.initials };
}

function fieldOf(names: string[]): Field {
  const normalised = names.map((v) => normalizeText(v).trim()).filter(Boolean);
  const py = normalised.map((v) => pinyinSyllables(v));
  return {
    text: ` ${normalised.join(' ').replace(/\s+/gu, ' ')} `,
    pyFull: py.map((p) => p.full).join(' '),
    pyInit: py.map((p) => p.initials).join(' '),
    names: normalised,
  };
}

/** The pinyin of Chinese text as one Latin word ("威龙" -> "weilong"), what "did you mean" compares. */
const pinyinKey = (text: string) => pinyinSyllables(text).syllables.join('');

/** Matches of one keyword word: product positions (ascending), each one's match (tier and strength, see enc), how many are strong. */
interface TokenMatches {
  at: Int32Array;
  tier: Uint8Array;
  strong: number;
}

export interface SearchIndexOptions {
  /** Groups of equivalent words (normalised). */
  synonyms?: readonly (readonly string[])[] | undefined;
  /** Short forms (normalised): a word, then what it stands for, each a word or a phrase ("cb", "cyclone boys"). */
  shortForms?: readonly (readonly string[])[] | undefined;
  /** Orders and favourites per product id. */
  popularity?: ReadonlyMap<number, number> | undefined;
}

/** A keyword's matches: ids best first (with each one's score), and ascending by price and by last update. */
export interface SearchMatches {
  relevance: Float64Array;
  scores: Uint16Array;
  byPrice: Float64Array;
  byUpdated: Float64Array;
  /** The relevance floor: how many words the products answered match only weakly (the fewest of any match); 255 when none. */
  fewestWeak: number;
}

/** What an index answering beside another must know of the words (catalog.search.patch.ts). */
export interface SearchHints {
  /** Words that some product of either index matches strongly as written: they are not cut into pieces. */
  strongWords?: ReadonlySet<string> | undefined;
  /** Whether some product of either index matches every word strongly as written: then no word is cut. */
  strongAll?: boolean | undefined;
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
  // Models run together ("gan356": products), with the words as written of each. A model's forms
  // are one array for all its products (joinedFormsOf keeps them): their lists are found once.
  const joinedLists = new Map<string, number[]>();
  const written = new Map<string, string>();
  const listsOf = new Map<readonly (readonly [string, string])[], number[][]>();
  const addJoined = (forms: readonly (readonly [string, string])[], i: number) => {
    if (forms.length === 0) return;
    let lists = listsOf.get(forms);
    if (!lists) {
      lists = forms.map(([form, as]) => {
        let list = joinedLists.get(form);
        if (!list) {
          joinedLists.set(form, (list = []));
          written.set(form, as);
        }
        return list;
      });
      listsOf.set(forms, lists);
    }
    for (const list of lists) if (list[list.length - 1] !== i) list.push(i);
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
    const zh = joinedFormsOf(r.nameZh);
    const en = joinedFormsOf(r.nameEn);
    addJoined(zh, i);
    if (en !== zh) addJoined(en, i);
  }
  await breather();
  const termPostings = [postings[0].map((list) => Int32Array.from(list)), postings[1].map((list) => Int32Array.from(list))] as const;
  postings[0] = [];
  postings[1] = [];
  const joined = formsFrom(joinedLists);
  joinedLists.clear();
  listsOf.clear();
  // Words of the names without their separator ("xman") and their parts ("rs3m" -> rs, 3, m): name terms.
  const bareLists = new Map<string, number[]>();
  const partLists = new Map<string, number[]>();
  terms[0].forEach((t, k) => {
    const { bare, parts } = wordForms(t.text);
    if (bare) (bareLists.get(bare) ?? bareLists.set(bare, []).get(bare)!).push(k);
    for (const part of new Set(parts)) (partLists.get(part) ?? partLists.set(part, []).get(part)!).push(k);
  });
  const bareTerms = formsFrom(bareLists);
  const partTerms = formsFrom(partLists);
  const addWords = (t: Term | Field) => {
    for (const word of t.text.split(/[^a-z0-9]+/)) if (word.length >= 2 && !/^\d+$/.test(word)) vocabulary.add(word);
    for (const s of t.pyFull.split(/[' ]+/)) if (s) syllables.add(s);
  };
  for (const field of terms) for (const t of field) addWords(t);

  const brands = new Map<number, Brand>();
  for (const [id, b] of names.brands) {
    const field = fieldOf([b.nameZh, b.nameEn]);
    brands.set(id, { ...field, bare: field.names.map(alnumOf).filter((bare, k) => bare && bare !== field.names[k]) });
  }
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
  // A short form stands for one or more words or phrases ("cb" -> cyclone boys): a product must match every word of one of them.
  const shortFormsOf = new Map<string, string[][]>();
  for (const group of options.shortForms ?? []) {
    const [short, ...meant] = group.map((w) => normalizeText(w).trim()).filter(Boolean);
    if (!short || meant.length === 0) continue;
    shortFormsOf.set(short, [...(shortFormsOf.get(short) ?? []), ...meant.map(keywordTokens).filter((words) => words.length > 0)]);
  }
  const syllablePrefixes = new Set<string>();
  for (const s of syllables) for (let k = 1; k <= s.length; k++) syllablePrefixes.add(s.slice(0, k));
  // Chinese words the catalog uses on their own (a word of a name, a brand, a category, a synonym).
  const chineseWords = new Set<string>();
  for (const text of [...terms[0].map((t) => t.text), ...[...brands.values(), ...categories.values()].flatMap((f) => f.names), ...synonymsOf.keys()]) {
    if (isCjkOnly(text) && text.length >= 2) chineseWords.add(text);
  }

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

  /** The match of one word against a term or field (encoded: tier and strength), 0 when it does not match. */
  function matcher(token: string, prefix: boolean): (t: Term, word: number) => number {
    const cjk = CJK.test(token);
    const full = segmentations(token, prefix).map((parts) => `'${parts.join("'")}${prefix ? '' : "'"}`);
    const initials = LATIN_WORD.test(token) && token.length >= 2 && token.length <= 12 ? `'${token.split('').join("'")}${prefix ? '' : "'"}` : undefined;
    // Pinyin from the start of a run of characters ("jm" 镜面魔方) ranks above pinyin inside one
    // (三阶魔方); inside a run, full pinyin is strong ("mofang" in 三阶磁力魔方), initials only
    // when they spell a word the catalog uses on its own ("mf": 魔方 in 镜面魔方, not "jm": 阶魔 in 三阶魔方).
    const pinyinValue = (t: Term, text: string, pattern: string, full: boolean) => {
      let value = 0;
      for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) {
        if (at === 0 || text[at - 1] === ' ') return enc(TIER.pinyin, true);
        if (full || isStrong(value)) value = enc(TIER.pinyinInner, true);
        else {
          // The characters spelt: as many as the token has letters, from the syllable at `at`.
          const syllable = text.slice(0, at).replace(/[' ]/g, '').length;
          const chars = (t.text.match(CJK_RUNS) ?? []).join('');
          value = enc(TIER.pinyinInner, chineseWords.has(chars.slice(syllable, syllable + token.length)));
        }
      }
      return value;
    };
    return (t, word) => {
      if (t.text.includes(token)) return cjk || wordIn(t.text, token, prefix) ? enc(word, true) : enc(TIER.substring, false);
      let value = 0;
      for (const p of full) if (tierOf(value) < TIER.pinyin) value = Math.max(value, pinyinValue(t, t.pyFull, p, true));
      if (initials !== undefined && tierOf(value) < TIER.pinyin) value = Math.max(value, pinyinValue(t, t.pyInit, initials, false));
      return value;
    };
  }

  function brandValueOf(b: Brand, token: string, match: (t: Term, word: number) => number, prefix: boolean): number {
    // The name as written or without its punctuation ("rubiks" for Rubik's, "xman" for X-Man).
    const named = (name: string) => name === token || (prefix && name.startsWith(token));
    if (b.names.some(named) || b.bare.some(named)) return enc(TIER.brand, true);
    if (LATIN_WORD.test(token)) {
      // A brand written in pinyin or by initials ("yuxin", "yx" for 裕鑫) is the brand too.
      const py = b.pyFull.split(' ')[0]?.replace(/'/g, '') ?? '';
      const init = b.pyInit.split(' ')[0]?.replace(/'/g, '') ?? '';
      if (py && (py === token || (token.length >= 2 && init === token) || (prefix && token.length >= 2 && py.startsWith(token)))) return enc(TIER.brand, true);
    }
    // A word inside a longer brand name ("cube" in V-Cube) is not the brand.
    return match(b, TIER.otherWord);
  }

  /** Raises one product's match of a word to `value` (tier: the higher; strong: either). */
  const raise = (into: Uint8Array, i: number, value: number) => {
    const old = into[i]!;
    into[i] = (Math.max(old >> 1, value >> 1) << 1) | (old & 1) | (value & 1);
  };

  /**
   * Matches of one word (no synonyms) over every product, written into `into` where higher;
   * `seen` counts the words of a synonym group each product matches (alternative number `nth`);
   * `weakOnly`: every match counts as weak (a typo correction, a one-letter synonym).
   */
  function spread(
    token: string,
    prefix: boolean,
    penalty: number,
    into: Uint8Array,
    seen?: { nth: number; last: Int8Array; count: Uint8Array },
    weakOnly = false,
  ) {
    const match = matcher(token, prefix);
    const put = (list: ArrayLike<number>, value: number) => {
      if (!value) return;
      const lowered = enc(Math.max(1, tierOf(value) - penalty), !weakOnly && isStrong(value));
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!;
        raise(into, i, lowered);
        if (seen && seen.last[i] !== seen.nth) {
          seen.last[i] = seen.nth;
          seen.count[i]!++;
        }
      }
    };
    // Words of the name are what a product is; words of its type (colour, edition) only describe it: weak.
    for (const [field, word] of [
      [0, TIER.nameWord],
      [1, TIER.typeWord],
    ] as const) {
      const list = terms[field];
      for (let t = 0; t < list.length; t++) {
        const value = match(list[t]!, word);
        if (value) put(termPostings[field][t]!, field === 1 ? value & ~1 : value);
      }
    }
    // Other forms: the model run together ("gan356"), a word without its separator ("xman") or a part of one ("rs" of RS3M).
    for (const k of formsMatching(joined, token, prefix)) put(postingsOf(joined, k), enc(TIER.nameWord, true));
    for (const [forms, tier] of [
      [bareTerms, TIER.nameWord],
      [partTerms, TIER.part],
    ] as const) {
      for (const k of formsMatching(forms, token, prefix)) for (const t of postingsOf(forms, k)) put(termPostings[0][t]!, enc(tier, true));
    }
    for (const [id, b] of brands) {
      const value = brandValueOf(b, token, match, prefix);
      if (value) put(bySupplier.get(id) ?? [], value);
    }
    for (const [id, c] of categories) {
      const value = match(c, TIER.otherWord);
      if (value) put(byCategory.get(id) ?? [], value);
    }
  }

  /**
   * Products matching every list (a phrase, or the pieces of a word): the lowest tier less
   * `penalty`, strong when all are; `strongOnly`: only strong matches count.
   */
  function allOf(lists: readonly TokenMatches[], penalty: number, into: Uint8Array, strongOnly = false) {
    if (lists.length === 0) return;
    const count = new Uint8Array(n);
    const low = new Uint8Array(n);
    for (const [round, list] of lists.entries()) {
      for (let k = 0; k < list.at.length; k++) {
        const i = list.at[k]!;
        if (count[i] !== round) continue;
        const v = list.tier[k]!;
        if (strongOnly && !isStrong(v)) continue;
        low[i] = round === 0 ? v : enc(Math.min(tierOf(low[i]!), tierOf(v)), isStrong(low[i]!) && isStrong(v));
        count[i]++;
      }
    }
    for (let i = 0; i < n; i++) if (count[i] === lists.length) raise(into, i, enc(Math.max(1, tierOf(low[i]!) - penalty), isStrong(low[i]!)));
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

  /** A word's matches by key (`p|`: as a prefix, `w|`: a word, `v|`: without short forms, `+|`: with pieces, `*|`: cut however it matches), made by `make` when missing. */
  function cached(key: string, make: () => Uint8Array): TokenMatches {
    const hit = tokenCache.get(key);
    if (hit) {
      tokenCache.delete(key);
      tokenCache.set(key, hit);
      return hit;
    }
    const tiers = make();
    let count = 0;
    let strong = 0;
    for (let i = 0; i < n; i++) {
      if (tiers[i]) {
        count++;
        if (isStrong(tiers[i]!)) strong++;
      }
    }
    const result: TokenMatches = { at: new Int32Array(count), tier: new Uint8Array(count), strong };
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

  /**
   * One word's matches over every product (cached, least recently used go first): as written and
   * without its separators ("x-man", "xman"), with its synonyms, short forms (unless `shortForms`
   * is false: the words of a short form are not short forms again) and typo corrections.
   */
  function direct(token: string, prefix: boolean, shortForms = true): TokenMatches {
    return cached(`${prefix ? 'p' : shortForms ? 'w' : 'v'}|${token}`, () => {
      const tiers = new Uint8Array(n);
      const bare = alnumOf(token);
      for (const variant of bare && bare !== token ? [token, bare] : [token]) {
        const synonyms = prefix ? [] : (synonymsOf.get(variant) ?? []);
        if (synonyms.length === 0) spread(variant, prefix, 0, tiers);
        else {
          // A product that says it in more of the group's words ("四阶" and "4x4") is surer to be meant: +1 a word, up to +2.
          const seen = { nth: 0, last: new Int8Array(n).fill(-1), count: new Uint8Array(n) };
          spread(variant, false, 0, tiers, seen);
          // A one-letter synonym ("m" for magnetic) says too little to be sure: weak.
          synonyms.forEach((synonym, k) => spread(synonym, false, SYNONYM_PENALTY, tiers, { ...seen, nth: k + 1 }, [...synonym].length === 1));
          for (let i = 0; i < n; i++) {
            if (seen.count[i]! > 1) tiers[i] = enc(Math.min(127, tierOf(tiers[i]!) + Math.min(2, seen.count[i]! - 1)), isStrong(tiers[i]!));
          }
        }
        if (!prefix && shortForms)
          for (const phrase of shortFormsOf.get(variant) ?? [])
            allOf(
              phrase.map((word) => direct(word, false, false)),
              SHORT_FORM_PENALTY,
              tiers,
            );
      }
      if (!prefix) for (const typo of typosOf(token)) spread(typo, false, TYPO_PENALTY, tiers, undefined, true);
      return tiers;
    });
  }

  /** Words a word may be cut into (catalog.search.forms.ts, piecesOf), made once, when first needed. */
  let pieceWords: Set<string> | undefined;
  let chineseText = '';
  function knownPiece(piece: string): boolean {
    if (!pieceWords) {
      const words = new Set(vocabulary);
      const chinese: string[] = [];
      const add = (text: string) => {
        for (const word of normalizeText(text).split(/[^\p{L}\p{N}]+/u)) {
          if (isLatinAlnum(word)) words.add(word);
          else for (const run of word.match(CJK_RUNS) ?? []) chinese.push(run);
        }
      };
      for (const t of terms[0]) {
        add(t.text);
        for (const run of t.pyFull.split(' ')) if (run) words.add(run.replace(/'/g, ''));
      }
      for (const b of brands.values()) {
        for (const name of [...b.names, ...b.bare]) add(name);
        words.add(b.pyFull.replace(/[' ]/g, ''));
      }
      for (const c of categories.values()) add(c.text);
      for (const forms of [joined, bareTerms, partTerms]) for (const key of forms.keys) words.add(key);
      for (const word of [...synonymsOf.keys(), ...shortFormsOf.keys()]) if (isLatinAlnum(word)) words.add(word);
      pieceWords = words;
      chineseText = [...new Set(chinese)].join('|');
    }
    return isCjkOnly(piece) ? chineseText.includes(piece) : pieceWords.has(piece);
  }

  /**
   * A word as matched in a search: as it is, or, when no product matches it strongly (or `cut`:
   * none matches the whole keyword strongly), also cut into pieces that all match ("mgc3x3").
   */
  function effective(token: string, hints?: SearchHints, cut = false): TokenMatches {
    const as = direct(token, false);
    if (!cut && (as.strong > 0 || hints?.strongWords?.has(token))) return as;
    // Cut because of the other words, a word known as it is ("v3m", a model of another brand) is cut all the same.
    const cuts = piecesOf(token, cut ? (piece) => piece !== token && knownPiece(piece) : knownPiece);
    if (!cuts) return as;
    return cached(`${cut ? '*' : '+'}|${token}`, () => {
      const tiers = new Uint8Array(n);
      for (let k = 0; k < as.at.length; k++) tiers[as.at[k]!] = as.tier[k]!;
      // Each piece must be what the product is about: "valk4" is not Valk 3 (MOQ 24).
      for (const pieces of cuts)
        allOf(
          pieces.map((piece) => direct(piece, false)),
          PIECES_PENALTY,
          tiers,
          true,
        );
      return tiers;
    });
  }

  /**
   * Neighbouring words of the keyword written apart that are one word of the catalog run together
   * ("mf3 rs3 m": MF3RS3 M, "x man": X-Man, "m pro": M Pro): a product matching the joined word
   * strongly matches each of them as the joined word does. `upTo`: the words that may be joined.
   */
  function withJoined(tokens: string[], lists: TokenMatches[], upTo: number): TokenMatches[] {
    let dense: Uint8Array[] | undefined;
    for (let from = 0; from + 1 < upTo; from++) {
      let word = alnumOf(tokens[from]!);
      for (let to = from + 1; to < upTo && to - from < MAX_JOINED_WORDS; to++) {
        word += alnumOf(tokens[to]!);
        if (!isLatinAlnum(word) || word.length > 30) break;
        const joinedMatches = direct(word, false);
        if (joinedMatches.strong === 0) continue;
        dense ??= lists.map((list) => {
          const d = new Uint8Array(n);
          for (let k = 0; k < list.at.length; k++) d[list.at[k]!] = list.tier[k]!;
          return d;
        });
        for (let k = 0; k < joinedMatches.at.length; k++) {
          const v = joinedMatches.tier[k]!;
          if (!isStrong(v)) continue;
          for (let w = from; w <= to; w++) raise(dense[w]!, joinedMatches.at[k]!, v);
        }
      }
    }
    if (!dense) return lists;
    return dense.map((tiers) => {
      let count = 0;
      let strong = 0;
      for (let i = 0; i < n; i++) {
        if (!tiers[i]) continue;
        count++;
        if (isStrong(tiers[i]!)) strong++;
      }
      const out: TokenMatches = { at: new Int32Array(count), tier: new Uint8Array(count), strong };
      for (let i = 0, k = 0; i < n; i++) {
        if (!tiers[i]) continue;
        out.at[k] = i;
        out.tier[k++] = tiers[i]!;
      }
      return out;
    });
  }

  /** Each product's summed score over the words' matches (0: some word does not match), and how many of its words match only weakly. */
  function summed(tokens: string[], lists: TokenMatches[]): { score: Uint16Array; weak: Uint8Array } {
    const score = new Uint16Array(n);
    const weak = new Uint8Array(n);
    if (lists.length === 1) {
      const { at, tier } = lists[0]!;
      for (let k = 0; k < at.length; k++) {
        score[at[k]!] = tierOf(tier[k]!);
        weak[at[k]!] = isStrong(tier[k]!) ? 0 : 1;
      }
      return { score, weak };
    }
    const count = new Uint8Array(n);
    for (const [round, list] of lists.entries()) {
      for (let k = 0; k < list.at.length; k++) {
        const i = list.at[k]!;
        if (count[i] === round) {
          count[i]++;
          score[i]! += tierOf(list.tier[k]!);
          if (!isStrong(list.tier[k]!)) weak[i]!++;
        }
      }
    }
    for (let i = 0; i < n; i++) if (count[i] !== lists.length) score[i] = 0;
    // Two words of the keyword side by side in the name ("gan 12": GAN 12 M MagLev, not GAN 11 ... MOQ 12).
    for (let k = 0; k + 1 < tokens.length; k++) {
      const form = joined.idOf.get(alnumOf(tokens[k]!) + alnumOf(tokens[k + 1]!));
      if (form === undefined) continue;
      const list = postingsOf(joined, form);
      for (let j = 0; j < list.length; j++) if (score[list[j]!]) score[list[j]!]! += NEIGHBOURS_BONUS;
    }
    return { score, weak };
  }

  const strongAllOf = ({ score, weak }: { score: Uint16Array; weak: Uint8Array }) => {
    for (let i = 0; i < n; i++) if (score[i] && weak[i] === 0) return true;
    return false;
  };

  /**
   * Each product's summed score over the words (0: some word does not match), and how many of its
   * words match only weakly. When no product matches every word strongly, the words are cut into
   * pieces too ("tornado v3m": V3M is a model of another brand, but Tornado V3 is magnetic).
   */
  function scores(tokens: string[], lastIsPrefix: boolean, hints?: SearchHints): { score: Uint16Array; weak: Uint8Array } {
    const upTo = lastIsPrefix ? tokens.length - 1 : tokens.length;
    const listsOf = (cut: boolean) =>
      withJoined(
        tokens,
        tokens.map((t, k) => (k >= upTo ? direct(t, true) : effective(t, hints, cut))),
        upTo,
      );
    const lists = listsOf(false);
    const result = summed(tokens, lists);
    if (lastIsPrefix || upTo < 2 || (hints?.strongAll ?? strongAllOf(result))) return result;
    const cut = listsOf(true);
    if (cut.every((list, k) => list === lists[k])) return result;
    const again = summed(tokens, cut);
    return strongAllOf(again) ? again : result;
  }

  const tokensOf = (keyword: string) => keywordTokens(keyword);

  /**
   * What "did you mean" compares a word with (catalog.search.correct.ts), made once, when first
   * needed: Latin words and model names as written, and Chinese words by their pinyin.
   */
  let dictionary: { latin: DictionaryEntry[]; chinese: DictionaryEntry[] } | undefined;
  function dictionaryOf(): { latin: DictionaryEntry[]; chinese: DictionaryEntry[] } {
    if (dictionary) return dictionary;
    const latin = new Map<string, string>();
    const chinese = new Map<string, string>();
    const add = (to: Map<string, string>, key: string, text: string) => {
      if (key.length >= 2 && !to.has(key)) to.set(key, text);
    };
    const addWritten = (text: string) => {
      const bare = alnumOf(normalizeText(text));
      if (isLatinAlnum(bare)) add(latin, bare, text);
      else if (CJK.test(text)) add(chinese, pinyinKey(text), text);
    };
    // Brands as written, then model names run together ("GAN 356", "WRM V10"), then words.
    for (const b of names.brands.values()) for (const name of [b.nameEn, b.nameZh]) addWritten(name.trim());
    // Models with a number ("GAN 356"), not every model letter joined ("GAN M" for gans).
    for (const [form, as] of written) if (/\d/.test(form)) add(latin, form, as);
    for (const t of terms[0]) {
      const bare = alnumOf(t.text);
      // Words, and model numbers of 3+ digits ("356"; not "12", which is as much a quantity).
      if (isLatinAlnum(bare) && (/[a-z]/.test(bare) || bare.length >= 3)) add(latin, bare, bare);
      else if (isCjkOnly(bare)) add(chinese, pinyinKey(bare), bare);
    }
    for (const c of names.categories.values()) {
      for (const word of c.nameEn.split(/\s+/u)) addWritten(word);
      addWritten(c.nameZh);
    }
    const entries = (map: Map<string, string>) => [...map].map(([key, text]) => ({ key, text }));
    dictionary = { latin: entries(latin), chinese: entries(chinese) };
    return dictionary;
  }

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
     * has no word. A keyword that is a SKU id or a barcode puts that product first. Only the
     * products with the fewest weakly matched words are answered (the relevance floor).
     */
    search(keyword: string, f: IndexFilter, without?: ReadonlySet<number>, hints?: SearchHints): SearchMatches | undefined {
      const tokens = tokensOf(keyword);
      if (tokens.length === 0) return undefined;
      const { score, weak } = scores(tokens, false, hints);
      const whole = tokens.join(' ');
      // A barcode, or 5 to 18 digits that are a SKU id (shorter numbers are model numbers: "356").
      const code = barcodes.get(whole) ?? (/^\d{5,18}$/.test(whole) ? position.get(Number(whole)) : undefined);
      if (code !== undefined) {
        score[code] = TIER.code;
        weak[code] = 0;
      }
      applyFilter(score, f);
      leaveOut(score, without);
      // The relevance floor: "magnetic" sorted by price lists magnetic cubes, not a stand whose brand has an "m".
      let fewestWeak = 255;
      for (let i = 0; i < n; i++) if (score[i] && weak[i]! < fewestWeak) fewestWeak = weak[i]!;
      for (let i = 0; i < n; i++) if (score[i] && weak[i]! > fewestWeak) score[i] = 0;
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
        fewestWeak,
      };
    },

    /** The words of the keyword some product here matches strongly as written (see SearchHints). */
    strongWords(keyword: string): Set<string> {
      return new Set(tokensOf(keyword).filter((t) => direct(t, false).strong > 0));
    },

    /** Whether some product here matches every word of the keyword strongly, none cut (see SearchHints). */
    strongAll(keyword: string, hints?: SearchHints): boolean {
      const tokens = tokensOf(keyword);
      return (
        tokens.length > 0 &&
        strongAllOf(
          summed(
            tokens,
            withJoined(
              tokens,
              tokens.map((t) => effective(t, hints)),
              tokens.length,
            ),
          ),
        )
      );
    },

    /**
     * "Did you mean": keywords with each word that no product matches strongly (as written or in
     * pieces) replaced by the nearest brand, model or word of the catalog, nearest first (at most
     * `limit`); empty when every word matches something. Whether the keywords find products (with
     * the buyer's filters) is for the caller to check.
     */
    didYouMean(keyword: string, limit: number): string[] {
      const tokens = tokensOf(keyword);
      const lost = tokens.map((t) => effective(t).strong === 0);
      if (!lost.some(Boolean)) return [];
      const { latin, chinese } = dictionaryOf();
      const CANDIDATES = 8;
      const choices: { text: string; distance: number }[][] = tokens.map((t, k) => {
        if (!lost[k]) return [{ text: t, distance: 0 }];
        if (isCjkOnly(t)) return nearest(chinese, pinyinKey(t), CANDIDATES, t);
        const bare = alnumOf(t);
        // A Latin word may be a model, a word, or the pinyin of a Chinese name typed wrong ("longjuanfen").
        return bare ? nearest([...latin, ...chinese], bare, CANDIDATES) : [];
      });
      if (choices.some((c) => c.length === 0)) return [];
      // The nearest for each lost word first, then the next nearest of one of them, the others at their nearest.
      const tried = new Set<string>();
      const found: { keyword: string; distance: number }[] = [];
      for (let rank = 0; rank < CANDIDATES && found.length < limit; rank++) {
        for (const [k, c] of choices.entries()) {
          if (found.length >= limit || c[rank] === undefined || (rank > 0 && !lost[k])) continue;
          const chosen = choices.map((d, j) => (j === k ? c[rank]! : d[0]!));
          const keyword = chosen.map((d) => d.text).join(' ');
          if (tried.has(keyword)) continue;
          tried.add(keyword);
          // Offered only when every word of it then matches a product strongly, all in one.
          const { score, weak } = scores(tokensOf(keyword), false);
          let matches = false;
          for (let i = 0; i < n && !matches; i++) matches = score[i]! > 0 && weak[i] === 0;
          if (matches) found.push({ keyword, distance: chosen.reduce((sum, d) => sum + d.distance, 0) });
        }
      }
      // Only the nearest of them ("GAN 356" for gan357, not also GAN 251); ties are all offered (Tornado V3, V4).
      const best = Math.min(...found.map((f) => f.distance));
      return found.filter((f) => f.distance === best).map((f) => f.keyword);
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
    suggest(keyword: string, limits: SuggestLimits, without?: ReadonlySet<number>, hints?: SearchHints): Suggestions {
      const tokens = tokensOf(keyword);
      if (tokens.length === 0) return { products: [], productScores: [], brands: [], categories: [] };
      const { score } = scores(tokens, true, hints);
      leaveOut(score, without);
      const best = ranked(score, limits.products);
      const products = Array.from(best, (i) => ids[i]!);
      const productScores = Array.from(best, (i) => score[i]!);
      if (tokens.length > 1) return { products, productScores, brands: [], categories: [] };
      const last = tokens[0]!;
      const rank = <F extends Field>(fields: Map<number, F>, limit: number, value: (f: F, match: (t: Term, word: number) => number) => number) => {
        const match = matcher(last, true);
        return [...fields]
          .map(([id, f]) => ({ id, tier: tierOf(value(f, match)) }))
          .filter((x) => x.tier >= TIER.pinyin)
          .sort((a, b) => b.tier - a.tier || a.id - b.id)
          .slice(0, limit)
          .map((x) => x.id);
      };
      return {
        products,
        productScores,
        brands: rank(brands, limits.brands, (b, match) => brandValueOf(b, last, match, true)),
        categories: rank(categories, limits.categories, (c, match) =>
          c.names.some((name) => name.startsWith(last)) ? enc(TIER.brand, true) : match(c, TIER.nameWord),
        ),
      };
    },
  };
}

export type SearchIndex = Awaited<ReturnType<typeof buildSearchIndex>>;
