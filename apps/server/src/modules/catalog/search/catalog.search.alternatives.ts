import { CLOSEST_PRODUCTS, FEW_RESULTS, type TProductListQuery, type TSearchAlternatives, type TSearchAlternativesQuery } from '@cubeshop/shared';
import { LoadingCache, type CacheStats } from '../../../lib/cache.js';
import type { View } from '../query/catalog.mapper.js';
import type { CatalogQuery, ProductPage } from '../query/catalog.query.js';
import type { CatalogSearch } from './catalog.search.service.js';
import { keywordTokens } from './catalog.search.text.js';
import { normalizeTerm } from './catalog.search.service.js';

/** "Did you mean" keywords tried at most (each is counted with the buyer's filters). */
const DID_YOU_MEAN = 3;
/** Broader searches offered at most: without one word (the most found first), then without the filters. */
const DROPS = 2;

/** The answer, and the page its closest products come from (the route applies a signed-in buyer's favourites and prices to it). */
export interface AlternativesAnswer {
  body: TSearchAlternatives;
  closest: ProductPage | null;
}

/**
 * GET /api/items/alternatives (docs/catalog.md, Search, Never a dead end): what the results page
 * offers when a keyword finds fewer than FEW_RESULTS products: "did you mean" (the nearest brand,
 * model or word for each word that matched nothing well), broader searches (a word left out, the
 * filters left out) and, when nothing was found, the closest products. Every keyword offered finds
 * products; counts and products come from the same lists as GET /api/items (its caches, its
 * relevance floor), and none of these counts as a search in the search log. Answers are kept per
 * keyword, filters, language and currency until the catalog changes.
 */
export function createSearchAlternatives(deps: {
  search: CatalogSearch;
  query: CatalogQuery;
  now?: (() => Date) | undefined;
  cacheStats?: CacheStats | undefined;
}) {
  const clock = deps.now ? () => deps.now!().getTime() : Date.now;
  const cache = new LoadingCache<AlternativesAnswer>({ ttlMs: 60_000, maxEntries: 5_000, now: clock, name: 'catalog.alternatives', stats: deps.cacheStats });
  deps.query.onInvalidate(() => cache.clear());

  async function load(q: TSearchAlternativesQuery, keyword: string, view: View): Promise<AlternativesAnswer> {
    const filters = { supplierId: q.supplierId, categoryId: q.categoryId, minPrice: q.minPrice, maxPrice: q.maxPrice };
    const filtered = Object.values(filters).some((v) => v !== undefined);
    const list = (words: string, withFilters: boolean, recPerPage: number) => {
      const query: TProductListQuery = { keyword: words, page: 1, recPerPage, ...(withFilters ? filters : {}) };
      return deps.query.list('all', query, view);
    };
    const count = async (words: string, withFilters: boolean) => (await list(words, withFilters, 1)).body.pager.recTotal;

    const total = await count(keyword, true);
    const answer: TSearchAlternatives = { keyword, total, didYouMean: [], broaden: [], closest: null };
    if (total >= FEW_RESULTS) return { body: answer, closest: null };

    const index = await deps.search.index();
    for (const candidate of index.didYouMean(keyword, DID_YOU_MEAN)) {
      if (normalizeTerm(candidate) === keyword) continue;
      const found = await count(candidate, true);
      if (found > 0) answer.didYouMean.push({ keyword: candidate, count: found });
    }

    // Broader: each word left out (more found than now), the most found first; then the filters left out.
    const words = keywordTokens(keyword);
    if (words.length > 1) {
      const drops = await Promise.all(
        words.map(async (dropped) => {
          const rest = words.filter((w) => w !== dropped).join(' ');
          return { keyword: rest, dropped, filters: filtered, count: await count(rest, true) };
        }),
      );
      answer.broaden.push(
        ...drops
          .filter((d) => d.count > total)
          .sort((a, b) => b.count - a.count)
          .slice(0, DROPS),
      );
    }
    if (filtered) {
      const found = await count(keyword, false);
      if (found > total) answer.broaden.push({ keyword, dropped: null, filters: false, count: found });
    }

    // Nothing found: the products of the first alternative, the nearest spelling before a broader search.
    let page: ProductPage | null = null;
    if (total === 0) {
      const first = answer.didYouMean[0] ? { keyword: answer.didYouMean[0].keyword, filters: true } : answer.broaden[0];
      if (first) {
        page = await list(first.keyword, first.filters, CLOSEST_PRODUCTS);
        answer.closest = { keyword: first.keyword, filters: first.filters, products: page.body.data };
      }
    }
    return { body: answer, closest: page };
  }

  return {
    async alternatives(q: TSearchAlternativesQuery, view: View): Promise<AlternativesAnswer> {
      const keyword = normalizeTerm(q.keyword);
      if (!keyword) return { body: { keyword, total: 0, didYouMean: [], broaden: [], closest: null }, closest: null };
      const key = JSON.stringify([keyword, q.supplierId ?? 0, q.categoryId ?? 0, q.minPrice ?? '', q.maxPrice ?? '', view.locale, view.currency]);
      return cache.get(key, () => load(q, keyword, view));
    },
  };
}
export type SearchAlternatives = ReturnType<typeof createSearchAlternatives>;
