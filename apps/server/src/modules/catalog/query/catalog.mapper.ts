import {
  convertMinor,
  minorToMajor,
  shopPriceFen,
  visibleTiersFen,
  type TTierFen,
  type TCurrency,
  type TLocale,
  type TProduct,
  type TProductDetail,
  type TProductLabel,
} from '@cubeshop/shared';
import { categoryPath, pickText, type Dictionary } from '../cache/catalog.dictionary.js';
import type { ItemDetailRow, ItemListRow, ItemPricingRow } from '../catalog.repository.js';
import { RENDERER_VERSION } from '../images/catalog.images.render.js';
import { availableOf, stockStatusOf, styleStock, type StockLine } from '../../stock/stock.service.js';

/**
 * Rows -> API shapes: the list card, the detail, the product as the cart and orders price it,
 * and the picture URLs. Pure functions of the row, the buyer's language and currency, the rate,
 * the category dictionary and the newest threshold.
 */

/** The buyer's language and display currency (x-lang-type, x-price-type). */
export interface View {
  locale: TLocale;
  currency: TCurrency;
}

/** What every product of one answer is mapped with. */
export interface MapContext {
  view: View;
  /** CNY per USD. */
  rate: number;
  dict: Dictionary;
  /** Label N threshold: products created at or after it are "newest". */
  since: Date;
}

/**
 * A product as the cart and orders price it (docs/orders.md): money in fen, weights in grams,
 * volume in cm³, names and types in both languages. `unitPriceFen` is what one piece costs the
 * buyer (the discounted price when there is a discount).
 */
export interface PricingItem {
  id: number;
  nameZh: string;
  nameEn: string;
  supplierId: number;
  supplierNameZh: string;
  supplierNameEn: string;
  types: { code: string; zh: string; en: string }[];
  listPriceFen: number;
  unitPriceFen: number;
  discountPercent: number;
  /** Quantity breaks as stored (fen); a line is priced with linePriceFen (docs/catalog.md, Prices). */
  priceTiers: TTierFen[];
  moq: number;
  orderMultiple: number | null;
  nwG: number | null;
  gwG: number | null;
  volumeCm3: number | null;
  volumeWeightG: number | null;
  imageVersion: number;
  /** Takes pre-orders (may be ordered beyond stock), and the low-stock mark (docs/catalog.md, Stock). */
  preorder: boolean;
  lowStockAt: number;
}

/** The `v` of picture URLs: the product's image version and the renderer's. */
export function imageVersionTag(imageVersion: number): string {
  return `${imageVersion}.${RENDERER_VERSION}`;
}

function imageUrls(id: number, imageVersion: number, index: number) {
  const v = imageVersionTag(imageVersion);
  if (index === 0) return { image: `/api/items/${id}/image?v=${v}`, thumbnail: `/api/items/${id}/thumbnail?v=${v}` };
  return { image: `/api/items/${id}/images/${index}?v=${v}`, thumbnail: `/api/items/${id}/images/${index}/thumbnail?v=${v}` };
}

/** Main picture URLs of a product (versioned, as in the catalog answers). */
export function productImageUrls(id: number, imageVersion: number): { image: string; thumbnail: string } {
  return imageUrls(id, imageVersion, 0);
}

/**
 * H: the hot flag (staff or the sales job sets it on best sellers).
 * N: created at or after the newest threshold (docs/catalog.md, Labels).
 * D: discountPercent > 0.
 */
function labelsOf(row: Pick<ItemListRow, 'hot' | 'createdAt' | 'discountPercent'>, since: Date): TProductLabel[] {
  const labels: TProductLabel[] = [];
  if (row.hot) labels.push('H');
  if (row.createdAt >= since) labels.push('N');
  if (row.discountPercent > 0) labels.push('D');
  return labels;
}

/** A product's price a piece (the shop's price: the discounted one when discounted) and its tiers, fen. */
export interface ProductFen {
  paidFen: number;
  tiers: TTierFen[];
}

export function paidFenOf(row: Pick<ItemListRow, 'discountPercent' | 'discountPriceFen' | 'priceFen' | 'priceTiers'>): ProductFen {
  return { paidFen: shopPriceFen(row), tiers: row.priceTiers };
}

/**
 * `stock`: the product's stock lines, undefined when it has none (not tracked; docs/catalog.md,
 * Stock). Each style carries its own state; on the product's page (`detail`) also its pieces.
 */
