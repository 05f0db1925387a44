import { STOCK_STATUSES, type TStockStatus } from '@cubeshop/shared';

/**
 * A Map of at most `max` entries, the earliest added going first: no bookkeeping on reads (a page
 * reads 120 at a time), and the catalog fits anyway (250,000 products by default).
 */
export class BoundedMap<V> extends Map<number, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: number, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

const STATE_CODE = new Map(STOCK_STATUSES.map((s, i) => [s, i]));
/**
 * Products' stock states with the time each was read, one number an entry (read time * 8 + the
 * state's index: no object per product).
 */
export class StockStates {
  private readonly map: BoundedMap<number>;
  constructor(
    max: number,
    private readonly now: () => number,
  ) {
    this.map = new BoundedMap<number>(max);
  }
  get(id: number): TStockStatus | undefined {
    const v = this.map.get(id);
    return v === undefined ? undefined : STOCK_STATUSES[v % 8];
  }
  /** Milliseconds since the state was read, at `at` (Infinity: none kept). */
  age(id: number, at = this.now()): number {
    const v = this.map.get(id);
    return v === undefined ? Infinity : at - Math.floor(v / 8);
  }
  set(id: number, state: TStockStatus): void {
    this.map.set(id, Math.floor(this.now()) * 8 + STATE_CODE.get(state)!);
  }
  delete(id: number): void {
    this.map.delete(id);
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/** The first `n` members of a set, without copying the rest (it may hold every product). */
export function firstOf<T>(set: ReadonlySet<T>, n: number): T[] {
  const out: T[] = [];
  for (const item of set) {
    if (out.length === n) break;
    out.push(item);
  }
  return out;
}
