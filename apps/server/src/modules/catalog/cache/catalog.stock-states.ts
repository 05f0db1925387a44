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
 * state's index: no object per product), and beside it, for tracked products only, the pieces
 * available per style (in the product's type order; one entry for a product without types), from
 * which the styles' states and the detail's counts are written.
 */
export class StockStates {
  private readonly map: BoundedMap<number>;
  private readonly counts: BoundedMap<readonly number[]>;
  constructor(
    max: number,
    private readonly now: () => number,
  ) {
    this.map = new BoundedMap<number>(max);
    this.counts = new BoundedMap<readonly number[]>(max);
  }
  /** Pieces available per style as read with the state (undefined: not tracked). */
  pieces(id: number): readonly number[] | undefined {
    return this.counts.get(id);
  }
  get(id: number): TStockStatus | undefined {
    const v = this.map.get(id);
    return v === undefined ? undefined : STOCK_STATUSES[v % 4];
  }
  /**
   * Milliseconds since the state was read, at `at` (Infinity: none kept, or a tracked product
   * whose pieces went: the two maps forget on their own, so either missing means read again).
   */
  age(id: number, at = this.now()): number {
    const v = this.map.get(id);
    if (v === undefined || (v % 8 >= 4 && !this.counts.has(id))) return Infinity;
    return at - Math.floor(v / 8);
  }
  /** Keeps the state read now, and for a tracked product (`pieces` given) its pieces per style (bit 4 of the entry: tracked). */
  set(id: number, state: TStockStatus, pieces?: readonly number[]): void {
    this.map.set(id, Math.floor(this.now()) * 8 + (pieces ? 4 : 0) + STATE_CODE.get(state)!);
    if (pieces) this.counts.set(id, pieces);
    else this.counts.delete(id);
  }
  delete(id: number): void {
    this.map.delete(id);
    this.counts.delete(id);
  }
  clear(): void {
    this.map.clear();
    this.counts.clear();
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
