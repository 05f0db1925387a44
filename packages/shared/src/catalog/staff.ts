import { z } from 'zod';
import { discountPriceFen } from './price.js';
import { ZPager, ZProductSortField, ZSortOrder } from './product.js';

/**
 * The catalog back office (docs/catalog.md, Back office): what staff edit for one product, the
 * same rules for the edit form, `POST|PUT /api/admin/items` and every row of a spreadsheet
 * import. Staff work in the shop's base currency: prices are CNY yuan with at most 2 decimals;
 * weights are grams and volumes cm³ (whole numbers); derived figures (volumetric weights, the
 * discount price) are computed by the server, never typed. Messages are validation keys
 * (validation/messages.ts), shown in the staff member's language.
 */

/** Largest price staff may set, yuan. */
export const ADMIN_PRICE_MAX = 10_000_000;
export const ADMIN_NAME_MAX = 200;
/** Longest description (sanitized HTML), characters. */
export const ADMIN_DESCRIPTION_MAX = 50_000;
export const ADMIN_TYPES_MAX = 50;
export const ADMIN_TIERS_MAX = 10;
/** Largest quantity figure (MOQ, multiple, tier break, stock). */
export const ADMIN_QUANTITY_MAX = 1_000_000;
/** Pictures per product, the largest upload, and the largest side in pixels before it is scaled down. */
export const ITEM_IMAGES_MAX = 12;
export const ITEM_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ITEM_IMAGE_MAX_PIXELS = 40_000_000;
/** Stock states of a product (public `stockStatus`): catalog/stock.ts. */
import { ZStockStatus } from './stock.js';
export { STOCK_STATUSES, ZStockStatus, type TStockStatus } from './stock.js';

const text = (max: number) => z.string({ error: 'v.required' }).trim().max(max, 'v.maxLength');
const required = (max: number) => text(max).min(1, 'v.required');
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text(max).nullable()).optional();
const quantity = (min: number) => z.number({ error: 'v.number' }).int('v.integer').min(min, 'v.minimum').max(ADMIN_QUANTITY_MAX, 'v.numberRange');
const grams = z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(100_000_000, 'v.numberRange').nullable().optional();

/** Yuan with at most 2 decimals (checked on the fen value, so 0.1 + 0.2 style floats pass). */
export const ZYuan = z
  .number({ error: 'v.number' })
  .min(0, 'v.minimum')
  .max(ADMIN_PRICE_MAX, 'v.numberRange')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'v.money');

export const ZStaffItemType = z.object({
  code: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, 'v.required')
    .max(32, 'v.maxLength')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'v.typeCode'),
  zh: required(100),
  en: required(100),
});
export type TStaffItemType = z.infer<typeof ZStaffItemType>;

/** A quantity break: from `minQuantity` pieces a line costs `price` yuan a piece. */
export const ZStaffPriceTier = z.object({ minQuantity: quantity(2), price: ZYuan });
export type TStaffPriceTier = z.infer<typeof ZStaffPriceTier>;

/** Pieces on hand of one type ('' for a product without types). */
export const ZStaffStockLine = z.object({ typeCode: z.string().max(32, 'v.maxLength'), onHand: quantity(0) });
export type TStaffStockLine = z.infer<typeof ZStaffStockLine>;

