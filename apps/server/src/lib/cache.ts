import { LRUCache } from 'lru-cache';

export interface LoadingCacheOptions<V> {
  /** Lifetime of a loaded value, ms, counted from when it was loaded; none when undefined. */
  ttlMs?: number | undefined;
  /** At most this many entries (least recently used go first). */
  maxEntries?: number | undefined;
  /**
   * With `maxWeight`: the summed weight of the loaded values is bounded (for example the length
   * of cached id lists, or the bytes of pictures), so a few large values and many small ones
   * share one budget. A value heavier than the whole budget is returned but not kept.
   */
  weigh?: ((value: V) => number) | undefined;
  maxWeight?: number | undefined;
  /**
   * An entry past its lifetime is still answered, and loaded again in the background (the next
   * callers get the new value): for values that only a write changes (and a write clears the
   * cache), so no caller waits for a reload.
   */
  staleWhileRevalidate?: boolean | undefined;
  /** Time source of the lifetimes (tests move it); performance.now by default. */
  now?: (() => number) | undefined;
  /** With `stats`: hits and misses are counted under this name (caches may share one). */
  name?: string | undefined;
  stats?: CacheStats | undefined;
}

/** Answers of one named cache: from memory (hits) or after a load (misses). */
export interface CacheCounts {
  hits: number;
  misses: number;
}

/**
 * Hit and miss counts of named caches, one per app (the metrics read them when scraped). Plain
 * numbers: counting costs a cache nothing more than an increment.
 */
export class CacheStats {
  private readonly byName = new Map<string, CacheCounts>();

  /** The counts kept under name (made on first use). */
  of(name: string): CacheCounts {
    let counts = this.byName.get(name);
    if (!counts) this.byName.set(name, (counts = { hits: 0, misses: 0 }));
    return counts;
  }

  entries(): IterableIterator<[string, CacheCounts]> {
    return this.byName.entries();
  }
}

interface Box<V> {
  value: V;
}

/**
 * An in-process cache on lru-cache: values are loaded on a miss by the loader given to `get`,
 * concurrent misses on one key share one load (no stampede when 50 buyers open the same page at
 * once), a failed load is not kept, and entries go by lifetime, count or summed weight, least
 * recently used first. `clear()` forgets everything, also loads still running: their callers get
 * their value, but it is not kept (it may predate the change that cleared the cache).
 */
export class LoadingCache<V> {
  private readonly lru: LRUCache<string, Box<V>, () => Promise<V>>;
  private readonly counts: CacheCounts | undefined;

  constructor(options: LoadingCacheOptions<V>) {
    const { ttlMs, maxEntries, weigh, maxWeight, now, staleWhileRevalidate, name, stats } = options;
    this.counts = name && stats ? stats.of(name) : undefined;
    if (!maxEntries && !(weigh && maxWeight)) throw new Error('LoadingCache needs maxEntries or weigh with maxWeight');
    const lruOptions: LRUCache.OptionsBase<string, Box<V>, () => Promise<V>> = {
      ...(maxEntries ? { max: maxEntries } : {}),
      ...(weigh && maxWeight ? { maxSize: maxWeight, sizeCalculation: (box: Box<V>) => Math.max(1, Math.ceil(weigh(box.value))) } : {}),
      ...(ttlMs ? { ttl: ttlMs, ttlResolution: 0 } : {}),
      ...(now ? { perf: { now } } : {}),
      ...(staleWhileRevalidate ? { allowStale: true, noDeleteOnStaleGet: true, noDeleteOnFetchRejection: true } : {}),
      // A clear() or an eviction during a load must not fail the callers waiting for it.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    };
    // max or maxSize is set (checked above), which is what LRUCache.Options asks for.
    this.lru = new LRUCache(lruOptions as LRUCache.Options<string, Box<V>, () => Promise<V>>);
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    // A hit is an answer from memory: a fresh entry, or a stale one answered while it is read again.
    if (this.counts) {
      if (this.lru.peek(key) !== undefined) this.counts.hits++;
      else this.counts.misses++;
    }
    const box = await this.lru.fetch(key, { context: load });
    // fetchMethod never answers undefined, so neither does fetch.
    return box!.value;
  }

  clear(): void {
    this.lru.clear();
  }

  /** Forgets one entry (a value its caller found unfit to share, for example). */
  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Entries, loaded or loading. */
  get size(): number {
    return this.lru.size;
  }

  /** Summed weight of the loaded values (0 without `weigh`). */
  get totalWeight(): number {
    return this.lru.calculatedSize;
  }
}
