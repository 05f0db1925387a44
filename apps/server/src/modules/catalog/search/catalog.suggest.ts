import { SUGGEST_LIMITS, type TSuggestions } from '@cubeshop/shared';
import { LoadingCache, type CacheStats } from '../../../lib/cache.js';
import type { CategoryDictionary } from '../cache/catalog.dictionary.js';
import type { View } from '../query/catalog.mapper.js';
import type { CatalogQuery } from '../query/catalog.query.js';
import type { SearchIndex } from './catalog.search.index.js';
import type { CatalogSearch } from './catalog.search.service.js';
import { normalizeTerm } from './catalog.search.service.js';

/** Candidates read per answer: variants of one model (wholesale, carton, lot ...) are offered once. */
const CANDIDATES = SUGGEST_LIMITS.products * 4;

/**
 * GET /api/items/suggest (docs/catalog.md, Search): products, brands and categories for what the
 * buyer has typed so far, the last word read as a prefix, in the buyer's language. Answers are
 * cached per keyword and language until the catalog changes.
 */
export function createSuggest(deps: {
  search: CatalogSearch;
  query: CatalogQuery;
  dictionary: CategoryDictionary;
  now?: (() => Date) | undefined;
  cacheStats?: CacheStats | undefined;
}) {
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  // What the index found, the same in every language; then the answer per language.
  const found = new LoadingCache<ReturnType<SearchIndex['suggest']>>({ ttlMs: 60_000, maxEntries: 20_000, now: clock });
  const cache = new LoadingCache<TSuggestions>({ ttlMs: 60_000, maxEntries: 20_000, now: clock, name: 'catalog.suggest', stats: deps.cacheStats });
  deps.query.onInvalidate(() => {
    found.clear();
    cache.clear();
  });

  async function load(keyword: string, view: View): Promise<TSuggestions> {
    const [hits, dict] = await Promise.all([
      found.get(keyword, async () => (await deps.search.index()).suggest(keyword, { ...SUGGEST_LIMITS, products: CANDIDATES })),
      deps.dictionary.get(),
    ]);
    const products: TSuggestions['products'] = [];
    const seen = new Set<string>();
    for (const p of await deps.query.productsByIds(hits.products, view)) {
      const model = p.name.replace(/\d+/g, '#').replace(/\s*[(（].*$/u, '');
      if (seen.has(model)) continue;
      seen.add(model);
      products.push({ id: p.id, name: p.name, brand: p.supplier.name || null, thumbnail: p.thumbnail });
      if (products.length >= SUGGEST_LIMITS.products) break;
    }
    const brandRefs = dict.supplierRefs[view.locale];
    const categoryRefs = dict.refs[view.locale];
    return {
      keyword,
      products,
      brands: hits.brands.flatMap((id) => {
        const ref = brandRefs.get(id);
        return ref ? [{ id, name: ref.name }] : [];
      }),
      categories: hits.categories.flatMap((id) => {
        const ref = categoryRefs.get(id);
        return ref ? [{ id, name: ref.name }] : [];
      }),
    };
  }

  return {
    async suggest(raw: string, view: View): Promise<TSuggestions> {
      const keyword = normalizeTerm(raw);
      if (!keyword) return { keyword, products: [], brands: [], categories: [] };
      // Names and pictures only: the currency does not change the answer.
      return cache.get(`${view.locale}|${keyword}`, () => load(keyword, view));
    },
  };
}
export type Suggest = ReturnType<typeof createSuggest>;