const ZStaffItemFields = z.object({
  nameZh: required(ADMIN_NAME_MAX),
  nameEn: required(ADMIN_NAME_MAX),
  /** Rich text (HTML); the server sanitizes it with the storefront's sanitizer. */
  descriptionZh: text(ADMIN_DESCRIPTION_MAX).default(''),
  descriptionEn: text(ADMIN_DESCRIPTION_MAX).default(''),
  types: z.array(ZStaffItemType).max(ADMIN_TYPES_MAX, 'v.maxItems').default([]),
  /** Label H (best seller); N and D follow from the creation time and the discount. */
  hot: z.boolean().default(false),
  categoryId: z.number({ error: 'v.required' }).int().min(1, 'v.required'),
  supplierId: z.number({ error: 'v.required' }).int().min(1, 'v.required'),
  barcode: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(64, 'v.maxLength')
        .regex(/^[0-9A-Za-z-]+$/, 'v.barcode')
        .nullable(),
    )
    .optional(),
  /** List price, yuan. */
  price: ZYuan,
  /** Percent off the list price (0: no discount). */
  discountPercent: z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(99, 'v.numberRange').default(0),
  priceTiers: z.array(ZStaffPriceTier).max(ADMIN_TIERS_MAX, 'v.maxItems').default([]),
  moq: quantity(1).default(1),
  orderMultiple: quantity(1).nullable().default(null),
  /** One piece: net and gross weight (g), packed volume (cm³), size text ("5.6×5.6×5.6"). */
  nwG: grams,
  gwG: grams,
  volumeCm3: grams,
  dimension: optionalText(100),
  pkgZh: optionalText(100),
  pkgEn: optionalText(100),
  /** One carton: size text ("60×40×45"), its volume (cm³, gives the carton's volumetric weight) and pieces. */
  carton: optionalText(100),
  cartonVolumeCm3: grams,
  pcs: quantity(1).nullable().optional(),
  unitNwDesc: optionalText(100),
  unitGwDesc: optionalText(100),
  unitVolumeDesc: optionalText(100),
  unitVolumeWeightDesc: optionalText(100),
  commentZh: optionalText(1000),
  commentEn: optionalText(1000),
  /** Orders are taken when it is out of stock (ships in 1-2 weeks). */
  preorder: z.boolean().default(false),
  /** Available pieces at or below which the stock shows as low. */
  lowStockAt: quantity(0).default(10),
  /** Pieces on hand per type; left out: unchanged (a new product starts with none). */
  stock: z
    .array(ZStaffStockLine)
    .max(ADMIN_TYPES_MAX + 1, 'v.maxItems')
    .optional(),
});

/**
 * The rules across fields, given a path per problem so a form or an import names the column:
 * type codes are unique; tiers rise in quantity and fall in price, below the price the buyer
 * pays without them; the order multiple, when set, divides nothing smaller than the MOQ.
 */
export function checkItemRules(v: z.infer<typeof ZStaffItemFields>, issue: (path: (string | number)[], message: string) => void): void {
  const codes = new Set<string>();
  v.types.forEach((t, i) => {
    if (codes.has(t.code)) issue(['types', i, 'code'], 'v.typeDuplicate');
    codes.add(t.code);
  });
  // What the buyer pays without tiers, as the server stores it (price.ts).
  const payFen = discountPriceFen(Math.round(v.price * 100), v.discountPercent);
  let prev: { minQuantity: number; fen: number } | undefined;
  v.priceTiers.forEach((tier, i) => {
    const fen = Math.round(tier.price * 100);
    if (prev && tier.minQuantity <= prev.minQuantity) issue(['priceTiers', i, 'minQuantity'], 'v.tierOrder');
    else if (fen >= (prev?.fen ?? payFen)) issue(['priceTiers', i, 'price'], 'v.tierPrice');
    prev = { minQuantity: tier.minQuantity, fen };
  });
  if (v.stock) {
    const allowed = new Set(v.types.length > 0 ? v.types.map((t) => t.code) : ['']);
    v.stock.forEach((line, i) => {
      if (!allowed.has(line.typeCode)) issue(['stock', i, 'typeCode'], 'v.typeUnknown');
    });
  }
}

export const ZStaffItemInput = ZStaffItemFields.superRefine((v, ctx) => checkItemRules(v, (path, message) => ctx.addIssue({ code: 'custom', path, message })));
export type TStaffItemInput = z.infer<typeof ZStaffItemInput>;
export type TStaffItemInputRaw = z.input<typeof ZStaffItemInput>;

export const ZStaffItemImage = z.object({ id: z.number().int(), image: z.string(), thumbnail: z.string() });
export type TStaffItemImage = z.infer<typeof ZStaffItemImage>;

export const ZStaffStock = z.object({ typeCode: z.string(), onHand: z.number().int(), reserved: z.number().int(), available: z.number().int() });
export type TStaffStock = z.infer<typeof ZStaffStock>;

