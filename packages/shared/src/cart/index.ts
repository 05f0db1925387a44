import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { ZPager, ZSupplier } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZStockStatus } from '../catalog/stock.js';
import { MAX_LINE_QUANTITY } from '../constants/quantity.js';

/**
 * The signed-in buyer's cart (docs/requirements.md, Screens, Data, States, Validation and API; docs/orders.md). Money is in the
 * display currency (x-price-type), major units; weights kg; volumes m³.
 */

/**
 * A quantity as a form sends it: a number or numeric text, floored to an integer (docs/requirements.md, Validation).
 * Below 1 is refused (400): the client already turns such input into 1, so the server does not
 * guess what was meant.
 */
export const ZQuantity = z.preprocess(
  (v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.floor(n) : v;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'v.required' : 'v.digits') })
    .int()
    .min(1, 'v.minimum')
    .max(MAX_LINE_QUANTITY),
);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const ZCartQuery = z.object({
  /** Matches the name (either language), brand, type (code or name) or product id. */
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});
export type TCartQuery = z.infer<typeof ZCartQuery>;

/** POST /api/cart/items. `type` is a product type `code` (required when the product has types). */
export const ZCartAddBody = z.object({
  itemId: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  type: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(60).optional()),
  quantity: ZQuantity,
});
export type TCartAddBody = z.infer<typeof ZCartAddBody>;

/** PUT / PATCH /api/cart/items/{id}. */
export const ZCartQuantityBody = z.object({ quantity: ZQuantity });
export type TCartQuantityBody = z.infer<typeof ZCartQuantityBody>;

/**
 * Why a line cannot be ordered as it is: `moq` (below the minimum order quantity), `multiple`
 * (not a multiple of the order multiple), `type` (the chosen type is no longer offered).
 */
export const CART_LINE_PROBLEMS = ['moq', 'multiple', 'type'] as const;
export const ZCartLineProblem = z.enum(CART_LINE_PROBLEMS);
export type TCartLineProblem = z.infer<typeof ZCartLineProblem>;

/** One cart line (docs/requirements.md, Data, Cart item) at today's catalog price. */
export const ZCartItem = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  supplier: ZSupplier,
  /** Type code ('' when the product has no types). */
  type: z.string(),
  /** Type name in the request language; null when the product has no types or the type is gone. */
  typeName: z.string().nullable(),
  quantity: z.number().int(),
  currency: ZCurrency,
  /** List price of one piece. */
  price: z.number(),
  /** What one piece costs the buyer (equal to price without a discount). */
  discountPrice: z.number(),
  discountPercent: z.number().int(),
  /** discountPrice × quantity. */
  amount: z.number(),
  /** The quantity break the line is priced at (its minQuantity), or null (docs/catalog.md, Prices). */
  tierMinQuantity: z.number().int().nullable(),
  /** What the tier saves on this line: (the buyer's price without tiers − discountPrice) × quantity; 0 without a tier. */
  tierSaving: z.number(),
  moq: z.number().int(),
  /** Same as moq (older clients of the public API read either). */
  minOrderQuantity: z.number().int(),
  orderMultiple: z.number().int().nullable(),
  nw: z.number().nullable(),
  gw: z.number().nullable(),
  volume: z.number().nullable(),
  volumeWeight: z.number().nullable(),
  totalNw: z.number().nullable(),
  totalGw: z.number().nullable(),
  totalVolume: z.number().nullable(),
  totalVolumeWeight: z.number().nullable(),
  image: z.string(),
  thumbnail: z.string(),
  problem: ZCartLineProblem.nullable(),
  /** The product's (type's) stock state now (docs/catalog.md, Stock). */
  stockStatus: ZStockStatus,
  /** Pieces of this product and type available now; null when its stock is not tracked (no limit). */
  available: z.number().int().nullable(),
  /** The line asks for more than is available and the product takes no pre-orders: placing the order would be refused. */
  stockShort: z.boolean(),
  /** The product takes pre-orders: pieces beyond those available ship in 1-2 weeks. */
  preorder: z.boolean(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type TCartItem = z.infer<typeof ZCartItem>;

/** GET /api/cart/items: every line (at most MAX_CART_LINES), most recently added first. */
export const ZCartItemList = z.object({ data: z.array(ZCartItem), pager: ZPager });
export type TCartItemList = z.infer<typeof ZCartItemList>;

export const ZCartDeleteResult = z.object({ ok: z.literal(true), id: z.number().int() });

/** GET /api/cart/info: cart totals in the display currency, kg and m³. */
export const ZCartInfo = z.object({
  currency: ZCurrency,
  /** Lines in the cart. */
  lineCount: z.number().int(),
  /** Pieces in the cart (sum of quantities). */
  pieceCount: z.number().int(),
  /** Sum of list price × quantity. */
  amount: z.number(),
  /** amount − goodsAmount. */
  discount: z.number(),
  /** The part of discount that quantity tiers save: sum of the lines' tierSaving. */
  tierSaving: z.number(),
  /** What the goods cost: sum of line amounts. */
  goodsAmount: z.number(),
  totalNw: z.number(),
  totalGw: z.number(),
  totalVolume: z.number(),
  totalVolumeWeight: z.number(),
  /** The free-shipping threshold in this currency (null when the shop has none). */
  freeShippingThreshold: z.number().nullable(),
  /** goodsAmount ≥ freeShippingThreshold. */
  freeShipping: z.boolean(),
  /** Lines that cannot be ordered as they are (see problem on each line). */
  problemCount: z.number().int(),
});
export type TCartInfo = z.infer<typeof ZCartInfo>;
