import { maxOrderable, minValidQuantity, type TLocale } from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import type { PricingItem } from '../catalog/catalog.module.js';
import { availableOf, type StockLine } from '../stock/stock.service.js';

/**
 * What the cart takes of a style (docs/catalog.md, Stock): never more than is available, unless
 * the product takes pre-orders or its stock is not tracked. Pure rules; the cart service reads
 * the stock lines before it takes the buyer's lock and calls these inside it.
 */

const pick = (zh: string, en: string, locale: TLocale) => (locale === 'zh' ? zh || en : en || zh);

/** "Orbit 3x3 (Black)" / "轨道 三阶（黑色）": the product and the chosen style, as the refusals name them. */
export function productLabel(item: Pick<PricingItem, 'nameZh' | 'nameEn' | 'types'>, typeCode: string, locale: TLocale): string {
  const name = pick(item.nameZh, item.nameEn, locale);
  const type = item.types.find((t) => t.code === typeCode);
  if (!typeCode) return name;
  const style = type ? pick(type.zh, type.en, locale) : typeCode;
  return locale === 'zh' ? `${name}（${style}）` : `${name} (${style})`;
}

export interface StockCheck {
  item: PricingItem;
  typeCode: string;
  /** The line's quantity after the change. */
  quantity: number;
  /** What the line holds now (0: a new line). */
  inCart: number;
  /** POST (adds to what is in the cart) or a quantity change (sets the line). */
  adding: boolean;
}

/**
 * Refuses a line that would ask for more of its style than is available, for a tracked product
 * that takes no pre-orders: 400 naming the product, the style and the pieces left, with
 * `details: {reason: 'stock', itemId, type, available, max, inCart}` (max: the most the line may
 * hold, 0 when the style cannot be bought now). Lowering a line (or leaving it) is always
 * allowed, so a line that stock fell under can be brought down step by step.
 */
export function assertInStock(check: StockCheck, lines: readonly StockLine[] | undefined, locale: TLocale): void {
  const { item, typeCode, quantity, inCart, adding } = check;
  if (item.preorder || !lines || quantity <= inCart) return;
  const available = availableOf(lines, typeCode) ?? 0;
  if (quantity <= available) return;
  const max = maxOrderable(available, item) ?? 0;
  const product = productLabel(item, typeCode, locale);
  const details = { reason: 'stock', itemId: item.id, type: typeCode, available, max, inCart };
  if (max === 0 && available > 0) throw badRequest('cartStockBelowMoq', { product, available, least: minValidQuantity(item) }, details);
  if (max === 0) throw badRequest('cartStockOut', { product }, details);
  if (adding && inCart > 0) throw badRequest('cartStockShortHave', { product, available, inCart, max }, details);
  throw badRequest('cartStockShort', { product, available, max }, details);
}

/** Whether a reorder may put `quantity` of this style in the cart (pre-order and untracked products: always). */
export function fitsStock(item: Pick<PricingItem, 'preorder'>, typeCode: string, quantity: number, lines: readonly StockLine[] | undefined): boolean {
  if (item.preorder || !lines) return true;
  return quantity <= (availableOf(lines, typeCode) ?? 0);
}
