import { convertMinor, minorToMajor, visibleTiersFen, type TCurrency, type TLocale, type TStockStatus } from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import { stockStatusOf, type StockLine } from '../stock/stock.service.js';
import { pickText, type Dictionary } from './catalog.categories.js';
import { imageVersionTag, paidFenOf, toDetailFields, toProduct, type MapContext, type ProductFen } from './catalog.mapper.js';
import type { ItemDetailRow, ItemListRow } from './catalog.repository.js';

/**
 * Product JSON kept ready (docs/catalog.md, Speed on the hot paths): per product, the pieces of
 * its list card in both languages and currencies, written into the card by a fixed template (a
 * serializer compiled by hand: no objects, no JSON.stringify of the whole) with its labels (N
 * moves with the newest threshold) and stock state (kept 30 s, like the pages were); a detail's
 * extra fields per (product, language) as JSON. A page is then its cards joined, and only the
 * products not seen since the last catalog change are read from the database. `clear()` (the
 * catalog's invalidate: writes, rate changes, other instances' writes) forgets everything; a
 * load that started before it is not kept.
 */

export interface FragmentSource {
  findByIds(ids: number[]): Promise<ItemListRow[]>;
  findDetail(id: number): Promise<ItemDetailRow | undefined>;
  levelsOf(ids: readonly number[]): Promise<Map<number, StockLine[]>>;
}

export interface FragmentOptions {
  /** Lifetime of a product's stock state, ms (default 30 s: orders change it without telling the catalog). */
  statusTtlMs?: number | undefined;
  /** Products kept (default 250,000; ~1 KB each, serving all 4 languages and currencies). */
  maxProducts?: number | undefined;
  /** Budget of the details' extra fields, bytes (default 96 MB). */
  detailBytes?: number | undefined;
  now?: (() => number) | undefined;
}

/**
 * What a product's card is written from: its JSON-ready pieces in both languages, its prices in
 * fen and what its labels and stock state follow. One small record a product for every view:
 * 100,000 products in 4 views as finished strings are millions of heap objects, and the garbage
 * collector's full passes over them cost more than writing the cards (measured, docs/catalog.md).
 */
interface Core {
  id: number;
  hot: boolean;
  createdAtMs: number;
  preorder: boolean;
  lowStockAt: number;
  moq: number;
  orderMultiple: number | null;
  priceFen: number;
  paidFen: number;
  basePriceFen: number;
  discountPercent: number;
  tiers: ProductFen['tiers'];
  /**
   * UTF-8, one buffer: `"name":…,"types":[…]` in zh, then in en, then the money part in CNY
   * (`"currency":…,"priceTiers":[…]`), then `"lastUpdatedTime":"…"`; cut at enAt, cnyAt, updatedAt.
   */
  text: Buffer;
  enAt: number;
  cnyAt: number;
  updatedAt: number;
  supplierId: number;
  categoryId: number;
  imageVersion: number;
  /** The money part in USD at usdRate (ASCII), made when first asked for. */
  usd?: string;
  usdRate?: number;
}

const NO_TIERS: ProductFen['tiers'] = [];
const EMPTY = Buffer.alloc(0);

/** Labels JSON by mask (1 H, 2 N, 4 D), in the order H, N, D. */
const LABELS = Array.from({ length: 8 }, (_, m) => JSON.stringify([...(m & 1 ? ['H'] : []), ...(m & 2 ? ['N'] : []), ...(m & 4 ? ['D'] : [])]));
const LOCALES = { zh: 0, en: 1 } as const;
/** Bytes a string takes in the heap (one a character when all are Latin-1, else two). */
const heapBytes = (s: string) => (/[^\x20-\xff]/.test(s) ? 2 : 1) * s.length + 96;

function namesOf(row: ItemListRow, locale: TLocale): string {
  const types = row.types.map((t) => ({ code: t.code, name: pickText(t.zh, t.en, locale) ?? t.code }));
  return `"name":${JSON.stringify(pickText(row.nameZh, row.nameEn, locale) ?? '')},"types":${JSON.stringify(types)}`;
}

function moneyOf(core: Pick<Core, 'priceFen' | 'paidFen' | 'basePriceFen' | 'discountPercent' | 'tiers'>, currency: TCurrency, rate: number): string {
  const money = (fen: number) => minorToMajor(convertMinor(fen, currency, rate));
  const tiers = visibleTiersFen(core.paidFen, core.tiers).map((t) => `{"minQuantity":${t.minQuantity},"price":${money(t.priceFen)}}`);
  return (
    `"currency":"${currency}","price":${money(core.priceFen)},"discountPrice":${money(core.paidFen)},` +
    `"discountPercent":${core.discountPercent},"basePrice":${money(core.basePriceFen)},"priceTiers":[${tiers.join(',')}]`
  );
}

