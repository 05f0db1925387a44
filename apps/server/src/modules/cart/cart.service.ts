// Over 400 lines: the cart service (one module, one buyer's cart) prices lines with the shared price rule, shows stock and locks checkout; its pure line rules are the candidates to split out next.
import {
  buyerPriceFen,
  convertMinor,
  linePriceFen,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  minorToMajor,
  type TCartAddBody,
  type TCartInfo,
  type TCartItem,
  type TCartItemList,
  type TCartLineProblem,
  type TExpressFee,
  type TExpressChoice,
  type TExpressFeeQuery,
  type TExpressFeesQuery,
  type TLocale,
  type TReorderResult,
} from '@cubeshop/shared';
import { badRequest, isDomainError, notFound } from '../../lib/app-error.js';
import { message } from '../../lib/messages.js';
import { productImageUrls, type BuyerTermsOf, type CatalogQuery, type PricingItem, type View } from '../catalog/catalog.module.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { lineInput, priceGoods, thresholdMinor, type GoodsTotals } from '../shipping/shipping.quote.js';
import { lineStock, type StockLine, type StockService } from '../stock/stock.service.js';
import type { CartLineRow, CartRepository, CartTx } from './cart.repository.js';
import { assertInStock, fitsStock } from './cart.stock.js';

export type { CartLineRow, CartTx } from './cart.repository.js';

export interface CartDeps {
  catalog: Pick<CatalogQuery, 'itemsForPricing' | 'exchangeRate'>;
  /** Stock lines per product (the stock module): each line shows what is available. */
  stock: Pick<StockService, 'levels'>;
  /** The buyer's customer-group terms (the pricing module); null terms: the shop's prices. */
  buyerTermsOf: BuyerTermsOf;
  shipping: ShippingService;
}

const pickName = (zh: string, en: string, locale: TLocale) => (locale === 'zh' ? zh || en : en || zh);
export const itemName = (item: Pick<PricingItem, 'nameZh' | 'nameEn'>, locale: TLocale) => pickName(item.nameZh, item.nameEn, locale);
const kg = (g: number) => g / 1000;
const m3 = (cm3: number) => cm3 / 1_000_000;
const perPiece = (value: number | null, scale: (n: number) => number) => (value === null ? null : scale(value));
const perLine = (value: number | null, quantity: number, scale: (n: number) => number) => (value === null ? null : scale(value * quantity));

/** Whether the product still offers this type ('' for a product without types). */
export function typeOffered(item: Pick<PricingItem, 'types'>, typeCode: string): boolean {
  return item.types.length > 0 ? item.types.some((t) => t.code === typeCode) : typeCode === '';
}

/** Why a line cannot be ordered as it is (null: it can). */
export function lineProblem(quantity: number, typeCode: string, item: Pick<PricingItem, 'types' | 'moq' | 'orderMultiple'>): TCartLineProblem | null {
  if (!typeOffered(item, typeCode)) return 'type';
  if (quantity < item.moq) return 'moq';
  if (item.orderMultiple && quantity % item.orderMultiple !== 0) return 'multiple';
  return null;
}

/** The smallest quantity ≥ `quantity` that meets the minimum order quantity and the order multiple. */
export function validQuantityAtLeast(quantity: number, item: Pick<PricingItem, 'moq' | 'orderMultiple'>): number {
  const q = Math.max(quantity, item.moq);
  return item.orderMultiple ? Math.ceil(q / item.orderMultiple) * item.orderMultiple : q;
}

/**
 * The type code a buyer means: none for a product without types, the only one when there is one
 * and none was sent, else it must be one of the product's codes.
 */
export function resolveType(item: Pick<PricingItem, 'types'>, requested: string | undefined): string {
  if (item.types.length === 0) return '';
  if (!requested) {
    if (item.types.length === 1) return item.types[0]!.code;
    throw badRequest('typeRequired');
  }
  if (!item.types.some((t) => t.code === requested)) throw badRequest('typeUnknown', { type: requested });
  return requested;
}

export interface QuantityCheck {
  lineId?: number;
  quantity: number;
  typeCode: string;
  item: PricingItem;
}

/**
 * Refuses lines that cannot be ordered: a type no longer offered, a quantity below the minimum
 * order quantity, or not a multiple of the order multiple. One 400 names every offending product
 * (docs/requirements.md, Errors: "Product {names} quantity is less than the minimum order quantity").
 */
