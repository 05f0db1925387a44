// Over 400 lines on purpose: one store (cards, detail fields, stock states) whose page writer,
// reads and forgetting share its private state and generations; split, each part would reach in.
import {
  convertMinor,
  minorToMajor,
  minValidQuantity,
  STOCK_STATUSES,
  visibleTiersFen,
  type TCurrency,
  type TLocale,
  type TStockStatus,
} from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import { JsonWriter } from '../../../lib/json-writer.js';
import { availableOf, stockStatusOf, styleStatusOf, type StockLine } from '../../stock/stock.service.js';
import { pickText, type Dictionary } from './catalog.dictionary.js';
import { BoundedMap, firstOf, StockStates } from './catalog.stock-states.js';
import { imageVersionTag, paidFenOf, toDetailCard, toDetailFields, toProduct, type MapContext, type ProductFen } from '../query/catalog.mapper.js';
import type { ItemDetailRow, ItemListRow } from '../catalog.repository.js';

/**
 * Product JSON kept ready (docs/catalog.md, Speed on the hot paths): per product, the pieces of
 * its list card in both languages and currencies, written into the card by a fixed template (a
 * serializer compiled by hand: no objects, no JSON.stringify of the whole) with its labels (N
 * moves with the newest threshold), stock state and each style's state (and, on the detail, each
 * style's pieces, docs/catalog.md, Stock); a detail's extra fields per (product,
 * language) as JSON. A stock state is fresh for 30 s (orders and staff say which they moved:
 * forgetStates); an older one is still written, up to 60 s old, and read again in the background, so a
 * page never waits for the database for products it has seen (past 60 s it does wait). A page is
 * then its cards joined, and only the products not seen since the last catalog change are read
 * from the database. `clear()` (the catalog's invalidate: writes, rate changes, other instances'
 * writes) forgets everything, `forget(ids)` (a staff write of products) those products, and
 * `forgetStates(ids)` (a stock change) their states; a load that started before any of them does
 * not keep what they forget.
 */

export interface FragmentSource {
  findByIds(ids: number[]): Promise<ItemListRow[]>;
  findDetail(id: number): Promise<ItemDetailRow | undefined>;
  levelsOf(ids: readonly number[]): Promise<Map<number, StockLine[]>>;
}

export interface FragmentOptions {
  /** Lifetime of a product's stock state, ms (default 30 s: orders change it without telling the catalog). */
  statusTtlMs?: number | undefined;
  /** Age up to which a stock state past its lifetime is still used while it is read again (default twice the lifetime). */
  statusStaleMs?: number | undefined;
  /** Products kept (default 250,000; ~1 KB each, serving all 4 languages and currencies). */
  maxProducts?: number | undefined;
  /** Budget of the details' extra fields, bytes (default 48 MB). */
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
  basePriceFen: number;
  discountPercent: number;
  /** Price paid and tiers in fen, as pages hand them on (one object a product, not one a page). */
  fen: ProductFen;
  /** The style codes in order (the stock lines are matched to them; shared empty list without styles). */
  typeCodes: readonly string[];
  /**
   * Where each style's state goes in the names part: after its `"stockStatus":"`, zh styles
   * first, then en (absolute offsets in text; shared empty list without styles).
   */
  cuts: readonly number[];
  /**
   * The card's fixed parts as UTF-8, one buffer: `{"id":…,"name":…,"types":[…]` in zh, then in
   * en (cut where each style's state goes); the money part in CNY (`"currency":…,"priceTiers":[…]`);
   * `,"lastUpdatedTime":"…","supplierId":…,"supplier":`; `,"categoryId":…,"category":`; `,"moq":…,
   * "preorder":…,"image":…,"stockStatus":"`. Cut at enAt, cnyAt, midAt, categoryAt, tailAt.
   */
  text: Buffer;
  enAt: number;
  cnyAt: number;
  midAt: number;
  categoryAt: number;
  tailAt: number;
  supplierId: number;
  categoryId: number;
  /** The money part in USD at usdRate, made when first asked for (NaN: not yet). */
  usd: Buffer | null;
  usdRate: number;
}

const NO_TIERS: ProductFen['tiers'] = [];
const NO_STYLES: readonly string[] = [];
const NO_CUTS: readonly number[] = [];

