import { ZSearchTermsQuery, type TSearchTermList, type TSearchTermsQuery } from '@cubeshop/shared';
import { categoryPath, type CategoryDictionary, type Dictionary } from '../cache/catalog.dictionary.js';
import { buildSearchIndex, type IndexNames, type SearchIndex, type SearchIndexOptions } from './catalog.search.index.js';
import { patchedIndex, type SearchView } from './catalog.search.patch.js';
import type { CatalogSearchRepository, SearchTermCount } from './catalog.search.repository.js';
import { normalizeText } from './catalog.search.text.js';

/**
 * The search's moving parts (docs/catalog.md, Search):
 * - the in-memory index (catalog.search.index.ts), built from the database on first use and
 *   again after any catalog change (invalidate, heard from every instance); a build started
 *   before a change is never used after it. While the new one is built, a search waits for it
 *   below STALE_SEARCH_FROM_PRODUCTS products (a build of a few tens of ms: the shop sees its own
 *   write at once); a larger catalog's searches are answered by the newest index there is until
 *   the new one is ready (a second or three at 100,000 products), and then onRebuilt's listeners
 *   drop what they kept from the old one. By size, not by a build's time: a first build, or one
 *   on a loaded machine, is slow for a small catalog too. Popularity (orders,
 *   favourites) comes from outside the catalog and is read at each build; the index is rebuilt
 *   in the background every REFRESH_MS so it follows along;
 * - a staff write of some products (itemsChanged) does not rebuild it: those products are read
 *   again into a small index beside it that answers for them (catalog.search.patch.ts), until the
 *   next build (the REFRESH_MS one, or a whole change) has them; more than PATCH_MAX such products
 *   make it a whole change;
 * - the search log: normalised keyword per UTC day, how often searched and how often nothing
 *   was found (no user, address or time of day), summed in memory and written every FLUSH_MS
 *   and at close.
 */

const REFRESH_MS = 10 * 60_000;
/** Products answered beside the index at most; a write that would make more rebuilds it. */
export const PATCH_MAX = 1_000;
/** From this many products on sale, searches after a change do not wait for the new index. */
export const STALE_SEARCH_FROM_PRODUCTS = 20_000;
const FLUSH_MS = 60_000;
/** Distinct terms kept in memory between flushes (more are counted at the next flush only). */
const MAX_PENDING_TERMS = 10_000;
const MAX_TERM_LENGTH = 100;

export type PopularityOf = () => Promise<ReadonlyMap<number, number>>;
/** How many times buyers chose each product one way (ordered it, favourited it), for the `limit` most chosen. */
export type CountsByItem = (limit: number) => Promise<ReadonlyMap<number, number>>;
/** Products each popularity source counts at most. */
const POPULAR_PRODUCTS = 50_000;

const noop = () => undefined;

export interface CatalogSearchOptions {
  repo: CatalogSearchRepository;
  dictionary: CategoryDictionary;
  now?: (() => Date) | undefined;
  /** Called when a background build or flush fails (logged by the caller). */
  onError?: ((error: unknown) => void) | undefined;
  /** From this many products, searches after a change do not wait for the new index (default STALE_SEARCH_FROM_PRODUCTS). */
  staleFromProducts?: number | undefined;
}

export function namesOf(dict: Dictionary): IndexNames {
  return {
    brands: new Map([...dict.suppliers].map(([id, s]) => [id, { nameZh: s.nameZh, nameEn: s.nameEn }])),
    categories: new Map(
      [...dict.categories].map(([id, c]) => [
        id,
        { nameZh: c.nameZh, nameEn: c.nameEn, pathNames: categoryPath(dict, id).flatMap((p) => [p.nameZh, p.nameEn]) },
      ]),
    ),
  };
}

/** A keyword as the log keeps it: NFKC, lower case, single spaces, at most 100 characters. */
export function normalizeTerm(keyword: string): string {
  return normalizeText(keyword).trim().replace(/\s+/gu, ' ').slice(0, MAX_TERM_LENGTH);
}

