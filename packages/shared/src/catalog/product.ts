import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants/shop.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZStockStatus } from './stock.js';

/**
 * Catalog shapes of docs/requirements.md, Data (Product, Category, Brand, Favorite) as the API returns
 * them. Money is a decimal number in major units of the display currency (x-price-type), 2
 * decimals, computed from integer minor units on the server: 129.5 means ¥129.50 or $129.50.
 * Weights are kg and volumes m³ (numbers); the client formats them (formatWeight, formatVolume).
 */

/** H hot, N newest, D discount (docs/requirements.md, Screens, Product page). docs/catalog.md defines the rules. */
export const PRODUCT_LABELS = ['H', 'N', 'D'] as const;
export const ZProductLabel = z.enum(PRODUCT_LABELS);
export type TProductLabel = z.infer<typeof ZProductLabel>;

/** Listing tags of /products-by-tag/{tag} and GET /api/items/{tag}. */
export const PRODUCT_TAGS = ['hot', 'newest', 'discount'] as const;
export const ZProductTag = z.enum(PRODUCT_TAGS);
export type TProductTag = z.infer<typeof ZProductTag>;

/**
 * N (newest): created within the last NEWEST_DAYS days; when fewer than NEWEST_MIN_COUNT
 * products are that new, the NEWEST_MIN_COUNT most recently created ones.
 */
export const NEWEST_DAYS = 30;
export const NEWEST_MIN_COUNT = 60;

/** Sort keys of GET /api/items (docs/requirements.md, API). Default: lastUpdatedTime, newest first. */
export const PRODUCT_SORT_FIELDS = ['basePrice', 'lastUpdatedTime'] as const;
export const ZProductSortField = z.enum(PRODUCT_SORT_FIELDS);
export type TProductSortField = z.infer<typeof ZProductSortField>;
/**
 * Sort keys a buyer's list accepts: the two above and "relevance" (best match first, docs/catalog.md,
 * Search). Without sortBy, a list with a keyword is in best-match order and one without is newest first;
 * relevance without a keyword reads as newest first.
 */
export const PRODUCT_LIST_SORTS = [...PRODUCT_SORT_FIELDS, 'relevance'] as const;
export const ZProductListSort = z.enum(PRODUCT_LIST_SORTS);
export type TProductListSort = z.infer<typeof ZProductListSort>;
export const ZSortOrder = z.enum(['asc', 'desc']);
export type TSortOrder = z.infer<typeof ZSortOrder>;

/** Longest keyword the search accepts, in characters. */
export const KEYWORD_MAX_LENGTH = 100;
/** Deepest page a list serves; deeper offsets are refused with 400. */
export const MAX_PAGE = 10_000;
/** Biggest price filter bound accepted, in major units. */
export const MAX_PRICE_FILTER = 10_000_000;

/**
 * A style the buyer picks on the card (the public API calls styles `types`; docs/glossary.md). `code` is stable across languages; send it to
 * the cart. `stockStatus` is the style's own state (docs/catalog.md, Stock): a style with nothing
 * available (or fewer than the minimum order) is out_of_stock, or preorder when the product takes
 * pre-orders.
 */
export const ZProductType = z.object({ code: z.string(), name: z.string(), stockStatus: ZStockStatus });
export type TProductType = z.infer<typeof ZProductType>;

/** A style on the product's page: its state and the pieces available now (null: stock not tracked, no limit). */
export const ZProductDetailType = ZProductType.extend({ available: z.number().int().nullable() });
export type TProductDetailType = z.infer<typeof ZProductDetailType>;

export const ZSupplier = z.object({ id: z.number().int(), name: z.string() });
export type TSupplier = z.infer<typeof ZSupplier>;

export const ZCategoryRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type TCategoryRef = z.infer<typeof ZCategoryRef>;

/**
 * A quantity break as the buyer sees it: from minQuantity pieces, price a piece (display
 * currency). Only breaks cheaper than discountPrice are listed (docs/catalog.md, Prices).
 */
export const ZPriceTier = z.object({ minQuantity: z.number().int().min(2), price: z.number() });
export type TPriceTier = z.infer<typeof ZPriceTier>;

