// Over 400 lines: the spreadsheet's column table: data, not logic.
import { volumeOfWeightCm3, type TStaffItemInputRaw, type TLocale } from '@cubeshop/shared';
import type { Dictionary } from '../cache/catalog.dictionary.js';
import type { MessageKey } from '../../../lib/messages.js';

/**
 * The catalog's spreadsheet columns (docs/catalog.md, Spreadsheets): one product a row, stable
 * machine headers (re-importable whatever the staff member's language), the values as a person
 * types them: prices in yuan, booleans yes/no, tiers `12:9.90; 60:8.50`, types
 * `A:红色:Red; B:蓝色:Blue`, stock `120` or `A:10; B:5`, category and brand by slug (or id).
 * Import: a column left out of the file keeps each product's value; a blank cell empties the
 * field (its default for required ones), except `stock`, where blank keeps the stock.
 */

/** A cell as read from a file: text, a number or a boolean; null when blank. */
export type Cell = string | number | boolean | null;

/** What a stored product gives an export row (the stock is the stock module's). */
export interface SheetItem {
  id: number;
  barcode: string | null;
  nameZh: string;
  nameEn: string;
  categoryId: number;
  supplierId: number;
  priceFen: number;
  discountPercent: number;
  priceTiers: { minQuantity: number; priceFen: number }[];
  moq: number;
  orderMultiple: number | null;
  types: { code: string; zh: string; en: string }[];
  lowStockAt: number;
  preorder: boolean;
  hot: boolean;
  nwG: number | null;
  gwG: number | null;
  volumeCm3: number | null;
  dimension: string | null;
  pkgZh: string | null;
  pkgEn: string | null;
  carton: string | null;
  totalVolumeWeightG: number | null;
  pcs: number | null;
  unitNwDesc: string | null;
  unitGwDesc: string | null;
  unitVolumeDesc: string | null;
  unitVolumeWeightDesc: string | null;
  commentZh: string | null;
  commentEn: string | null;
  descriptionZh: string;
  descriptionEn: string;
  archivedAt: Date | null;
}

/** A problem with one cell: a server message key (catalog import, a MessageKey) or a validation key. */
export class CellError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

type Input = Partial<TStaffItemInputRaw>;

export interface SheetColumn {
  header: string;
  /** What the column holds, for the notes sheet and docs. */
  zh: string;
  en: string;
  /** The field of ZStaffItemInput it fills (errors of that field are reported in this column). */
  field?: keyof TStaffItemInputRaw;
  /** Export: the cell of a product. */
  write: (item: SheetItem, ctx: WriteContext) => string | number;
  /** Import: puts the cell's value into the input (throws CellError). Absent: read-only column. */
  read?: (cell: Cell, input: Input, ctx: ReadContext) => void;
  /** Example cell of the template. */
  example: string | number;
}

export interface WriteContext {
  dict: Dictionary;
  /** Pieces on hand per type code ('' without types). */
  stock: Map<string, number> | undefined;
}

export interface ReadContext {
  categories: Map<string, number>;
  suppliers: Map<string, number>;
  dict: Dictionary;
}

const yuan = (fen: number) => Math.round(fen) / 100;
const blank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

function text(cell: Cell): string | null {
  if (blank(cell)) return null;
  return String(cell).trim();
}