/** `,"labels":[…],` by mask (1 H, 2 N, 4 D), in the order H, N, D. */
const LABELS = Array.from({ length: 8 }, (_, m) =>
  Buffer.from(`,"labels":${JSON.stringify([...(m & 1 ? ['H'] : []), ...(m & 2 ? ['N'] : []), ...(m & 4 ? ['D'] : [])])},`),
);
/** The card's end after `"stockStatus":"`, by state, but for its closing brace (a detail adds its count first). */
const STATE_ENDS = new Map(STOCK_STATUSES.map((state) => [state, Buffer.from(`${state}","favorite":false`)]));
/** A style's state after its `"stockStatus":"`. */
const STYLE_ENDS = new Map(STOCK_STATUSES.map((state) => [state, Buffer.from(`${state}"`)]));
const LOCALES = { zh: 0, en: 1 } as const;
/** Bytes a string takes in the heap (one a character when all are Latin-1, else two). */
const heapBytes = (s: string) => (/[^\x20-\xff]/.test(s) ? 2 : 1) * s.length + 96;

/**
 * `{"id":…,"name":…,"types":[…]` in pieces: one a style, each ending with `"stockStatus":"` (its
 * state is written after it), and the closing `}]`; one piece without styles.
 */
function headOf(row: ItemListRow, locale: TLocale): string[] {
  const start = `{"id":${row.id},"name":${JSON.stringify(pickText(row.nameZh, row.nameEn, locale) ?? '')},"types":[`;
  if (row.types.length === 0) return [`${start}]`];
  const parts = row.types.map(
    (t, i) => `${i === 0 ? start : '},'}{"code":${JSON.stringify(t.code)},"name":${JSON.stringify(pickText(t.zh, t.en, locale) ?? t.code)},"stockStatus":"`,
  );
  parts.push('}]');
  return parts;
}

/** Byte offsets (from `at`) of the ends of every piece but the last: where the styles' states go. */
function cutsOf(parts: readonly string[], at: number): number[] {
  const cuts: number[] = [];
  for (const part of parts.slice(0, -1)) cuts.push((at += Buffer.byteLength(part)));
  return cuts;
}

/** Pieces available per style in the product's type order (one entry without styles); undefined: not tracked. */
function piecesOf(typeCodes: readonly string[], lines: readonly StockLine[] | undefined): number[] | undefined {
  if (!lines) return undefined;
  return (typeCodes.length > 0 ? typeCodes : ['']).map((code) => availableOf(lines, code)!);
}

function moneyOf(core: Pick<Core, 'priceFen' | 'basePriceFen' | 'discountPercent' | 'fen'>, currency: TCurrency, rate: number): string {
  const money = (fen: number) => minorToMajor(convertMinor(fen, currency, rate));
  const { paidFen, tiers: allTiers } = core.fen;
  const tiers = visibleTiersFen(paidFen, allTiers).map((t) => `{"minQuantity":${t.minQuantity},"price":${money(t.priceFen)}}`);
  return (
    `"currency":"${currency}","price":${money(core.priceFen)},"discountPrice":${money(paidFen)},` +
    `"discountPercent":${core.discountPercent},"basePrice":${money(core.basePriceFen)},"priceTiers":[${tiers.join(',')}]`
  );
}

function coreOf(row: ItemListRow): Core {
  const fen = paidFenOf(row);
  const zhParts = headOf(row, 'zh');
  const enParts = headOf(row, 'en');
  const zh = zhParts.join('');
  const en = enParts.join('');
  const paid: ProductFen = { paidFen: fen.paidFen, tiers: fen.tiers.length > 0 ? fen.tiers : NO_TIERS };
  const money = { priceFen: row.priceFen, basePriceFen: row.basePriceFen, discountPercent: row.discountPercent, fen: paid };
  const cny = moneyOf(money, 'CNY', 1);
  const mid = `,"lastUpdatedTime":"${row.updatedAt.toISOString()}","supplierId":${row.supplierId},"supplier":`;
  const category = `,"categoryId":${row.categoryId},"category":`;
  const imageTag = imageVersionTag(row.imageVersion);
  const tail =
    `,"moq":${row.moq},"orderMultiple":${row.orderMultiple === null ? 'null' : row.orderMultiple},"preorder":${row.preorder},` +
    `"image":"/api/items/${row.id}/image?v=${imageTag}","thumbnail":"/api/items/${row.id}/thumbnail?v=${imageTag}","stockStatus":"`;
  const enAt = Buffer.byteLength(zh);
  const cnyAt = enAt + Buffer.byteLength(en);
  // Everything after the names is ASCII: one byte a character.
  const midAt = cnyAt + cny.length;
  const categoryAt = midAt + mid.length;
  return {
    id: row.id,
    hot: row.hot,
    createdAtMs: row.createdAt.getTime(),
    preorder: row.preorder,
    lowStockAt: row.lowStockAt,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    ...money,
    typeCodes: row.types.length > 0 ? row.types.map((t) => t.code) : NO_STYLES,
    cuts: row.types.length > 0 ? [...cutsOf(zhParts, 0), ...cutsOf(enParts, enAt)] : NO_CUTS,
    text: Buffer.from(zh + en + cny + mid + category + tail),
    enAt,
    cnyAt,
    midAt,
    categoryAt,
    tailAt: categoryAt + category.length,
    supplierId: row.supplierId,
    categoryId: row.categoryId,
    usd: null,
    usdRate: Number.NaN,
  };
}