/** The editable fields as the server answers them (plain types: a response schema cannot run preprocessors backwards). */
const ZStaffItemStored = z.object({
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  types: z.array(z.object({ code: z.string(), zh: z.string(), en: z.string() })),
  hot: z.boolean(),
  categoryId: z.number().int(),
  supplierId: z.number().int(),
  barcode: z.string().nullable(),
  price: z.number(),
  discountPercent: z.number().int(),
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  moq: z.number().int(),
  orderMultiple: z.number().int().nullable(),
  nwG: z.number().int().nullable(),
  gwG: z.number().int().nullable(),
  volumeCm3: z.number().int().nullable(),
  dimension: z.string().nullable(),
  pkgZh: z.string().nullable(),
  pkgEn: z.string().nullable(),
  carton: z.string().nullable(),
  cartonVolumeCm3: z.number().int().nullable(),
  pcs: z.number().int().nullable(),
  unitNwDesc: z.string().nullable(),
  unitGwDesc: z.string().nullable(),
  unitVolumeDesc: z.string().nullable(),
  unitVolumeWeightDesc: z.string().nullable(),
  commentZh: z.string().nullable(),
  commentEn: z.string().nullable(),
  preorder: z.boolean(),
  lowStockAt: z.number().int(),
});
export type TStaffItemStored = z.infer<typeof ZStaffItemStored>;

/** GET /api/admin/items/{id}: every editable field, plus what the server derives and keeps. */
export const ZStaffItem = ZStaffItemStored.extend({
  id: z.number().int(),
  /** Percent-off price the buyer pays without tiers, yuan (derived). */
  discountPrice: z.number(),
  volumeWeightG: z.number().int().nullable(),
  totalVolumeWeightG: z.number().int().nullable(),
  stock: z.array(ZStaffStock),
  stockStatus: ZStockStatus,
  /** Uploaded pictures, the main one first; empty: the generated demo pictures show. */
  images: z.array(ZStaffItemImage),
  archivedTime: z.string().nullable(),
  createdTime: z.string(),
  lastUpdatedTime: z.string(),
});
export type TStaffItem = z.infer<typeof ZStaffItem>;

/** A row of the staff product list. */
export const ZStaffItemRow = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  barcode: z.string().nullable(),
  categoryId: z.number().int(),
  supplierId: z.number().int(),
  price: z.number(),
  discountPercent: z.number().int(),
  tiers: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  stockStatus: ZStockStatus,
  thumbnail: z.string(),
  archived: z.boolean(),
  lastUpdatedTime: z.string(),
});
export type TStaffItemRow = z.infer<typeof ZStaffItemRow>;
export const ZStaffItemList = z.object({ data: z.array(ZStaffItemRow), pager: ZPager });
export type TStaffItemList = z.infer<typeof ZStaffItemList>;

