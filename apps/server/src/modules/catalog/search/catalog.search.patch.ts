import type { IndexFilter, ProductFacts, SearchHints, SearchIndex, SearchMatches, SuggestLimits, Suggestions } from './catalog.search.index.js';

/** What searches are answered by: an index, or an index with a few products answered from a newer one. */
export interface SearchView {
  search(keyword: string, f: IndexFilter): SearchMatches | undefined;
  suggest(keyword: string, limits: SuggestLimits): Suggestions;
  didYouMean(keyword: string, limit: number): string[];
}

/**
 * For each of `count` sorted extras, where it goes in a sorted list of `length`: before the first
 * entry `before(extra, entry)` says it precedes (a binary search from the last extra's place).
 */
function places(length: number, count: number, before: (extra: number, entry: number) => boolean): Int32Array {
  const at = new Int32Array(count);
  let lo = 0;
  for (let e = 0; e < count; e++) {
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(e, mid)) hi = mid;
      else lo = mid + 1;
    }
    at[e] = lo;
  }
  return at;
}

/** `list` with each of `extra` put in at its place. */
function woven<T extends Float64Array | Uint16Array>(list: T, extra: T, at: Int32Array, make: (length: number) => T): T {
  const out = make(list.length + extra.length);
  let from = 0;
  let o = 0;
  for (let e = 0; e < extra.length; e++) {
    out.set(list.subarray(from, at[e]), o);
    o += at[e]! - from;
    from = at[e]!;
    out[o++] = extra[e]!;
  }
  out.set(list.subarray(from), o);
  return out;
}

const float = (n: number) => new Float64Array(n);
const short = (n: number) => new Uint16Array(n);
const UNKNOWN: Omit<ProductFacts, 'id'> = { popularity: 0, created: 0, price: 0, updated: 0 };

/**
 * The search index with some products answered by a small newer index beside it (docs/catalog.md,
 * Search): after a staff write of a few products, the large index leaves those out and the small
 * one, built from them read again, answers for them. Each order is the two merged: best match
 * (score, then popularity, newest, id), price and last update (key, then id). What depends on
 * every product is decided over both: which words are cut into pieces (those neither matches
 * strongly) and the relevance floor (the fewest weakly matched words of either).
 */
export function patchedIndex(base: SearchIndex, patch: SearchIndex, patched: ReadonlySet<number>): SearchView {
  const factsOf = (id: number): ProductFacts => patch.facts(id) ?? base.facts(id) ?? { id, ...UNKNOWN };
  /** Best-match ties: more popular, newer, larger id first. */
  const tieBefore = (x: ProductFacts, y: ProductFacts) =>
    x.popularity !== y.popularity ? x.popularity > y.popularity : x.created !== y.created ? x.created > y.created : x.id > y.id;
  const ascending = (key: 'price' | 'updated') => (x: ProductFacts, y: ProductFacts) => (x[key] !== y[key] ? x[key] < y[key] : x.id < y.id);
  const byPrice = ascending('price');
  const byUpdated = ascending('updated');

  function mergedOrder(list: Float64Array, extra: Float64Array, before: (x: ProductFacts, y: ProductFacts) => boolean): Float64Array {
    const extraFacts = Array.from(extra, factsOf);
    return woven(
      list,
      extra,
      places(list.length, extra.length, (e, k) => before(extraFacts[e]!, factsOf(list[k]!))),
      float,
    );
  }

  /** Best first: a higher score, then the ties. */
  function mergedBest(ids: Float64Array, scores: Uint16Array, extraIds: Float64Array, extraScores: Uint16Array) {
    const extraFacts = Array.from(extraIds, factsOf);
    const at = places(ids.length, extraIds.length, (e, k) =>
      extraScores[e] !== scores[k] ? extraScores[e]! > scores[k]! : tieBefore(extraFacts[e]!, factsOf(ids[k]!)),
    );
    return { ids: woven(ids, extraIds, at, float), scores: woven(scores, extraScores, at, short) };
  }

  const hintsOf = (keyword: string): SearchHints => {
    const words: SearchHints = { strongWords: new Set([...base.strongWords(keyword), ...patch.strongWords(keyword)]) };
    return { ...words, strongAll: base.strongAll(keyword, words) || patch.strongAll(keyword, words) };
  };

  return {
    search(keyword, f) {
      const hints = hintsOf(keyword);
      const old = base.search(keyword, f, patched, hints);
      const fresh = patch.search(keyword, f, undefined, hints);
      if (!old || !fresh || fresh.relevance.length === 0) return old;
      // The floor over both: a side whose best products match more words weakly adds nothing.
      if (fresh.fewestWeak > old.fewestWeak) return old;
      if (fresh.fewestWeak < old.fewestWeak) return fresh;
      const best = mergedBest(old.relevance, old.scores, fresh.relevance, fresh.scores);
      return {
        relevance: best.ids,
        scores: best.scores,
        byPrice: mergedOrder(old.byPrice, fresh.byPrice, byPrice),
        byUpdated: mergedOrder(old.byUpdated, fresh.byUpdated, byUpdated),
        fewestWeak: old.fewestWeak,
      };
    },

    didYouMean(keyword, limit) {
      return base.didYouMean(keyword, limit);
    },

    suggest(keyword, limits) {
      const hints = hintsOf(keyword);
      const old = base.suggest(keyword, limits, patched, hints);
      const fresh = patch.suggest(keyword, limits, undefined, hints);
      if (fresh.products.length === 0) return old;
      const best = mergedBest(
        Float64Array.from(old.products),
        Uint16Array.from(old.productScores),
        Float64Array.from(fresh.products),
        Uint16Array.from(fresh.productScores),
      );
      return {
        ...old,
        products: Array.from(best.ids.subarray(0, limits.products)),
        productScores: Array.from(best.scores.subarray(0, limits.products)),
      };
    },
  };
}
