/**
 * A small in-process cache with a time to live and a size bound (least recently used goes
 * first). It stores promises, so concurrent misses on one key share one load (no stampede
 * when 50 buyers open the same page at once); a failed load is not kept.
 *
 * The bound counts entries, or with `weigh` the summed weight of loaded values (for example
 * the length of cached id lists), so a few large values and many small ones share one budget.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V>; weight: number }>();
  private weight = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly weighing?: { weigh: (value: V) => number; maxWeight: number },
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && hit.expires > t) {
      // refresh recency
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key);
    const value = load();
    const entry = { expires: t + this.ttlMs, value, weight: 0 };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        if (!this.weighing || this.entries.get(key) !== entry) return;
        entry.weight = this.weighing.weigh(loaded);
        this.weight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    this.evict();
    return value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  private evict(): void {
    const maxWeight = this.weighing?.maxWeight ?? Infinity;
    while (this.entries.size > this.maxEntries || (this.weight > maxWeight && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Summed weight of the loaded values (0 without `weigh`). */
  get totalWeight(): number {
    return this.weight;
  }
}

/** Byte-bounded LRU of buffers (rendered images). */
export class BufferLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}