/** A number as typed: digits with an optional point (and thousands commas), or a numeric cell. */
export function num(cell: Cell): number | null {
  if (blank(cell)) return null;
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'boolean') throw new CellError('v.number');
  const s = String(cell)
    .trim()
    .replace(/(?<=\d),(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new CellError('v.number');
  return Number(s);
}

const YES = new Set(['yes', 'y', 'true', '1', '是', 'x', '✓']);
const NO = new Set(['no', 'n', 'false', '0', '否', '']);
function bool(cell: Cell): boolean {
  if (cell === null) return false;
  if (typeof cell === 'boolean') return cell;
  const s = String(cell).trim().toLowerCase();
  if (YES.has(s)) return true;
  if (NO.has(s)) return false;
  throw new CellError('importBoolean');
}
const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** Splits a list cell ("a; b" or one per line) into its entries. */
const entries = (cell: Cell): string[] =>
  String(cell)
    .split(/[;\n；]/)
    .map((s) => s.trim())
    .filter(Boolean);

function parseTiers(cell: Cell): { minQuantity: number; price: number }[] {
  if (blank(cell)) return [];
  return entries(cell).map((entry) => {
    const m = /^(\d+)\s*[:：]\s*(\d+(?:\.\d+)?)$/.exec(entry);
    if (!m) throw new CellError('importTiersFormat', { entry });
    return { minQuantity: Number(m[1]), price: Number(m[2]) };
  });
}

function parseTypes(cell: Cell): { code: string; zh: string; en: string }[] {
  if (blank(cell)) return [];
  return entries(cell).map((entry) => {
    const [code, zh, ...en] = entry.split(/[:：]/).map((s) => s.trim());
    if (!code || !zh || en.length === 0 || !en.join(':').trim()) throw new CellError('importTypesFormat', { entry });
    return { code, zh, en: en.join(':').trim() };
  });
}

function parseStock(cell: Cell): { typeCode: string; onHand: number }[] | undefined {
  if (blank(cell)) return undefined;
  if (typeof cell === 'number') return [{ typeCode: '', onHand: cell }];
  const s = String(cell).trim();
  if (/^\d+(\.\d+)?$/.test(s)) return [{ typeCode: '', onHand: Number(s) }];
  return entries(cell).map((entry) => {
    const m = /^(.+?)\s*[:：]\s*(\d+(?:\.\d+)?)$/.exec(entry);
    if (!m) throw new CellError('importStockFormat', { entry });
    return { typeCode: m[1]!, onHand: Number(m[2]) };
  });
}

function reference(cell: Cell, bySlug: Map<string, number>, known: (id: number) => boolean, unknown: MessageKey): number | undefined {
  if (blank(cell)) return undefined;
  const s = String(cell).trim();
  const id = bySlug.get(s) ?? (/^\d+$/.test(s) && known(Number(s)) ? Number(s) : undefined);
  if (id === undefined) throw new CellError(unknown, { value: s });
  return id;
}

const textColumn = (header: string, field: keyof TStaffItemInputRaw & keyof SheetItem, zh: string, en: string, example: string): SheetColumn => ({
  header,
  zh,
  en,
  field,
  example,
  write: (item) => (item[field] as string | null) ?? '',
  read: (cell, input) => {
    (input as Record<string, unknown>)[field] = text(cell);
  },
});

const intColumn = (header: string, field: keyof TStaffItemInputRaw & keyof SheetItem, zh: string, en: string, example: number | string): SheetColumn => ({
  header,
  zh,
  en,
  field,
  example,
  write: (item) => (item[field] as number | null) ?? '',
  read: (cell, input) => {
    (input as Record<string, unknown>)[field] = num(cell);
  },
});

/** With a default when blank (required integer fields). */
const countColumn = (
  header: string,
  field: 'moq' | 'lowStockAt' | 'discountPercent',
  zh: string,
  en: string,
  example: number,
  fallback: number,
): SheetColumn => ({
  header,
  zh,
  en,
  field,
  example,
  write: (item) => item[field],
  read: (cell, input) => {
    input[field] = num(cell) ?? fallback;
  },
});

export const SHEET_COLUMNS: readonly SheetColumn[] = [
  {
    header: 'id',
    zh: '商品编号；留空为新商品（按条码匹配已有商品）',
    en: 'Product id; blank for a new product (or one matched by barcode)',
    example: '',
    write: (item) => item.id,
  },
  {
    header: 'barcode',
    zh: '条码（字母、数字、-）；无编号时按条码更新',
    en: 'Barcode (letters, digits, -); without an id, rows update by barcode',
    field: 'barcode',
    example: '6901234567890',
    write: (item) => item.barcode ?? '',
    read: (cell, input) => {
      input.barcode = text(cell);
    },
  },
  textColumn('name_zh', 'nameZh', '中文名称（必填）', 'Chinese name (required)', '三阶魔方 示例'),
  textColumn('name_en', 'nameEn', '英文名称（必填）', 'English name (required)', '3x3 cube example'),
  {
    header: 'category',
    zh: '分类：代码（slug）或编号（必填）',
    en: 'Category: its slug or id (required)',
    field: 'categoryId',
    example: 'cube-3x3',
    write: (item, { dict }) => dict.categories.get(item.categoryId)?.slug ?? item.categoryId,
    read: (cell, input, ctx) => {
      input.categoryId = reference(cell, ctx.categories, (id) => ctx.dict.categories.has(id), 'importUnknownCategory');
    },
  },
  {
    header: 'brand',
    zh: '品牌：代码（slug）或编号（必填）',
    en: 'Brand: its slug or id (required)',
    field: 'supplierId',
    example: 'gan',
    write: (item, { dict }) => dict.suppliers.get(item.supplierId)?.slug ?? item.supplierId,
    read: (cell, input, ctx) => {
      input.supplierId = reference(cell, ctx.suppliers, (id) => ctx.dict.suppliers.has(id), 'importUnknownBrand');
    },
  },
  {
    header: 'price',
    zh: '标价（元，最多两位小数，必填）',
    en: 'List price (yuan, at most 2 decimals, required)',
    field: 'price',
    example: 59.9,
    write: (item) => yuan(item.priceFen),
    read: (cell, input) => {
      input.price = num(cell) as number;
    },
  },
  countColumn('discount_percent', 'discountPercent', '折扣百分比（0-99，0 为不打折）', 'Percent off the list price (0-99; 0: none)', 0, 0),
  {
    header: 'tiers',
    zh: '阶梯价：起订量:单价（元），用 ; 分隔，例如 12:9.90; 60:8.50',
    en: 'Quantity breaks: quantity:price (yuan), separated by ; e.g. 12:9.90; 60:8.50',
    field: 'priceTiers',
    example: '12:55; 60:49.5',
    write: (item) => item.priceTiers.map((t) => `${t.minQuantity}:${yuan(t.priceFen).toFixed(2)}`).join('; '),
    read: (cell, input) => {
      input.priceTiers = parseTiers(cell);
    },
  },
  countColumn('moq', 'moq', '最小起订量（默认 1）', 'Minimum order quantity (default 1)', 1, 1),
  intColumn('order_multiple', 'orderMultiple', '订购倍数（留空为不限）', 'Order multiple (blank: any quantity)', ''),
  {
    header: 'types',
    zh: '款式：代码:中文名:英文名，用 ; 分隔',
    en: 'Types: code:Chinese name:English name, separated by ;',
    field: 'types',
    example: 'BLK:黑色:Black; WHT:白色:White',
    write: (item) => item.types.map((t) => `${t.code}:${t.zh}:${t.en}`).join('; '),
    read: (cell, input) => {
      input.types = parseTypes(cell);
    },
  },
  {
    header: 'stock',
    zh: '现货数量：无款式填数字，有款式填 代码:数量; …；留空则不改库存',
    en: 'Pieces on hand: a number without types, code:pieces; … with types; blank keeps the stock',
    field: 'stock',
    example: 'BLK:120; WHT:80',
    write: (item, { stock }) => {
      if (item.types.length === 0) return stock?.get('') ?? 0;
      return item.types.map((t) => `${t.code}:${stock?.get(t.code) ?? 0}`).join('; ');
    },
    read: (cell, input) => {
      const lines = parseStock(cell);
      if (lines) input.stock = lines;
    },
  },
  countColumn(
    'low_stock_at',
    'lowStockAt',
    '低库存提示：可售数量不高于此值（默认 10）',
    'Low stock at or below this many pieces available (default 10)',
    10,
    10,
  ),
  {
    header: 'preorder',
    zh: '缺货时接受预订（yes/no）',
    en: 'Take orders when out of stock (yes/no)',
    field: 'preorder',
    example: 'no',
    write: (item) => yesNo(item.preorder),
    read: (cell, input) => {
      input.preorder = bool(cell);
    },
  },
  {
    header: 'hot',
    zh: '热卖标签 H（yes/no）',
    en: 'Hot label H (yes/no)',
    field: 'hot',
    example: 'no',
    write: (item) => yesNo(item.hot),
    read: (cell, input) => {
      input.hot = bool(cell);
    },
  },
  intColumn('nw_g', 'nwG', '单件净重（克）', 'Net weight of a piece (g)', 85),
  intColumn('gw_g', 'gwG', '单件毛重（克）', 'Gross weight of a piece (g)', 120),
  intColumn('volume_cm3', 'volumeCm3', '单件包装体积（cm³）', 'Packed volume of a piece (cm³)', 343),
  textColumn('dimension', 'dimension', '单件尺寸文字', 'Size of a piece (text)', '5.6×5.6×5.6'),
  textColumn('pkg_zh', 'pkgZh', '包装（中文）', 'Packaging (Chinese)', '彩盒'),
  textColumn('pkg_en', 'pkgEn', '包装（英文）', 'Packaging (English)', 'Colour box'),
  textColumn('carton', 'carton', '外箱尺寸文字', 'Carton size (text)', '60×40×45'),
  {
    header: 'carton_volume_cm3',
    zh: '外箱体积（cm³，得出外箱体积重）',
    en: 'Carton volume (cm³; gives the carton’s volumetric weight)',
    field: 'cartonVolumeCm3',
    example: 108000,
    // Stored as the volumetric weight (whole grams): volumeOfWeightCm3 gives the volume back.
    write: (item) => (item.totalVolumeWeightG === null ? '' : volumeOfWeightCm3(item.totalVolumeWeightG)),
    read: (cell, input) => {
      input.cartonVolumeCm3 = num(cell);
    },
  },
  intColumn('pcs', 'pcs', '每箱件数', 'Pieces per carton', 60),
  textColumn('unit_nw_desc', 'unitNwDesc', '净重说明', 'Net weight note', ''),
  textColumn('unit_gw_desc', 'unitGwDesc', '毛重说明', 'Gross weight note', ''),
  textColumn('unit_volume_desc', 'unitVolumeDesc', '体积说明', 'Volume note', ''),
  textColumn('unit_volume_weight_desc', 'unitVolumeWeightDesc', '体积重说明', 'Volumetric weight note', ''),
  textColumn('comment_zh', 'commentZh', '备注（中文）', 'Comment (Chinese)', ''),
  textColumn('comment_en', 'commentEn', '备注（英文）', 'Comment (English)', ''),
  {
    header: 'description_zh',
    zh: '描述（中文，HTML）',
    en: 'Description (Chinese, HTML)',
    field: 'descriptionZh',
    example: '<p>示例商品</p>',
    write: (item) => item.descriptionZh,
    read: (cell, input) => {
      input.descriptionZh = text(cell) ?? '';
    },
  },
  {
    header: 'description_en',
    zh: '描述（英文，HTML）',
    en: 'Description (English, HTML)',
    field: 'descriptionEn',
    example: '<p>An example product</p>',
    write: (item) => item.descriptionEn,
    read: (cell, input) => {
      input.descriptionEn = text(cell) ?? '';
    },
  },
  {
    header: 'archived',
    zh: '已下架（只读：在商品页下架或恢复）',
    en: 'Archived (read only: archive or restore on the product page)',
    example: 'no',
    write: (item) => yesNo(item.archivedAt !== null),
  },
];

export const SHEET_HEADERS = SHEET_COLUMNS.map((c) => c.header);
const byHeader = new Map(SHEET_COLUMNS.map((c) => [c.header, c]));
export const columnOf = (header: string): SheetColumn | undefined => byHeader.get(header.trim().toLowerCase());

/** The column that reports an error of a ZStaffItemInput field. */
const byField = new Map(SHEET_COLUMNS.filter((c) => c.field).map((c) => [c.field as string, c.header]));
export const headerOfField = (field: string | number | undefined): string => (typeof field === 'string' ? (byField.get(field) ?? '') : '');

/** One product as an export row, in SHEET_COLUMNS order. */
export const sheetRow = (item: SheetItem, ctx: WriteContext): (string | number)[] => SHEET_COLUMNS.map((c) => c.write(item, ctx));

/** The notes of the XLSX template and export: each column in the staff member's language first. */
export const sheetNotes = (locale: TLocale): string[][] =>
  SHEET_COLUMNS.map((c) => [c.header, locale === 'zh' ? c.zh : c.en, locale === 'zh' ? c.en : c.zh, String(c.example)]);