export function createCatalogSearch({
  repo,
  dictionary,
  now = () => new Date(),
  onError = () => {},
  staleFromProducts = STALE_SEARCH_FROM_PRODUCTS,
}: CatalogSearchOptions) {
  let popularityOf: PopularityOf | undefined;
  let generation = 0;
  let current: { index: SearchIndex; generation: number; builtAt: number } | undefined;
  let building: { promise: Promise<SearchIndex>; generation: number } | undefined;
  /** The build asked for while an older one runs. */
  let queued: Promise<SearchIndex> | undefined;
  let rebuildTimer: NodeJS.Timeout | undefined;
  /** How long the last build took (reading the rows included), ms, and how many products it held. */
  let lastBuildMs = 0;
  let lastRows = 0;
  const large = () => lastRows >= staleFromProducts;
  /** Searches were answered by an index older than the last change: tell the listeners when the new one is in. */
  let servedStale = false;
  const rebuiltListeners = new Set<() => void>();
  /** Counts every change; `patched`: products written since the index was read, with the change's count. */
  let stamp = 0;
  const patched = new Map<number, number>();
  /** What the last build was made with, for the small index of written products. */
  let lastOptions: SearchIndexOptions = {};
  /** The index with the written products beside it, for this base and this change (made once, shared while made). */
  let view: { base: SearchIndex; stamp: number; promise: Promise<SearchView> } | undefined;
  /** Builds whose failure is already reported: one log line per failed build, not per search that saw it. */
  const reported = new WeakSet<Promise<SearchIndex>>();
  const reportFailure = (build: Promise<SearchIndex>) => {
    if (reported.has(build)) return;
    reported.add(build);
    build.catch(onError);
  };

  async function build(): Promise<SearchIndex> {
    const started = generation;
    const startedStamp = stamp;
    const startedAt = performance.now();
    const [rows, dict, synonyms, popularity] = await Promise.all([
      repo.indexRows(),
      dictionary.get(),
      repo.synonyms(),
      popularityOf ? popularityOf().catch((error: unknown) => (onError(error), new Map<number, number>())) : Promise.resolve(new Map<number, number>()),
    ]);
    const options: SearchIndexOptions = { synonyms: synonyms.same, shortForms: synonyms.short, popularity };
    const index = await buildSearchIndex(rows, namesOf(dict), options);
    lastBuildMs = performance.now() - startedAt;
    lastRows = rows.length;
    // Newer than the one answering: it answers now, even when another change came meanwhile
    // (searches wait only for an index of the latest change: index() checks the generation).
    if (!current || started >= current.generation) {
      current = { index, generation: started, builtAt: now().getTime() };
      lastOptions = options;
      // Products written before its rows were read are in it.
      for (const [id, at] of patched) if (at <= startedStamp) patched.delete(id);
      if (servedStale) {
        if (started === generation) servedStale = false;
        for (const listener of rebuiltListeners) listener();
      }
    }
    return index;
  }

  /**
   * The build for the latest change. One build at a time: one asked for while an older one runs
   * starts when that ends, after a pause as long as the last build took when builds are slow, so
   * staff writing every second keep rebuilding to half of one core at most.
   */
  function startBuild(): Promise<SearchIndex> {
    if (building) {
      if (building.generation === generation) return building.promise;
      queued ??= building.promise
        .then(noop, noop)
        .then(() => (large() ? new Promise((r) => setTimeout(r, lastBuildMs)) : undefined))
        .then(() => {
          queued = undefined;
          return startBuild();
        });
      return queued;
    }
    const promise = build().finally(() => {
      if (building?.promise === promise) building = undefined;
    });
    building = { promise, generation };
    return promise;
  }

  /**
   * The index as of the last catalog change; while that one is built, the one before it when
   * builds are slow (see above). Waits for a build when there is none yet.
   */
  async function baseIndex(): Promise<SearchIndex> {
    if (current && current.generation === generation) {
      // Popularity moves slowly: an old index answers while a new one is built beside it.
      if (now().getTime() - current.builtAt > REFRESH_MS) reportFailure(startBuild());
      return current.index;
    }
    const next = startBuild();
    if (current && large()) {
      reportFailure(next);
      servedStale = true;
      return current.index;
    }
    return next;
  }

  /** What searches are answered by: the index, with the products written since it was read answered beside it. */
  async function index(): Promise<SearchView> {
    const base = await baseIndex();
    if (patched.size === 0) return base;
    if (view && view.base === base && view.stamp === stamp) return view.promise;
    const ids = [...patched.keys()];
    const promise = (async () => {
      const [rows, dict] = await Promise.all([repo.indexRows(undefined, ids), dictionary.get()]);
      return patchedIndex(base, await buildSearchIndex(rows, namesOf(dict), lastOptions), new Set(ids));
    })();
    const made = { base, stamp, promise };
    view = made;
    // A failed read is not kept: the next search tries again.
    promise.catch(() => view === made && (view = undefined));
    return promise;
  }

  /** After any catalog change: the next search waits for a new index; one is started soon if search was in use. */
  function invalidate(): void {
    generation++;
    stamp++;
    if (!current) return;
    clearTimeout(rebuildTimer);
    rebuildTimer = setTimeout(() => reportFailure(startBuild()), 1_000);
    rebuildTimer.unref();
  }

  const pending = new Map<string, SearchTermCount>();
  let flushing: Promise<void> = Promise.resolve();
  const flushTimer = setInterval(() => void flush().catch(onError), FLUSH_MS);
  flushTimer.unref();

  function flush(): Promise<void> {
    if (pending.size === 0) return flushing;
    const counts = [...pending.values()];
    pending.clear();
    flushing = flushing.then(() => repo.addTermCounts(counts));
    return flushing;
  }

  return {
    index,

    invalidate,

    /**
     * After a staff write of these products only (names, prices, sale, archive ...): the next
     * search reads just them again into the small index beside the large one (a few ms) instead
     * of waiting for, or being answered without, a rebuild. Past PATCH_MAX products, a whole change.
     */
    itemsChanged(ids: readonly number[]): void {
      if (ids.length === 0) return;
      if (patched.size + ids.length > PATCH_MAX) return invalidate();
      stamp++;
      for (const id of ids) patched.set(id, stamp);
    },

    /**
     * Hears when a new index replaces one that answered searches after a change (a large
     * catalog's rebuild): what was kept from the old one's answers must go.
     */
    onRebuilt(listener: () => void): () => void {
      rebuiltListeners.add(listener);
      return () => rebuiltListeners.delete(listener);
    },

    /**
     * Where best-match ties look (services.ts wires in the orders' and favourites' counts once
     * those modules exist): a product's popularity is the sum of its counts over the sources.
     */
    setPopularity(...sources: CountsByItem[]): void {
      popularityOf = async () => {
        const total = new Map<number, number>();
        for (const counts of await Promise.all(sources.map((count) => count(POPULAR_PRODUCTS)))) {
          for (const [id, n] of counts) total.set(id, (total.get(id) ?? 0) + n);
        }
        return total;
      };
    },

    /** Counts one search (the first page of a keyword list). */
    record(keyword: string, found: boolean): void {
      const term = normalizeTerm(keyword);
      if (!term) return;
      const day = now().toISOString().slice(0, 10);
      const key = `${day}|${term}`;
      let count = pending.get(key);
      if (!count) {
        if (pending.size >= MAX_PENDING_TERMS) return;
        pending.set(key, (count = { day, term, searches: 0, zeroResults: 0 }));
      }
      count.searches++;
      if (!found) count.zeroResults++;
    },

    /** Writes what was counted since the last flush. */
    flush,

    /** Stops the timers and writes what is left. */
    async close(): Promise<void> {
      clearInterval(flushTimer);
      clearTimeout(rebuildTimer);
      await flush();
    },

    /** GET /api/admin/search/terms (what is still in memory is written first, so staff see it). */
    async terms(query: Partial<TSearchTermsQuery>): Promise<TSearchTermList> {
      const q = ZSearchTermsQuery.parse(query);
      await flush();
      const since = new Date(now().getTime() - (q.days - 1) * 86_400_000).toISOString().slice(0, 10);
      const { rows, total } = await repo.termPage(q.kind, since, q.recPerPage, (q.page - 1) * q.recPerPage);
      return { data: rows, pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },
  };
}
export type CatalogSearch = ReturnType<typeof createCatalogSearch>;
