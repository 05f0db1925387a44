import { z } from 'zod';
import { ZStaffItemQuery } from './staff.js';
import { ZPriceBound } from './product.js';

/**
 * Spreadsheet import and export of the catalog (docs/catalog.md, Spreadsheets): the query of
 * `GET /api/admin/items/export.csv|.xlsx` and the limits of `POST /api/admin/items/import`.
 * The columns themselves are the server's (catalog.sheet.columns.ts) and are documented in docs/catalog.md.
 */

/** Largest file an import accepts, bytes (100,000 rows with short descriptions fit several times). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** Most data rows an import accepts. */
export const IMPORT_MAX_ROWS = 200_000;
/** An import answers at most this many errors and row changes (the first ones, by row). */
export const IMPORT_LIST_MAX = 1_000;
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type TSheetFormat = (typeof SHEET_FORMATS)[number];

/**
 * The staff list's filters (ZStaffItemQuery, without paging and sorting: an export is by id),
 * plus a price range in yuan on the price the buyer pays, as on `/api/items`.
 */
export const ZStaffItemExportQuery = ZStaffItemQuery.pick({ keyword: true, categoryId: true, supplierId: true, archived: true }).extend({
  minPrice: ZPriceBound,
  maxPrice: ZPriceBound,
});
export type TStaffItemExportQuery = z.infer<typeof ZStaffItemExportQuery>;

export const ZImportQuery = z.object({
  /** true (the default): report what would change, write nothing. */
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type TImportQuery = z.infer<typeof ZImportQuery>;