export function assertOrderable(lines: readonly QuantityCheck[], locale: TLocale): void {
  const by: Record<TCartLineProblem, QuantityCheck[]> = { type: [], moq: [], multiple: [] };
  for (const line of lines) {
    const problem = lineProblem(line.quantity, line.typeCode, line.item);
    if (problem) by[problem].push(line);
  }
  const names = (list: QuantityCheck[]) => [...new Set(list.map((l) => itemName(l.item, locale)))].join(locale === 'zh' ? '、' : ', ');
  const details = (list: QuantityCheck[]) => ({
    lines: list.map((l) => ({
      id: l.lineId ?? null,
      itemId: l.item.id,
      type: l.typeCode,
      quantity: l.quantity,
      moq: l.item.moq,
      orderMultiple: l.item.orderMultiple,
    })),
  });
  if (by.type.length > 0) throw badRequest('typeUnavailable', { names: names(by.type) }, details(by.type));
  if (by.moq.length > 0) throw badRequest('moqNotMet', { names: names(by.moq) }, details(by.moq));
  if (by.multiple.length > 0) throw badRequest('multipleNotMet', { names: names(by.multiple) }, details(by.multiple));
}

function matches(keyword: string | undefined): (line: CartLineRow, item: PricingItem) => boolean {
  if (!keyword) return () => true;
  const tokens = keyword.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean);
  return (line, item) => {
    const type = item.types.find((t) => t.code === line.typeCode);
    const text = [item.nameZh, item.nameEn, item.supplierNameZh, item.supplierNameEn, line.typeCode, type?.zh ?? '', type?.en ?? '', String(item.id)]
      .join('\n')
      .normalize('NFKC')
      .toLowerCase();
    return tokens.every((t) => text.includes(t));
  };
}

/**
 * The signed-in buyer's cart (docs/orders.md): lines of (product, type, quantity) priced with
 * today's catalog in the display currency, totals, the shipping quote, and the locked checkout
 * that orders use.
 */