/** Brand and category refs as JSON per dictionary (replaced on every change), by id * 4 + kind * 2 + language. */
const refJson = new WeakMap<Dictionary, Map<number, Buffer>>();
function refOf(dict: Dictionary, locale: TLocale, kind: 'supplier' | 'category', id: number): Buffer {
  let map = refJson.get(dict);
  if (!map) refJson.set(dict, (map = new Map<number, Buffer>()));
  const key = id * 4 + (kind === 'supplier' ? 0 : 2) + LOCALES[locale];
  let json = map.get(key);
  if (json === undefined) {
    const ref = kind === 'supplier' ? (dict.supplierRefs[locale].get(id) ?? { id, name: '' }) : (dict.refs[locale].get(id) ?? { id, slug: '', name: '' });
    map.set(key, (json = Buffer.from(JSON.stringify(ref))));
  }
  return json;
}

/** The names part with each style's state (and, on a detail, its pieces) written at its cut. */
function writeHead(w: JsonWriter, core: Core, locale: TLocale, pieces: readonly number[] | undefined, detail: boolean): void {
  const text = core.text;
  const [from, to] = locale === 'zh' ? [0, core.enAt] : [core.enAt, core.cnyAt];
  const n = core.typeCodes.length;
  if (n === 0) {
    w.bytes(text, from, to);
    return;
  }
  const least = minValidQuantity(core);
  const base = locale === 'zh' ? 0 : n;
  let at = from;
  for (let i = 0; i < n; i++) {
    const cut = core.cuts[base + i]!;
    w.bytes(text, at, cut);
    const p = pieces?.[i];
    w.bytes(STYLE_ENDS.get(styleStatusOf(core, p, least))!);
    if (detail) w.ascii(`,"available":${p === undefined ? 'null' : p}`);
    at = cut;
  }
  w.bytes(text, at, to);
}

/**
 * The card toProduct maps, or on a product's page (`detail`) the one toDetailCard maps (byte for
 * byte what JSON.stringify gives; the tests compare them).
 */
function writeCard(w: JsonWriter, core: Core, context: MapContext, state: TStockStatus, pieces: readonly number[] | undefined, detail = false): void {
  const { view, dict, since, rate } = context;
  const text = core.text;
  const mask = (core.hot ? 1 : 0) | (core.createdAtMs >= since.getTime() ? 2 : 0) | (core.discountPercent > 0 ? 4 : 0);
  writeHead(w, core, view.locale, pieces, detail);
  w.bytes(LABELS[mask]!);
  if (view.currency === 'CNY') w.bytes(text, core.cnyAt, core.midAt);
  else {
    if (core.usdRate !== rate || !core.usd) {
      core.usd = Buffer.from(moneyOf(core, 'USD', rate));
      core.usdRate = rate;
    }
    w.bytes(core.usd);
  }
  w.bytes(text, core.midAt, core.categoryAt).bytes(refOf(dict, view.locale, 'supplier', core.supplierId));
  w.bytes(text, core.categoryAt, core.tailAt).bytes(refOf(dict, view.locale, 'category', core.categoryId));
  w.bytes(text, core.tailAt).bytes(STATE_ENDS.get(state)!);
  if (!detail) w.ascii('}');
  else if (!pieces) w.ascii(',"available":null}');
  else w.ascii(`,"available":${core.typeCodes.length > 0 ? pieces.reduce((sum, p) => sum + p, 0) : pieces[0]!}}`);
}

/** One writer for the process (pages are written synchronously, one at a time). */
const writer = new JsonWriter();