/** GET /api/admin/items and the exports: the storefront's filters, plus archived and stock state. */
export const ZStaffItemQuery = z.object({
  keyword: z.string().max(100).optional(),
  // Category and brand ids are int4 in the database.
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  supplierId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  stockStatus: ZStockStatus.optional(),
  archived: z.enum(['false', 'true', 'all']).default('false'),
  sortBy: ZProductSortField.default('lastUpdatedTime'),
  order: ZSortOrder.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recPerPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type TStaffItemQuery = z.infer<typeof ZStaffItemQuery>;

/** POST /api/admin/items/import: what an import did, or would do (docs/catalog.md, Spreadsheets). */
export const ZImportError = z.object({
  /** 1-based row of the sheet as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** The column's header as in the file ("" when the whole row is at fault). */
  column: z.string(),
  /** In the request's language. */
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;
export const ZImportChange = z.object({
  row: z.number().int(),
  id: z.number().int().nullable(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The columns that change (update) . */
  fields: z.array(z.string()),
});
export type TImportChange = z.infer<typeof ZImportChange>;
/**
 * What happened: `dryRun` (checked, nothing written), `applied` (everything written, in one
 * transaction) or `refused` (an apply of a file with errors: nothing written).
 */
export const IMPORT_STATUSES = ['dryRun', 'applied', 'refused'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
export const ZImportResult = z.object({
  status: z.enum(IMPORT_STATUSES),
  dryRun: z.boolean(),
  /** Data rows read (blank rows left out). */
  rows: z.number().int(),
  /** What the rows without errors ask for. Written only when status is `applied`. */
  planned: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  /** Products written: the planned counts once applied, 0 on a dry run or a refused import. */
  written: z.object({ created: z.number().int(), updated: z.number().int() }),
  /** Every error of the file (the list holds the first 1,000, by row). */
  errorCount: z.number().int(),
  errors: z.array(ZImportError),
  /** Per row, what changes (the first 1,000 rows that change): planned, or written once applied. */
  changes: z.array(ZImportChange),
});
export type TImportResult = z.infer<typeof ZImportResult>;
/**
 * The 422 answer of an apply (dryRun=false) that was refused: the API's error shape, a sentence
 * in the request's language, and the whole report (status `refused`, nothing written) in details.
 */
export const IMPORT_REFUSED_CODE = 'IMPORT_REFUSED';
export const ZImportRefused = z.object({ code: z.literal(IMPORT_REFUSED_CODE), desc: z.string(), details: ZImportResult });
export type TImportRefused = z.infer<typeof ZImportRefused>;

/** Longest reason of a stock count (kept as the audit entry's note). */
export const STOCK_REASON_MAX = 500;

/**
 * PUT /api/admin/items/{id}/stock body: pieces on hand per type ('' for a product without types);
 * types not listed stay as they are. `reason` (a recount, damaged goods ...) is the audit entry's
 * note; the warehouse's stock screen always sends one.
 */
export const ZStockAdjust = z.object({
  lines: z
    .array(ZStaffStockLine)
    .min(1, 'v.required')
    .max(ADMIN_TYPES_MAX + 1, 'v.maxItems'),
  reason: text(STOCK_REASON_MAX).optional(),
});
export type TStockAdjust = z.infer<typeof ZStockAdjust>;

/** A product's stock as staff see it: per type on hand, reserved by open orders and available (on hand − reserved). */
export const ZStockLevels = z.object({
  itemId: z.number().int(),
  /** False while the product has no stock rows: it is sold without a limit (docs/catalog.md, Stock). */
  tracked: z.boolean(),
  stockStatus: ZStockStatus,
  lines: z.array(z.object({ typeCode: z.string(), onHand: z.number().int(), reserved: z.number().int(), available: z.number().int() })),
});
export type TStockLevels = z.infer<typeof ZStockLevels>;

/** GET /api/admin/stock: the stock screen's products on sale, found as the staff product list finds them, optionally in one stock state. */
export const ZStockSheetQuery = z.object({
  keyword: z.string().max(100).optional(),
  stockStatus: ZStockStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recPerPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type TStockSheetQuery = z.infer<typeof ZStockSheetQuery>;

/** One style of a product on the stock screen ('' code and names: a product without styles). */
export const ZStockSheetStyle = z.object({
  code: z.string(),
  zh: z.string(),
  en: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** The style's own state, as a buyer choosing it sees it. */
  stockStatus: ZStockStatus,
});
export type TStockSheetStyle = z.infer<typeof ZStockSheetStyle>;

/** A product on the stock screen: every style with its pieces (no prices, no customers: the warehouse's view). */
export const ZStockSheetRow = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  barcode: z.string().nullable(),
  thumbnail: z.string(),
  /** False while the product has no stock rows: it is sold without a limit until its first count. */
  tracked: z.boolean(),
  /** At most this many pieces available: low stock. */
  lowStockAt: z.number().int(),
  stockStatus: ZStockStatus,
  styles: z.array(ZStockSheetStyle),
});
export type TStockSheetRow = z.infer<typeof ZStockSheetRow>;
export const ZStockSheet = z.object({ data: z.array(ZStockSheetRow), pager: ZPager });
export type TStockSheet = z.infer<typeof ZStockSheet>;