function coreOf(row: ItemListRow): Core {
  const fen = paidFenOf(row);
  const zh = namesOf(row, 'zh');
  const en = namesOf(row, 'en');
  const core: Core = {
    id: row.id,
    hot: row.hot,
    createdAtMs: row.createdAt.getTime(),
    preorder: row.preorder,
    lowStockAt: row.lowStockAt,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    priceFen: row.priceFen,
    paidFen: fen.paidFen,
    basePriceFen: row.basePriceFen,
    discountPercent: row.discountPercent,
    tiers: fen.tiers.length > 0 ? fen.tiers : NO_TIERS,
    text: EMPTY,
    enAt: Buffer.byteLength(zh),
    cnyAt: Buffer.byteLength(zh) + Buffer.byteLength(en),
    updatedAt: 0,
    supplierId: row.supplierId,
    categoryId: row.categoryId,
    imageVersion: row.imageVersion,
  };
  const cny = moneyOf(core, 'CNY', 1);
  core.updatedAt = core.cnyAt + cny.length;
  core.text = Buffer.from(`${zh}${en}${cny}"lastUpdatedTime":"${row.updatedAt.toISOString()}"`);
  return core;
}

/** Brand and category refs as JSON per dictionary and language (the dictionary is replaced on every change). */
const refJson = new WeakMap<Dictionary, Map<string, Buffer>>();
function refOf(dict: Dictionary, locale: TLocale, kind: 'supplier' | 'category', id: number): Buffer {
  let map = refJson.get(dict);
  if (!map) refJson.set(dict, (map = new Map()));
  const key = `${kind}${locale}${id}`;
  let json = map.get(key);
  if (json === undefined) {
    const ref =
      kind === 'supplier' ? (dict.supplierRefs[locale].get(id) ?? { id, name: '' }) : (dict.refs[locale].get(id) ?? { id, slug: '', name: '' });
    map.set(key, (json = Buffer.from(JSON.stringify(ref))));
  }
  return json;
}

/**
 * Writes JSON as UTF-8 straight into one growing buffer: a page is 120 cards of ~25 pieces each,
 * and joining them as strings (ropes flattened, Chinese text in two-byte strings, then encoded
 * again for the socket and the compressor) cost more than everything else of a page.
 */
export class JsonWriter {
  private buf = Buffer.allocUnsafe(192 * 1024);
  private at = 0;

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  reset(): this {
    this.at = 0;
    return this;
  }

  /** Text of ASCII characters only (keys, numbers, dates, codes). */
  ascii(s: string): this {
    this.room(s.length);
    this.at += this.buf.write(s, this.at, 'latin1');
    return this;
  }

  utf8(s: string): this {
    this.room(s.length * 3);
    this.at += this.buf.write(s, this.at, 'utf8');
    return this;
  }

  bytes(src: Buffer, start = 0, end = src.length): this {
    this.room(end - start);
    this.at += src.copy(this.buf, this.at, start, end);
    return this;
  }

  /** A copy of what was written (the writer is reused). */
  take = (): Buffer => Buffer.from(this.buf.subarray(0, this.at));
  text = (): string => this.buf.toString('utf8', 0, this.at);
}

/** The card toProduct maps (byte for byte what JSON.stringify gives; the tests compare them). */
function writeCard(w: JsonWriter, core: Core, context: MapContext, state: TStockStatus): void {
  const { view, dict, since, rate } = context;
  const { id, orderMultiple, text } = core;
  const imageTag = imageVersionTag(core.imageVersion);
  const mask = (core.hot ? 1 : 0) | (core.createdAtMs >= since.getTime() ? 2 : 0) | (core.discountPercent > 0 ? 4 : 0);
  w.ascii(`{"id":${id},`);
  if (view.locale === 'zh') w.bytes(text, 0, core.enAt);
  else w.bytes(text, core.enAt, core.cnyAt);
  w.ascii(`,"labels":${LABELS[mask]},`);
  if (view.currency === 'CNY') w.bytes(text, core.cnyAt, core.updatedAt);
  else {
    if (core.usdRate !== rate) {
      core.usd = moneyOf(core, 'USD', rate);
      core.usdRate = rate;
    }
    w.ascii(core.usd!);
  }
  w.ascii(',').bytes(text, core.updatedAt);
  w.ascii(`,"supplierId":${core.supplierId},"supplier":`).bytes(refOf(dict, view.locale, 'supplier', core.supplierId));
  w.ascii(`,"categoryId":${core.categoryId},"category":`).bytes(refOf(dict, view.locale, 'category', core.categoryId));
  w.ascii(
    `,"moq":${core.moq},"orderMultiple":${orderMultiple === null ? 'null' : orderMultiple},` +
      `"image":"/api/items/${id}/image?v=${imageTag}","thumbnail":"/api/items/${id}/thumbnail?v=${imageTag}",` +
      `"stockStatus":"${state}","favorite":false}`,
  );
}