export function toProduct(row: ItemListRow, { view, rate, dict, since }: MapContext, stock: readonly StockLine[] | undefined, detail = false): TProduct {
  const money = (fen: number) => minorToMajor(convertMinor(fen, view.currency, rate));
  const category = dict.refs[view.locale].get(row.categoryId) ?? { id: row.categoryId, slug: '', name: '' };
  const supplier = dict.supplierRefs[view.locale].get(row.supplierId) ?? { id: row.supplierId, name: '' };
  const paid = shopPriceFen(row);
  return {
    id: row.id,
    name: pickText(row.nameZh, row.nameEn, view.locale) ?? '',
    types: row.types.map((t) => {
      const { stockStatus, available } = styleStock(row, t.code, stock);
      return { code: t.code, name: pickText(t.zh, t.en, view.locale) ?? t.code, stockStatus, ...(detail ? { available } : {}) };
    }),
    labels: labelsOf(row, since),
    currency: view.currency,
    price: money(row.priceFen),
    discountPrice: money(paid),
    discountPercent: row.discountPercent,
    basePrice: money(row.basePriceFen),
    priceTiers: visibleTiersFen(paid, row.priceTiers).map((t) => ({ minQuantity: t.minQuantity, price: money(t.priceFen) })),
    lastUpdatedTime: row.updatedAt.toISOString(),
    supplierId: row.supplierId,
    supplier,
    categoryId: row.categoryId,
    category,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    preorder: row.preorder,
    ...imageUrls(row.id, row.imageVersion, 0),
    stockStatus: stockStatusOf(row, stock),
    favorite: false,
  };
}

/**
 * Pieces available of a product: of its one line when it has no styles, else of its styles
 * together (rows of styles it no longer offers do not count); null when not tracked.
 */
export function availableOfProduct(row: Pick<ItemListRow, 'types'>, stock: readonly StockLine[] | undefined): number | null {
  if (!stock) return null;
  if (row.types.length === 0) return availableOf(stock, '') ?? null;
  return row.types.reduce((sum, t) => sum + (availableOf(stock, t.code) ?? 0), 0);
}

/** The card as the product's page shows it: styles with their pieces, and the product's pieces. */
export function toDetailCard(
  row: ItemListRow,
  context: MapContext,
  stock: readonly StockLine[] | undefined,
): Omit<TProductDetail, keyof ReturnType<typeof toDetailFields>> {
  return {
    ...(toProduct(row, context, stock, true) as Omit<TProductDetail, 'available' | keyof ReturnType<typeof toDetailFields>>),
    available: availableOfProduct(row, stock),
  };
}

export function toDetail(row: ItemDetailRow, context: MapContext, stock: readonly StockLine[] | undefined): TProductDetail {
  return { ...toDetailCard(row, context, stock), ...toDetailFields(row, context) };
}

/** The detail's fields after the card's and `available` (in the order of ZProductDetail). */
export function toDetailFields(row: ItemDetailRow, context: MapContext): Omit<TProductDetail, keyof TProduct | 'available'> {
  const { view, dict } = context;
  const kg = (g: number | null) => (g === null ? null : g / 1000);
  return {
    description: pickText(row.descriptionZh, row.descriptionEn, view.locale) ?? '',
    images: Array.from({ length: Math.max(1, row.imageCount) }, (_, i) => imageUrls(row.id, row.imageVersion, i)),
    categoryPath: categoryPath(dict, row.categoryId).map((c) => dict.refs[view.locale].get(c.id)!),
    createdTime: row.createdAt.toISOString(),
    barcode: row.barcode,
    comment: pickText(row.commentZh, row.commentEn, view.locale),
    nw: kg(row.nwG),
    gw: kg(row.gwG),
    volume: row.volumeCm3 === null ? null : row.volumeCm3 / 1_000_000,
    volumeWeight: kg(row.volumeWeightG),
    pkg: pickText(row.pkgZh, row.pkgEn, view.locale),
    carton: row.carton,
    pcs: row.pcs,
    dimension: row.dimension,
    unitNwDesc: row.unitNwDesc,
    unitGwDesc: row.unitGwDesc,
    unitVolumeDesc: row.unitVolumeDesc,
    unitVolumeWeightDesc: row.unitVolumeWeightDesc,
    totalVolumeWeight: kg(row.totalVolumeWeightG),
  };
}

export function toPricing(row: ItemPricingRow, dict: Dictionary): PricingItem {
  const supplier = dict.suppliers.get(row.supplierId);
  return {
    id: row.id,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    supplierId: row.supplierId,
    supplierNameZh: supplier?.nameZh || supplier?.nameEn || '',
    supplierNameEn: supplier?.nameEn || supplier?.nameZh || '',
    types: row.types,
    listPriceFen: row.priceFen,
    unitPriceFen: shopPriceFen(row),
    discountPercent: row.discountPercent,
    priceTiers: row.priceTiers,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    nwG: row.nwG,
    gwG: row.gwG,
    volumeCm3: row.volumeCm3,
    volumeWeightG: row.volumeWeightG,
    imageVersion: row.imageVersion,
    preorder: row.preorder,
    lowStockAt: row.lowStockAt,
  };
}