export function createCartService(repo: CartRepository, deps: CartDeps) {
  const { catalog, shipping } = deps;
  const noStock = new Map<number, StockLine[]>();
  const levelsOf = (itemIds: readonly number[]) => (itemIds.length > 0 ? deps.stock.levels(itemIds) : Promise.resolve(noStock));

  function toCartItem(line: CartLineRow, item: PricingItem, view: View, rate: number, stock: readonly StockLine[] | undefined): TCartItem {
    const money = (fen: number) => minorToMajor(convertMinor(fen, view.currency, rate));
    const q = line.quantity;
    // The price rule (docs/catalog.md, Prices): item.unitPriceFen is already the buyer's price (itemsFor).
    const unit = linePriceFen(q, item.unitPriceFen, item.priceTiers);
    const unitMinor = convertMinor(unit.unitFen, view.currency, rate);
    const type = item.types.find((t) => t.code === line.typeCode);
    const gw = item.gwG ?? item.nwG;
    return {
      id: line.id,
      itemId: item.id,
      name: itemName(item, view.locale),
      supplier: { id: item.supplierId, name: pickName(item.supplierNameZh, item.supplierNameEn, view.locale) },
      type: line.typeCode,
      typeName: type ? pickName(type.zh, type.en, view.locale) : null,
      quantity: q,
      currency: view.currency,
      price: money(item.listPriceFen),
      discountPrice: money(unit.unitFen),
      discountPercent: item.discountPercent,
      amount: minorToMajor(unitMinor * q),
      tierMinQuantity: unit.tierMinQuantity,
      tierSaving: minorToMajor((convertMinor(unit.baseFen, view.currency, rate) - unitMinor) * q),
      moq: item.moq,
      minOrderQuantity: item.moq,
      orderMultiple: item.orderMultiple,
      nw: perPiece(item.nwG, kg),
      gw: perPiece(gw, kg),
      volume: perPiece(item.volumeCm3, m3),
      volumeWeight: perPiece(item.volumeWeightG, kg),
      totalNw: perLine(item.nwG, q, kg),
      totalGw: perLine(gw, q, kg),
      totalVolume: perLine(item.volumeCm3, q, m3),
      totalVolumeWeight: perLine(item.volumeWeightG, q, kg),
      ...productImageUrls(item.id, item.imageVersion),
      problem: lineProblem(q, line.typeCode, item),
      ...lineStock(item, line.typeCode, q, stock),
      createdTime: line.createdAt.toISOString(),
      updatedTime: line.updatedAt.toISOString(),
    };
  }

  /**
   * Today's products as this buyer pays for them: unitPriceFen becomes their customer group's
   * price (buyerPriceFen, docs/catalog.md, Prices); tiers are applied per line (linePriceFen).
   */
  async function itemsFor(userId: number, ids: readonly number[]): Promise<Map<number, PricingItem>> {
    const [items, terms] = await Promise.all([catalog.itemsForPricing([...ids]), ids.length > 0 ? deps.buyerTermsOf(userId, ids) : null]);
    if (!terms) return items;
    return new Map([...items].map(([id, item]) => [id, { ...item, unitPriceFen: buyerPriceFen(id, item.unitPriceFen, terms) }]));
  }

  /** Lines with their products; a line whose product just went away is left out. */
  async function priced(userId: number, ids?: readonly number[]) {
    const lines = await repo.lines(userId, ids);
    const items = await itemsFor(
      userId,
      lines.map((l) => l.itemId),
    );
    return { lines: lines.filter((l) => items.has(l.itemId)), items };
  }

  async function pricedItem(userId: number, itemId: number): Promise<PricingItem> {
    const item = (await itemsFor(userId, [itemId])).get(itemId);
    if (!item) throw notFound('itemNotFound');
    return item;
  }

  async function goodsOf(userId: number, view: View): Promise<{ goods: GoodsTotals; problems: number; tierSavingMinor: number }> {
    const [{ lines, items }, rate] = await Promise.all([priced(userId), catalog.exchangeRate()]);
    const goods = priceGoods(
      lines.map((l) => lineInput(l.quantity, items.get(l.itemId)!)),
      view.currency,
      rate,
    );
    const problems = lines.filter((l) => lineProblem(l.quantity, l.typeCode, items.get(l.itemId)!) !== null).length;
    let tierSavingMinor = 0;
    for (const l of goods.lines) tierSavingMinor += (convertMinor(l.baseFen, view.currency, rate) - l.unitPriceMinor) * l.quantity;
    return { goods, problems, tierSavingMinor };
  }

  /** The quote of priced goods for one method, in the buyer's currency and language. */
  async function feeOf(goods: GoodsTotals, q: TExpressFeeQuery, view: View): Promise<TExpressFee> {
    const quote = await shipping.quote(goods, { methodId: q.expressMethod, regionId: q.deliveryRegionId, payMethodId: q.payMethod }, view.locale);
    const t = quote.totals;
    const m = minorToMajor;
    return {
      currency: view.currency,
      totalPrice: m(t.freight.minor + t.surcharge.minor),
      freight: m(t.freight.minor),
      base: m(t.freightBase.minor),
      surcharge: m(t.surcharge.minor),
      surchargePercent: t.surchargeBp / 100,
      freeShipping: t.freeShipping,
      freeShippingThreshold: t.freeShippingThresholdMinor === null ? null : m(t.freeShippingThresholdMinor),
      goodsAmount: m(t.goods.minor),
      grandTotal: m(t.total.minor),
      chargeableWeight: kg(t.chargeableWeightG),
      totalGw: kg(t.totalGwG),
      totalVolumeWeight: kg(t.totalVolumeWeightG),
      zone: { code: quote.zone.code, name: shipping.names(quote.zone, view.locale) },
      expressMethod: { id: quote.method.id, name: shipping.names(quote.method, view.locale) },
      payMethod: quote.payment ? { id: quote.payment.id, name: shipping.names(quote.payment, view.locale) } : null,
      transitDays: { min: quote.rate.transitMinDays, max: quote.rate.transitMaxDays },
    };
  }

  const service = {
    /** GET /api/cart/items: every line, most recently added first, optionally filtered by keyword. */
    async list(userId: number, keyword: string | undefined, view: View): Promise<TCartItemList> {
      const [{ lines, items }, rate] = await Promise.all([priced(userId), catalog.exchangeRate()]);
      const match = matches(keyword);
      const shown = lines.filter((l) => match(l, items.get(l.itemId)!));
      const levels = await levelsOf(shown.map((l) => l.itemId));
      const data = shown.map((l) => toCartItem(l, items.get(l.itemId)!, view, rate, levels.get(l.itemId)));
      return { data, pager: { page: 1, recPerPage: MAX_CART_LINES, recTotal: data.length } };
    },

    async get(userId: number, id: number, view: View): Promise<TCartItem> {
      const line = await repo.line(userId, id);
      if (!line) throw notFound('cartItemNotFound');
      const [items, rate, levels] = await Promise.all([itemsFor(userId, [line.itemId]), catalog.exchangeRate(), levelsOf([line.itemId])]);
      const item = items.get(line.itemId);
      if (!item) throw notFound('cartItemNotFound');
      return toCartItem(line, item, view, rate, levels.get(line.itemId));
    },

    /**
     * POST /api/cart/items: the same product and type again adds to the existing line. The
     * resulting quantity must meet the product's minimum order quantity and multiple, and fit in
     * what is available of the style (cart.stock.ts); a new line needs room (at most MAX_CART_LINES).
     */
    async add(userId: number, body: TCartAddBody, view: View): Promise<TCartItem> {
      // Stock is read before the lock: inside it only the transaction may reach the database.
      const [item, levels] = await Promise.all([pricedItem(userId, body.itemId), levelsOf([body.itemId])]);
      const typeCode = resolveType(item, body.type);
      const stock = levels.get(item.id);
      const [line, rate] = await Promise.all([
        repo.withLock(userId, async (tx) => {
          const existing = await repo.findLine(tx, userId, item.id, typeCode);
          const quantity = (existing?.quantity ?? 0) + body.quantity;
          if (quantity > MAX_LINE_QUANTITY) throw badRequest('quantityTooLarge', { max: MAX_LINE_QUANTITY });
          assertOrderable([{ lineId: existing?.id, quantity, typeCode, item }], view.locale);
          assertInStock({ item, typeCode, quantity, inCart: existing?.quantity ?? 0, adding: true }, stock, view.locale);
          if (existing) return (await repo.setQuantity(tx, userId, existing.id, quantity))!;
          if ((await repo.countLines(tx, userId)) >= MAX_CART_LINES) throw badRequest('cartFull', { max: MAX_CART_LINES });
          return repo.insertLine(tx, userId, item.id, typeCode, quantity);
        }),
        catalog.exchangeRate(),
      ]);
      return toCartItem(line, item, view, rate, stock);
    },

    /** PUT / PATCH /api/cart/items/{id}: a new quantity (checked like add; lowering is never refused for stock). */
    async setQuantity(userId: number, id: number, quantity: number, view: View): Promise<TCartItem> {
      const current = await repo.line(userId, id);
      if (!current) throw notFound('cartItemNotFound');
      const [items, levels] = await Promise.all([itemsFor(userId, [current.itemId]), levelsOf([current.itemId])]);
      const item = items.get(current.itemId);
      if (!item) throw notFound('cartItemNotFound');
      const stock = levels.get(item.id);
      assertOrderable([{ lineId: id, quantity, typeCode: current.typeCode, item }], view.locale);
      assertInStock({ item, typeCode: current.typeCode, quantity, inCart: current.quantity, adding: false }, stock, view.locale);
      const line = await repo.withLock(userId, (tx) => repo.setQuantity(tx, userId, id, quantity));
      if (!line) throw notFound('cartItemNotFound');
      return toCartItem(line, item, view, await catalog.exchangeRate(), stock);
    },

    /** DELETE /api/cart/items/{id} */
    async remove(userId: number, id: number): Promise<void> {
      const removed = await repo.withLock(userId, (tx) => repo.deleteLines(tx, userId, [id]));
      if (removed === 0) throw notFound('cartItemNotFound');
    },

    /** GET /api/cart/info */
    async info(userId: number, view: View): Promise<TCartInfo> {
      const [{ goods, problems, tierSavingMinor }, thresholdUsdCents] = await Promise.all([goodsOf(userId, view), shipping.thresholdUsdCents()]);
      const threshold = thresholdMinor(thresholdUsdCents, view.currency, goods.cnyPerUsd);
      return {
        currency: view.currency,
        lineCount: goods.lineCount,
        pieceCount: goods.pieceCount,
        amount: minorToMajor(goods.list.minor),
        discount: minorToMajor(goods.discount.minor),
        tierSaving: minorToMajor(tierSavingMinor),
        goodsAmount: minorToMajor(goods.goods.minor),
        totalNw: kg(goods.totalNwG),
        totalGw: kg(goods.totalGwG),
        totalVolume: m3(goods.totalVolumeCm3),
        totalVolumeWeight: kg(goods.totalVolumeWeightG),
        freeShippingThreshold: threshold === null ? null : minorToMajor(threshold),
        freeShipping: threshold !== null && goods.lineCount > 0 && goods.goods.minor >= threshold,
        problemCount: problems,
      };
    },

    /**
     * GET /api/cart/info/express-fee: the quote for the whole cart. Weights come from the cart
     * and the catalog; the client's totalGw and totalVolumeWeight are ignored.
     */
    async expressFee(userId: number, q: TExpressFeeQuery, view: View): Promise<TExpressFee> {
      const { goods } = await goodsOf(userId, view);
      if (goods.lineCount === 0) throw badRequest('cartEmpty');
      return feeOf(goods, q, view);
    },

    /**
     * Every active method quoted for the cart at once (same figures as expressFee), or the
     * reason it cannot carry it (zone not served, over the weight limit), so the buyer never
     * picks a method the order would refuse.
     */
    async expressFees(userId: number, q: TExpressFeesQuery, view: View): Promise<TExpressChoice[]> {
      const { goods } = await goodsOf(userId, view);
      if (goods.lineCount === 0) throw badRequest('cartEmpty');
      const methods = await shipping.expressOptions(undefined, view.locale);
      const choices: TExpressChoice[] = [];
      for (const method of methods) {
        try {
          const fee = await feeOf(goods, { ...q, expressMethod: method.id }, view);
          choices.push({ id: method.id, name: method.name, available: true, fee, reason: null });
        } catch (error) {
          if (!isDomainError(error) || (error.messageKey !== 'expressUnavailable' && error.messageKey !== 'expressTooHeavy')) throw error;
          choices.push({
            id: method.id,
            name: method.name,
            available: false,
            fee: null,
            reason: { code: error.messageKey, message: message(error.messageKey, view.locale, error.params) },
          });
        }
      }
      return choices;
    },

    // ---- for orders ----

    /** The buyer's lines (all, or these ids) with today's products, read without a lock. */
    snapshot(userId: number, ids?: readonly number[]): Promise<{ lines: CartLineRow[]; items: Map<number, PricingItem> }> {
      return priced(userId, ids);
    },

    /**
     * Runs `work` while holding the buyer's cart lock, with the lines as they are now (all, or
     * these ids), then removes the lines `work` consumed, in the same transaction. Inside `work`
     * only the transaction handle may reach the database.
     */
    async checkout<T>(
      userId: number,
      ids: readonly number[] | undefined,
      work: (lines: CartLineRow[], tx: CartTx) => Promise<{ result: T; consumedLineIds: readonly number[] }>,
    ): Promise<T> {
      return repo.withLock(userId, async (tx) => {
        const lines = await repo.linesIn(tx, userId, ids);
        const { result, consumedLineIds } = await work(lines, tx);
        await repo.deleteLines(tx, userId, consumedLineIds);
        return result;
      });
    },

    /**
     * Puts products back in the cart (reorder): each at least the ordered quantity, raised to
     * today's minimum order quantity and multiple when needed, added to an existing line of the
     * same product and type. Products that are gone, types no longer offered, styles without
     * that many pieces available (no pre-orders) and lines beyond MAX_CART_LINES are reported instead.
     */
    async addMany(
      userId: number,
      entries: readonly { itemId: number; typeCode: string; quantity: number; nameZh: string; nameEn: string }[],
      locale: TLocale,
    ): Promise<TReorderResult> {
      const [items, levels] = await Promise.all([catalog.itemsForPricing(entries.map((e) => e.itemId)), levelsOf(entries.map((e) => e.itemId))]);
      return repo.withLock(userId, async (tx) => {
        const result: TReorderResult = { added: [], unavailable: [] };
        let lineCount = await repo.countLines(tx, userId);
        for (const e of entries) {
          const item = items.get(e.itemId);
          if (!item) {
            result.unavailable.push({ itemId: e.itemId, type: e.typeCode, name: pickName(e.nameZh, e.nameEn, locale), reason: 'removed' });
            continue;
          }
          const name = itemName(item, locale);
          if (!typeOffered(item, e.typeCode)) {
            result.unavailable.push({ itemId: e.itemId, type: e.typeCode, name, reason: 'type' });
            continue;
          }
          const existing = await repo.findLine(tx, userId, item.id, e.typeCode);
          const have = existing?.quantity ?? 0;
          const wanted = have + e.quantity;
          const target = validQuantityAtLeast(wanted, item);
          if (target > MAX_LINE_QUANTITY || (!existing && lineCount >= MAX_CART_LINES)) {
            result.unavailable.push({ itemId: e.itemId, type: e.typeCode, name, reason: 'cartFull' });
            continue;
          }
          if (!fitsStock(item, e.typeCode, target, levels.get(item.id))) {
            result.unavailable.push({ itemId: e.itemId, type: e.typeCode, name, reason: 'stock' });
            continue;
          }
          const line = existing ? (await repo.setQuantity(tx, userId, existing.id, target))! : await repo.insertLine(tx, userId, item.id, e.typeCode, target);
          if (!existing) lineCount++;
          result.added.push({ cartItemId: line.id, itemId: item.id, type: e.typeCode, name, quantity: target - have, adjusted: target !== wanted });
        }
        return result;
      });
    },
  };
  return service;
}
export type CartService = ReturnType<typeof createCartService>;