/** One writer for the process (pages are written synchronously, one at a time). */
const writer = new JsonWriter();

export function createFragments(source: FragmentSource, options: FragmentOptions = {}) {
  const perf = options.now ? { perf: { now: options.now } } : {};
  const cores = new LRUCache<number, Core>({ max: options.maxProducts ?? 250_000 });
  // Keys are numbers (no key strings): id * 2 + language.
  const extras = new LRUCache<number, string>({ maxSize: options.detailBytes ?? 96_000_000, sizeCalculation: heapBytes });
  const states = new LRUCache<number, TStockStatus>({ max: options.maxProducts ?? 250_000, ttl: options.statusTtlMs ?? 30_000, ttlResolution: 0, ...perf });
  // Bumped by clear(): loads that began before a change do not store what they read.
  let generation = 0;

  const extraKey = (id: number, context: MapContext) => id * 2 + LOCALES[context.view.locale];

  function remember(row: ItemListRow, lines: readonly StockLine[] | undefined, withState: boolean) {
    const core = coreOf(row);
    cores.set(row.id, core);
    if (withState) states.set(row.id, stockStatusOf(core, lines));
  }

  function assemble(id: number, context: MapContext): { json: string; fen: ProductFen } | undefined {
    const core = cores.get(id);
    const state = states.get(id);
    if (!core || !state) return undefined;
    writeCard(writer.reset(), core, context, state);
    return { json: writer.text(), fen: { paidFen: core.paidFen, tiers: core.tiers } };
  }

  /** Reads what is missing for these ids: rows for missing cards, stock for missing states. */
  async function fill(ids: readonly number[], refreshBelowMs = 0): Promise<void> {
    const needRow: number[] = [];
    const needState: number[] = [];
    for (const id of ids) {
      if (!cores.has(id)) needRow.push(id);
      if (!states.has(id) || (refreshBelowMs > 0 && states.getRemainingTTL(id) < refreshBelowMs)) needState.push(id);
    }
    if (needRow.length === 0 && needState.length === 0) return;
    const gen = generation;
    const [rows, levels] = await Promise.all([source.findByIds(needRow), source.levelsOf(needState)]);
    if (gen !== generation) return;
    const wantState = new Set(needState);
    for (const row of rows) remember(row, levels.get(row.id), wantState.delete(row.id));
    for (const id of wantState) {
      const core = cores.get(id);
      if (core) states.set(id, stockStatusOf(core, levels.get(id)));
    }
  }

  return {
    /** The cards of these products in order (unknown ids skipped), with their ids and prices in fen. */
    async cards(ids: readonly number[], context: MapContext): Promise<{ parts: string[]; ids: number[]; fen: ProductFen[] }> {
      const out = { parts: [] as string[], ids: [] as number[], fen: [] as ProductFen[] };
      const ready = ids.map((id) => assemble(id, context));
      if (ready.some((r) => !r)) {
        const gen = generation;
        await fill(ids);
        // A clear() while reading: build this answer from what was read, without keeping it.
        if (gen !== generation) return this.uncached(ids, context);
        for (let i = 0; i < ids.length; i++) ready[i] ??= assemble(ids[i]!, context);
      }
      ids.forEach((id, i) => {
        const r = ready[i];
        if (!r) return;
        out.parts.push(r.json);
        out.ids.push(id);
        out.fen.push(r.fen);
      });
      return out;
    },

    /**
     * A list page's body, `{"data":[cards],"pager":pager}` as UTF-8, and its products' ids and
     * prices in fen (unknown ids skipped).
     */
    async page(ids: readonly number[], context: MapContext, pager: object): Promise<{ bytes: Buffer; ids: number[]; fen: ProductFen[] }> {
      const missing = ids.some((id) => !cores.has(id) || !states.has(id));
      if (missing) {
        const gen = generation;
        await fill(ids);
        if (gen !== generation) {
          // A clear() while reading: answer from what was read, without keeping it.
          const cards = await this.uncached(ids, context);
          return { bytes: Buffer.from(`{"data":[${cards.parts.join(',')}],"pager":${JSON.stringify(pager)}}`), ids: cards.ids, fen: cards.fen };
        }
      }
      const out = { ids: [] as number[], fen: [] as ProductFen[] };
      const w = writer.reset().ascii('{"data":[');
      for (const id of ids) {
        const core = cores.get(id);
        const state = states.get(id);
        if (!core || !state) continue;
        if (out.ids.length > 0) w.ascii(',');
        writeCard(w, core, context, state);
        out.ids.push(id);
        out.fen.push({ paidFen: core.paidFen, tiers: core.tiers });
      }
      w.ascii('],"pager":').ascii(JSON.stringify(pager)).ascii('}');
      return { bytes: w.take(), ...out };
    },

    /** As cards(), straight from the database (nothing kept). */
    async uncached(ids: readonly number[], context: MapContext): Promise<{ parts: string[]; ids: number[]; fen: ProductFen[] }> {
      const [rows, levels] = await Promise.all([source.findByIds([...ids]), source.levelsOf(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const found = ids.flatMap((id) => byId.get(id) ?? []);
      return {
        parts: found.map((r) => JSON.stringify(toProduct(r, context, levels.get(r.id)))),
        ids: found.map((r) => r.id),
        fen: found.map(paidFenOf),
      };
    },

    /** A product detail's JSON (undefined: no such product on sale). */
    async detail(id: number, context: MapContext): Promise<{ json: string; fen: ProductFen } | undefined> {
      let card = assemble(id, context);
      let extra = extras.get(extraKey(id, context));
      if (!card || extra === undefined) {
        const gen = generation;
        const [row, levels] = await Promise.all([source.findDetail(id), states.has(id) ? undefined : source.levelsOf([id])]);
        if (!row) return undefined;
        extra = JSON.stringify(toDetailFields(row, context));
        if (gen === generation) {
          remember(row, levels?.get(id), levels !== undefined);
          extras.set(extraKey(id, context), extra);
          card = assemble(id, context);
        }
        if (!card) {
          // cleared meanwhile (or the state was dropped): answer from the row, keep nothing
          const lines = levels ? levels.get(id) : (await source.levelsOf([id])).get(id);
          card = { json: JSON.stringify(toProduct(row, context, lines)), fen: paidFenOf(row) };
        }
      }
      return { json: `${card.json.slice(0, -1)},${extra.slice(1)}`, fen: card.fen };
    },

    /**
     * Reads every product of `ids` not kept yet, and the stock state of those whose state has less
     * than `refreshBelowMs` to live, `batch` at a time, one batch after the other (in the
     * background: pages asked for meanwhile are answered between the batches). Stops at a
     * clear(). Answers how many products it read.
     */
    async warm(ids: ArrayLike<number>, batch = 1000, refreshBelowMs = 0): Promise<number> {
      const gen = generation;
      let read = 0;
      const stale = (id: number) => !cores.has(id) || !states.has(id) || (refreshBelowMs > 0 && states.getRemainingTTL(id) < refreshBelowMs);
      for (let from = 0; from < ids.length && gen === generation; from += batch) {
        const missing: number[] = [];
        for (let i = from; i < Math.min(ids.length, from + batch); i++) if (stale(ids[i]!)) missing.push(ids[i]!);
        if (missing.length === 0) continue;
        await fill(missing, refreshBelowMs);
        read += missing.length;
      }
      return read;
    },

    /** Forgets every fragment (a catalog write, a rate change). */
    clear(): void {
      generation++;
      cores.clear();
      extras.clear();
      states.clear();
    },

    /** Sizes, for the benchmark's memory line and tests. */
    stats() {
      return { products: cores.size, extras: extras.size, extraBytes: extras.calculatedSize, states: states.size };
    },
  };
}
export type Fragments = ReturnType<typeof createFragments>;

/**
 * An answer kept and sent as UTF-8 bytes (off the JavaScript heap: cached pages of 60-150 kB as
 * strings kept the garbage collector busy), with `body` parsed from them on first use.
 */
export function answerOf<B, E extends object = object>(json: string | Buffer, extra: E): E & { bytes: Buffer; readonly body: B } {
  let body: B | undefined;
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  return {
    ...extra,
    bytes,
    get body(): B {
      return (body ??= JSON.parse(bytes.toString()) as B);
    },
  };
}