export function createFragments(source: FragmentSource, options: FragmentOptions = {}) {
  const now = options.now ?? (() => performance.now());
  const ttl = options.statusTtlMs ?? 30_000;
  const staleLimit = options.statusStaleMs ?? 2 * ttl;
  const cores = new BoundedMap<Core>(options.maxProducts ?? 250_000);
  // Keys are numbers (no key strings): id * 2 + language.
  const extras = new LRUCache<number, string>({ maxSize: options.detailBytes ?? 48_000_000, sizeCalculation: heapBytes });
  const states = new StockStates(options.maxProducts ?? 250_000, now);
  /** A state usable now (none, or too old: the caller reads it first). */
  const usable = (id: number) => states.age(id) <= staleLimit;
  // Bumped by clear(): loads that began before a change do not store what they read; bumped by
  // forgetStates(): they do not store the stock states they read.
  let generation = 0;
  let stateGeneration = 0;

  const extraKey = (id: number, context: MapContext) => id * 2 + LOCALES[context.view.locale];

  function remember(row: ItemListRow, lines: readonly StockLine[] | undefined, withState: boolean) {
    const core = coreOf(row);
    cores.set(row.id, core);
    if (withState) states.set(row.id, stockStatusOf(core, lines), piecesOf(core.typeCodes, lines));
  }

  // States past their lifetime, read again in the background, 1,000 a query, one query at a time.
  const toRefresh = new Set<number>();
  let refreshing: Promise<void> | null = null;
  function refreshLater(id: number) {
    toRefresh.add(id);
    refreshing ??= (async () => {
      // Starts after the page being written: its other old states join this read.
      await Promise.resolve();
      while (toRefresh.size) {
        const ids = firstOf(toRefresh, 1000);
        try {
          await fill(ids, 0);
        } catch {
          // kept as they are: read again when next written (or waited for past the stale limit)
        }
        for (const id of ids) toRefresh.delete(id);
      }
      refreshing = null;
    })();
  }
  /** The state to write for a kept product (undefined: none usable), asking for a fresh one when past its lifetime. */
  function stateOf(id: number, at = now()): TStockStatus | undefined {
    const age = states.age(id, at);
    if (age > staleLimit) return undefined;
    if (age > ttl) refreshLater(id);
    return states.get(id);
  }

  /**
   * The page written from what is kept; null when a product is missing (or its state too old to
   * use) and `skipMissing` is false, so the caller reads them first.
   */
  function writePage(ids: readonly number[], context: MapContext, pager: object, skipMissing: boolean) {
    const out = { ids: [] as number[], fen: [] as ProductFen[] };
    const at = now();
    const w = writer.reset().ascii('{"data":[');
    for (const id of ids) {
      const core = cores.get(id);
      const state = core && stateOf(id, at);
      if (!core || !state) {
        if (skipMissing) continue;
        return null;
      }
      if (out.ids.length > 0) w.ascii(',');
      writeCard(w, core, context, state, states.pieces(id));
      out.ids.push(id);
      out.fen.push(core.fen);
    }
    w.ascii('],"pager":').ascii(JSON.stringify(pager)).ascii('}');
    return { bytes: w.take(), ...out };
  }

  function assemble(id: number, context: MapContext, detail = false): { json: string; fen: ProductFen } | undefined {
    const core = cores.get(id);
    const state = core && stateOf(id);
    if (!core || !state) return undefined;
    writeCard(writer.reset(), core, context, state, states.pieces(id), detail);
    return { json: writer.text(), fen: core.fen };
  }

  /** Reads what is missing for these ids: rows for missing cards, stock for states older than `olderThanMs` (default: unusable ones). */
  async function fill(ids: readonly number[], olderThanMs = staleLimit): Promise<void> {
    const needRow: number[] = [];
    const needState: number[] = [];
    for (const id of ids) {
      if (!cores.has(id)) needRow.push(id);
      if (states.age(id) > olderThanMs) needState.push(id);
    }
    if (needRow.length === 0 && needState.length === 0) return;
    const [gen, sgen] = [generation, stateGeneration];
    const [rows, levels] = await Promise.all([source.findByIds(needRow), source.levelsOf(needState)]);
    if (gen !== generation) return;
    const wantState = new Set(sgen === stateGeneration ? needState : []);
    for (const row of rows) remember(row, levels.get(row.id), wantState.delete(row.id));
    for (const id of wantState) {
      const core = cores.get(id);
      if (core) states.set(id, stockStatusOf(core, levels.get(id)), piecesOf(core.typeCodes, levels.get(id)));
    }
  }

  return {
    /** The cards of these products in order (unknown ids skipped), with their ids and prices in fen. */
    async cards(ids: readonly number[], context: MapContext): Promise<{ parts: string[]; ids: number[]; fen: ProductFen[] }> {
      const out = { parts: [] as string[], ids: [] as number[], fen: [] as ProductFen[] };
      const ready = ids.map((id) => assemble(id, context));
      if (ready.some((r) => !r)) {
        const [gen, sgen] = [generation, stateGeneration];
        await fill(ids);
        // A clear() while reading: build this answer from what was read, without keeping it.
        if (gen !== generation || sgen !== stateGeneration) return this.uncached(ids, context);
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
      const written = writePage(ids, context, pager, false);
      if (written) return written;
      const [gen, sgen] = [generation, stateGeneration];
      await fill(ids);
      if (gen !== generation || sgen !== stateGeneration) {
        // A clear() while reading: answer from what was read, without keeping it.
        const cards = await this.uncached(ids, context);
        return { bytes: Buffer.from(`{"data":[${cards.parts.join(',')}],"pager":${JSON.stringify(pager)}}`), ids: cards.ids, fen: cards.fen };
      }
      return writePage(ids, context, pager, true)!;
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
      let card = assemble(id, context, true);
      let extra = extras.get(extraKey(id, context));
      if (!card || extra === undefined) {
        const [gen, sgen] = [generation, stateGeneration];
        const [row, levels] = await Promise.all([source.findDetail(id), usable(id) ? undefined : source.levelsOf([id])]);
        if (!row) return undefined;
        extra = JSON.stringify(toDetailFields(row, context));
        const freshLevels = sgen === stateGeneration;
        if (gen === generation) {
          remember(row, levels?.get(id), levels !== undefined && freshLevels);
          extras.set(extraKey(id, context), extra);
          card = assemble(id, context, true);
        }
        if (!card) {
          // cleared meanwhile (or the state was dropped): answer from the row, keep nothing
          const lines = levels && freshLevels ? levels.get(id) : (await source.levelsOf([id])).get(id);
          card = { json: JSON.stringify(toDetailCard(row, context, lines)), fen: paidFenOf(row) };
        }
      }
      return { json: `${card.json.slice(0, -1)},${extra.slice(1)}`, fen: card.fen };
    },

    /**
     * Reads every product of `ids` not kept yet, and the stock states older than `olderThanMs`
     * (default: those too old to use), `batch` at a time, one batch after the other (in the
     * background: pages asked for meanwhile are answered between the batches). Stops at a
     * clear(). Answers how many products it read.
     */
    async warm(ids: ArrayLike<number>, batch = 1000, olderThanMs = staleLimit): Promise<number> {
      const gen = generation;
      let read = 0;
      const stale = (id: number) => !cores.has(id) || states.age(id) > olderThanMs;
      for (let from = 0; from < ids.length && gen === generation; from += batch) {
        const missing: number[] = [];
        for (let i = from; i < Math.min(ids.length, from + batch); i++) if (stale(ids[i]!)) missing.push(ids[i]!);
        if (missing.length === 0) continue;
        await fill(missing, olderThanMs);
        read += missing.length;
      }
      return read;
    },

    /** Forgets these products' stock states (a staff stock change): pages and details read them again. */
    forgetStates(ids: readonly number[]): void {
      stateGeneration++;
      for (const id of ids) {
        states.delete(id);
        toRefresh.delete(id);
      }
    },

    /**
     * Forgets everything kept of these products (a staff write of them): the other products' stay.
     * A load that started before it keeps nothing (as after clear()).
     */
    forget(ids: readonly number[]): void {
      generation++;
      for (const id of ids) {
        cores.delete(id);
        extras.delete(id * 2);
        extras.delete(id * 2 + 1);
        states.delete(id);
        toRefresh.delete(id);
      }
    },

    /** Forgets every fragment (a catalog write, a rate change). */
    clear(): void {
      generation++;
      cores.clear();
      extras.clear();
      states.clear();
    },

    /** Waits for the background reads of stock states running now (tests). */
    async refreshed(): Promise<void> {
      while (refreshing) await refreshing;
    },

    /** Sizes, for the benchmark's memory line and tests. */
    stats() {
      return { products: cores.size, extras: extras.size, extraBytes: extras.calculatedSize, states: states.size };
    },
  };
}
export type Fragments = ReturnType<typeof createFragments>;