/** A product on a list card. Detail-only fields (description, logistics) are left out. */
export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  types: z.array(ZProductType),
  labels: z.array(ZProductLabel),
  currency: ZCurrency,
  /** List price. */
  price: z.number(),
  /** What the buyer pays: the discounted price when discountPercent > 0, else equal to price. */
  discountPrice: z.number(),
  discountPercent: z.number().int().min(0).max(99),
  /** Sort and filter key: equal to discountPrice (the price the buyer sees and pays). */
  basePrice: z.number(),
  /** Quantity breaks, by minQuantity; empty when the product has none. */
  priceTiers: z.array(ZPriceTier),
  lastUpdatedTime: z.string(),
  supplierId: z.number().int(),
  supplier: ZSupplier,
  categoryId: z.number().int(),
  category: ZCategoryRef,
  moq: z.number().int().min(1),
  /** Order in multiples of this many pieces (a pack, a dozen, a carton), or null when any quantity >= moq goes. */
  orderMultiple: z.number().int().min(1).nullable(),
  /** Takes pre-orders: it may be ordered beyond what is available (that part ships in 1-2 weeks), so stock never limits it. */
  preorder: z.boolean(),
  /** in_stock | low | out_of_stock | preorder (docs/catalog.md, Stock); a cached page may be up to its lifetime old. */
  stockStatus: ZStockStatus,
  /** Versioned, immutable URLs (same origin). */
  image: z.string(),
  thumbnail: z.string(),
  /** True when the signed-in buyer has favourited it; always false for anonymous callers. */
  favorite: z.boolean(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductImage = z.object({ image: z.string(), thumbnail: z.string() });
export type TProductImage = z.infer<typeof ZProductImage>;

/** GET /api/items/{id}: the card fields plus description, logistics (docs/requirements.md, Data) and breadcrumb. */
export const ZProductDetail = ZProduct.extend({
  /** The styles with each one's stock (the card's, plus the pieces available). */
  types: z.array(ZProductDetailType),
  /**
   * Pieces available now: of the product when it has no styles, else of all its styles together;
   * null when its stock is not tracked (no limit). The chosen style's own count is on its type.
   */
  available: z.number().int().nullable(),
  /** Sanitized HTML in the request language. */
  description: z.string(),
  images: z.array(ZProductImage).min(1),
  /** Root first, the product's own category last (breadcrumb: home, category path, name). */
  categoryPath: z.array(ZCategoryRef),
  createdTime: z.string(),
  barcode: z.string().nullable(),
  comment: z.string().nullable(),
  /** Net and gross weight of one piece, kg. */
  nw: z.number().nullable(),
  gw: z.number().nullable(),
  /** Packed volume of one piece, m³. */
  volume: z.number().nullable(),
  /** Volumetric weight of one piece (volume cm³ / 5000), kg. */
  volumeWeight: z.number().nullable(),
  /** Package type, e.g. "Color box". */
  pkg: z.string().nullable(),
  /** Carton size, e.g. "60×40×45 cm". */
  carton: z.string().nullable(),
  /** Pieces per carton. */
  pcs: z.number().int().nullable(),
  /** Product size in cm, e.g. "5.6×5.6×5.6". */
  dimension: z.string().nullable(),
  unitNwDesc: z.string().nullable(),
  unitGwDesc: z.string().nullable(),
  unitVolumeDesc: z.string().nullable(),
  unitVolumeWeightDesc: z.string().nullable(),
  /** Volumetric weight of a full carton, kg. */
  totalVolumeWeight: z.number().nullable(),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

/**
 * A keyword search counts its matches up to this many; past it recTotal is the cap and
 * recTotalCapped is true (show "10000+"). Up to the cap the server gathers every match once and
 * serves any page from memory; past it, matches are dense, so a page is found by walking the
 * sort order, and counting every 魔方 among 100,000 products would cost a scan of the whole
 * table on each new search (docs/catalog.md).
 */
export const SEARCH_COUNT_CAP = 10_000;

/** docs/requirements.md, Data, Pagination: total pages = ceil(recTotal / recPerPage). */
export const ZPager = z.object({
  page: z.number().int().min(1),
  recPerPage: z.number().int().min(1),
  recTotal: z.number().int().min(0),
  /** Present and true when recTotal stopped at SEARCH_COUNT_CAP: there are more. */
  recTotalCapped: z.boolean().optional(),
});
export type TPager = z.infer<typeof ZPager>;

export const ZProductList = z.object({ data: z.array(ZProduct), pager: ZPager });
export type TProductList = z.infer<typeof ZProductList>;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(digitsToNumber, z.number().int().min(1).max(2_147_483_647).optional());

/**
 * A price bound as typed by the buyer, in major units of the display currency: "10", "10.5",
 * "0.99". Kept as text so the server converts it exactly (no binary floating point).
 */
export const ZPriceBound = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/)
    .refine((v) => Number(v) <= MAX_PRICE_FILTER, { message: `must be a number from 0 to ${MAX_PRICE_FILTER}` })
    .optional(),
);

/** Paging of every list: page from 1, recPerPage 1..120 (default 120). */
export const ZPageQuery = z.object({
  page: z.preprocess(digitsToNumber, z.number().int().min(1).max(MAX_PAGE).default(1)),
  recPerPage: z.preprocess(digitsToNumber, z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE)),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Query of GET /api/items and /api/items/{discount,newest,hot} (docs/requirements.md, API). */
export const ZProductListQuery = ZPageQuery.extend({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(KEYWORD_MAX_LENGTH).optional()),
  supplierId: optionalId,
  categoryId: optionalId,
  minPrice: ZPriceBound,
  maxPrice: ZPriceBound,
  /** Absent: relevance with a keyword, lastUpdatedTime without (see PRODUCT_LIST_SORTS). */
  sortBy: z.preprocess(emptyToUndefined, ZProductListSort.optional()),
  /** Default: desc for lastUpdatedTime (newest first), asc for basePrice (cheapest first); relevance ignores it. */
  order: z.preprocess((v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase()) : v), ZSortOrder.optional()),
});
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

/** GET /api/categories: the tree in the request language (docs/requirements.md, Data, Category). */
export interface TCategory {
  id: number;
  slug: string;
  parentId: number | null;
  name: string;
  children: TCategory[];
}
export const ZCategory: z.ZodType<TCategory> = z.object({
  id: z.number().int(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  get children() {
    return z.array(ZCategory);
  },
});
export const ZCategoryList = z.array(ZCategory);

export const ZSupplierQuery = z.object({ categoryId: optionalId });
export const ZSupplierList = z.array(ZSupplier);

/** POST /api/favorites body (docs/requirements.md, Data, Favorite). */
export const ZFavoriteBody = z.object({ itemId: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) });
export const ZFavoriteResult = z.object({ itemId: z.number().int(), favorite: z.boolean() });
export type TFavoriteResult = z.infer<typeof ZFavoriteResult>;

/** Money in minor units to the JSON number in major units: 12950 -> 129.5. */
export function minorToMajor(minor: number): number {
  return Math.round(minor) / 100;
}
