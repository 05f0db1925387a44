import {
  IMPORT_LIST_MAX,
  validationMessage,
  ZStaffItemInput,
  type TStaffItemExportQuery,
  type TStaffItemInput,
  type TStaffItemInputRaw,
  type TImportChange,
  type TImportError,
  type TImportResult,
  type TLocale,
} from '@cubeshop/shared';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../lib/app-error.js';
import { message, MESSAGES, type MessageKey } from '../../../lib/messages.js';
import type { AuditService, StaffActor } from '../../audit/audit.service.js';
import { fromAdminInput, toRow } from '../staff/catalog.writes.js';
import { sanitizeDescription } from '../staff/catalog.sanitize.js';
import type { CategoryDictionary } from '../cache/catalog.dictionary.js';
import type { NewItemRow } from '../catalog.repository.js';
import { parseKeyword } from '../search/catalog.search.text.js';
import { CellError, columnOf, headerOfField, SHEET_COLUMNS, sheetRow, type Cell, type ReadContext, type SheetColumn } from './catalog.sheet.columns.js';
import { readSheet, type SheetWriter } from './catalog.sheet.files.js';
import type { CatalogSheetRepository, SheetFilter, StoredItem } from './catalog.sheet.repository.js';
import { importAudit, inputOf, type Planned } from './catalog.import.audit.js';

/**
 * Spreadsheet import and export of the catalog (docs/catalog.md, Spreadsheets). An import reads
 * the whole file, matches each row to a product by id, else by barcode, else creates one,
 * validates it with the product form's rules (ZStaffItemInput), compares it with the stored
 * product in bulk and reports per row what changes and every error by row and column. Applied
 * (no errors, not a dry run), it writes in one transaction: new and changed products in
 * multi-row statements, their stock through the stock module, an audit entry per product created
 * or changed (with before and after, as the product editor's) and one for the import. The answer's
 * status says which happened: dryRun, applied, or refused (an apply with errors: nothing written).
 */

/** The stock module's part an import needs (modules/stock; same transaction as the products). */
export interface ImportStock {
  levels(itemIds: readonly number[], tx?: Db): Promise<Map<number, readonly { typeCode: string; onHand: number }[]>>;
  setOnHandMany(rows: readonly { itemId: number; typeCode: string; onHand: number }[], tx?: Db): Promise<void>;
}

export interface CatalogSheetsDeps {
  dictionary: CategoryDictionary;
  /** Empties the read side's caches (the storefront shows the import at once). */
  changed: () => void;
  stock: ImportStock;
  audit: Pick<AuditService, 'record'>;
}

const BATCH = 2_000;

/** Compared columns of a stored product, and the sheet column that shows each. */
const COMPARED: [keyof NewItemRow & keyof StoredItem, string][] = [
  ['nameZh', 'name_zh'],
  ['nameEn', 'name_en'],
  ['descriptionZh', 'description_zh'],
  ['descriptionEn', 'description_en'],
  ['types', 'types'],
  ['priceFen', 'price'],
  ['discountPercent', 'discount_percent'],
  ['moq', 'moq'],
  ['orderMultiple', 'order_multiple'],
  ['priceTiers', 'tiers'],
  ['preorder', 'preorder'],
  ['lowStockAt', 'low_stock_at'],
  ['supplierId', 'brand'],
  ['categoryId', 'category'],
  ['hot', 'hot'],
  ['barcode', 'barcode'],
  ['commentZh', 'comment_zh'],
  ['commentEn', 'comment_en'],
  ['nwG', 'nw_g'],
  ['gwG', 'gw_g'],
  ['volumeCm3', 'volume_cm3'],
  ['pkgZh', 'pkg_zh'],
  ['pkgEn', 'pkg_en'],
  ['carton', 'carton'],
  ['pcs', 'pcs'],
  ['dimension', 'dimension'],
  ['unitNwDesc', 'unit_nw_desc'],
  ['unitGwDesc', 'unit_gw_desc'],
  ['unitVolumeDesc', 'unit_volume_desc'],
  ['unitVolumeWeightDesc', 'unit_volume_weight_desc'],
  ['totalVolumeWeightG', 'carton_volume_cm3'],
];

/** Flat objects compared key by key (jsonb gives its keys back in its own order). */
function sameObject(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
/** Scalars, or arrays of flat objects (types, tiers). */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameObject(x as Record<string, unknown>, b[i] as Record<string, unknown>));
  }
  return (a ?? null) === (b ?? null);
}

function describe(key: string, params: Record<string, string | number>, locale: TLocale): string {
  return Object.hasOwn(MESSAGES, key) ? message(key as MessageKey, locale, params) : validationMessage(key, locale, params);
}

async function inBatches<T, R>(values: readonly T[], size: number, work: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += size) out.push(...(await work(values.slice(i, i + size))));
  return out;
}

export function createCatalogSheets(repo: CatalogSheetRepository, { dictionary, changed, stock, audit }: CatalogSheetsDeps) {
  async function filterOf(q: TStaffItemExportQuery): Promise<SheetFilter> {
    const dict = await dictionary.get();
    return {
      archived: q.archived,
      categoryIds: q.categoryId === undefined ? undefined : (dict.descendants.get(q.categoryId) ?? [q.categoryId]),
      supplierId: q.supplierId,
      minFen: q.minPrice === undefined ? undefined : Math.round(Number(q.minPrice) * 100),
      maxFen: q.maxPrice === undefined ? undefined : Math.round(Number(q.maxPrice) * 100),
      search: parseKeyword(q.keyword),
    };
  }

  return {
    /** The template's example row, naming a category and a brand of this shop (so it imports as it is). */
    async exampleRow(): Promise<(string | number)[]> {
      const dict = await dictionary.get();
      const category = [...dict.categories.values()].find((c) => (dict.descendants.get(c.id)?.length ?? 1) <= 1) ?? [...dict.categories.values()][0];
      const brand = [...dict.suppliers.values()][0];
      return SHEET_COLUMNS.map((c) => (c.header === 'category' && category ? category.slug : c.header === 'brand' && brand ? brand.slug : c.example));
    },

    /** Writes the products matching the query, by id, as they are read (pages of 2,000). */
    async export(q: TStaffItemExportQuery, out: SheetWriter): Promise<number> {
      const [filter, dict] = await Promise.all([filterOf(q), dictionary.get()]);
      let afterId = 0;
      let total = 0;
      for (;;) {
        const page = await repo.page(filter, afterId, BATCH);
        if (page.length === 0) break;
        const levels = await stock.levels(page.map((p) => p.id));
        for (const item of page) {
          const lines = levels.get(item.id);
          await out.row(sheetRow(item, { dict, stock: lines && new Map(lines.map((l) => [l.typeCode, l.onHand])) }));
        }
        total += page.length;
        afterId = page[page.length - 1]!.id;
        if (page.length < BATCH) break;
      }
      await out.end();
      return total;
    },

    /** Reads a CSV or XLSX file and reports (dry run) or applies (all or nothing) what it changes. */
    async import(
      actor: StaffActor,
      data: Buffer,
      { dryRun, locale, fileName }: { dryRun: boolean; locale: TLocale; fileName?: string | undefined },
    ): Promise<TImportResult> {
      const sheet = await readSheet(data);
      const errors: TImportError[] = [];
      const fail = (row: number, column: string, key: string, params: Record<string, string | number> = {}) => {
        errors.push({ row, column, message: describe(key, params, locale) });
      };
      // The header row: known columns by position; unknown or repeated ones are errors of row 1.
      const columns: (SheetColumn | undefined)[] = [];
      const seen = new Set<string>();
      for (const header of sheet.headers) {
        const column = header ? columnOf(header) : undefined;
        if (header && !column) fail(1, header, 'importUnknownColumn', { column: header });
        if (column && seen.has(column.header)) fail(1, header, 'importDuplicateColumn', { column: header });
        columns.push(column && !seen.has(column.header) ? column : undefined);
        if (column) seen.add(column.header);
      }
      if (seen.size === 0) throw badRequest('importNoHeader');
      const idAt = columns.findIndex((c) => c?.header === 'id');
      const barcodeAt = columns.findIndex((c) => c?.header === 'barcode');
      const rows = sheet.rows.filter((r) => r.cells.some((c) => c !== null));

      // Which product each row names: its id, else its barcode; repeats within the file are errors.
      const cellText = (cells: Cell[], at: number) => (at < 0 || cells[at] === null || cells[at] === undefined ? '' : String(cells[at]).trim());
      const ids = new Map<number, number>();
      const barcodes = new Map<string, number>();
      const rowId = new Map<number, number>();
      for (const r of rows) {
        const idText = cellText(r.cells, idAt);
        const barcode = cellText(r.cells, barcodeAt);
        if (idText) {
          const id = Number(idText);
          if (!/^\d{1,15}$/.test(idText)) fail(r.row, 'id', 'v.integer');
          else if (ids.has(id)) fail(r.row, 'id', 'importDuplicateId', { value: idText, row: ids.get(id)! });
          else {
            ids.set(id, r.row);
            rowId.set(r.row, id);
          }
        }
        if (barcode) {
          if (barcodes.has(barcode)) fail(r.row, 'barcode', 'importDuplicateBarcode', { value: barcode, row: barcodes.get(barcode)! });
          else barcodes.set(barcode, r.row);
        }
      }
      const stored = new Map((await inBatches([...ids.keys()], 5_000, (b) => repo.byIds(b))).map((s) => [s.id, s]));
      const byBarcode = new Map<string, number[]>();
      const unmatched = rows
        .filter((r) => !cellText(r.cells, idAt))
        .map((r) => cellText(r.cells, barcodeAt))
        .filter(Boolean);
      for (const { id, barcode } of await inBatches(unmatched, 5_000, (b) => repo.idsByBarcodes(b)))
        byBarcode.set(barcode, [...(byBarcode.get(barcode) ?? []), id]);
      const missing = [...byBarcode.values()]
        .filter((v) => v.length === 1)
        .map((v) => v[0]!)
        .filter((id) => !stored.has(id));
      for (const s of await inBatches(missing, 5_000, (b) => repo.byIds(b))) stored.set(s.id, s);
      const levels = new Map<number, readonly { typeCode: string; onHand: number }[]>();
      if (seen.has('stock')) {
        for (const part of await inBatches([...stored.keys()], 5_000, async (b) => [...(await stock.levels(b)).entries()])) levels.set(part[0], part[1]);
      }

      const dict = await dictionary.get();
      const ctx: ReadContext = {
        dict,
        categories: new Map([...dict.categories.values()].map((c) => [c.slug, c.id])),
        suppliers: new Map([...dict.suppliers.values()].map((s) => [s.slug, s.id])),
      };
      // Stored descriptions are sanitized already: they pass through; others are sanitized once each.
      const sanitized = new Map<string, string>();
      for (const s of stored.values()) sanitized.set(s.descriptionZh, s.descriptionZh).set(s.descriptionEn, s.descriptionEn);
      const sanitize = (html: string) => {
        let clean = sanitized.get(html);
        if (clean === undefined) sanitized.set(html, (clean = sanitizeDescription(html)));
        return clean;
      };
      const creates: Planned[] = [];
      const updates: Planned[] = [];
      const changes: TImportChange[] = [];
      let unchanged = 0;
      for (const r of rows) {
        const idText = cellText(r.cells, idAt);
        let current: StoredItem | undefined;
        if (idText) {
          const id = rowId.get(r.row);
          if (id === undefined) continue;
          current = stored.get(id);
          if (!current) {
            fail(r.row, 'id', 'importUnknownId', { value: idText });
            continue;
          }
        } else {
          const barcode = cellText(r.cells, barcodeAt);
          const matches = barcode ? byBarcode.get(barcode) : undefined;
          if (matches && matches.length > 1) {
            fail(r.row, 'barcode', 'importBarcodeAmbiguous', { value: barcode });
            continue;
          }
          current = matches ? stored.get(matches[0]!) : undefined;
        }
        const input: Partial<TStaffItemInputRaw> = current ? inputOf(current) : {};
        const badColumns = new Set<string>();
        columns.forEach((column, i) => {
          if (!column?.read) return;
          try {
            column.read(r.cells[i] ?? null, input, ctx);
          } catch (err) {
            if (!(err instanceof CellError)) throw err;
            badColumns.add(column.header);
            fail(r.row, column.header, err.key, err.params);
          }
        });
        const parsed = ZStaffItemInput.safeParse(input);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const column = headerOfField(issue.path[0] as string | undefined);
            if (badColumns.has(column)) continue;
            badColumns.add(column);
            const params = { min: (issue as { minimum?: number }).minimum ?? 0, max: (issue as { maximum?: number }).maximum ?? '' } as Record<
              string,
              string | number
            >;
            fail(r.row, column, issue.message, params);
          }
          continue;
        }
        if (badColumns.size > 0) continue;
        const value: TStaffItemInput = parsed.data;
        // The search text is built from the names, types, category and brand: kept when none changed.
        const searchText =
          current &&
          current.nameZh === value.nameZh &&
          current.nameEn === value.nameEn &&
          current.categoryId === value.categoryId &&
          current.supplierId === value.supplierId &&
          same(current.types, value.types)
            ? current.searchText
            : undefined;
        const data = toRow(fromAdminInput(value), dict, { sanitize, searchText });
        if (!current) {
          creates.push({ row: r.row, id: null, data, stock: value.stock });
          if (changes.length < IMPORT_LIST_MAX) changes.push({ row: r.row, id: null, action: 'create', fields: [] });
          continue;
        }
        // The stored discount price stays when neither the price nor the percent changes.
        if (data.priceFen === current.priceFen && data.discountPercent === current.discountPercent) data.discountPriceFen = current.discountPriceFen;
        const fields = new Set<string>();
        for (const [key, header] of COMPARED) if (!same(data[key], current[key])) fields.add(header);
        let stockLines: Planned['stock'];
        if (value.stock) {
          const now = new Map((levels.get(current.id) ?? []).map((l) => [l.typeCode, l.onHand]));
          if (value.stock.some((l) => (now.get(l.typeCode) ?? 0) !== l.onHand)) {
            fields.add('stock');
            stockLines = value.stock;
          }
        }
        if (fields.size === 0) {
          unchanged++;
          continue;
        }
        updates.push({ row: r.row, id: current.id, data, stock: stockLines, current });
        if (changes.length < IMPORT_LIST_MAX) changes.push({ row: r.row, id: current.id, action: 'update', fields: [...fields] });
      }

      errors.sort((a, b) => a.row - b.row);
      const planned = { created: creates.length, updated: updates.length, unchanged };
      // What the answer says happened: a dry run and a refused apply wrote nothing (written: 0).
      const report = (status: TImportResult['status']): TImportResult => {
        const written = status === 'applied' ? { created: creates.length, updated: updates.length } : { created: 0, updated: 0 };
        return {
          status,
          dryRun,
          rows: rows.length,
          planned,
          written,
          errorCount: errors.length,
          errors: errors.slice(0, IMPORT_LIST_MAX),
          changes: changes.sort((a, b) => a.row - b.row),
        };
      };
      if (dryRun) return report('dryRun');
      if (errors.length > 0) return report('refused');
      if (creates.length === 0 && updates.length === 0) return report('applied');

      try {
        await repo.transaction(async (tx) => {
          const stockRows: { itemId: number; typeCode: string; onHand: number }[] = [];
          for (let i = 0; i < creates.length; i += BATCH) {
            const batch = creates.slice(i, i + BATCH);
            const created = await repo.insert(
              tx,
              batch.map((p) => p.data),
            );
            batch.forEach((p, k) => {
              p.id = created[k]!;
              for (const line of p.stock ?? []) stockRows.push({ itemId: p.id, ...line });
            });
          }
          const rowsChanged = updates.filter((p) => !(p.stock && COMPARED.every(([key]) => same(p.data[key], stored.get(p.id!)![key]))));
          for (let i = 0; i < rowsChanged.length; i += BATCH) {
            await repo.update(
              tx,
              rowsChanged.slice(i, i + BATCH).map((p) => ({ ...p.data, id: p.id! })),
            );
          }
          for (const p of updates) for (const line of p.stock ?? []) stockRows.push({ itemId: p.id!, ...line });
          if (stockRows.length > 0) await stock.setOnHandMany(stockRows, tx);
          // Every product created or changed is in the activity log like an edit (multi-row inserts), then the summary.
          const note = fileName ? `import: ${fileName}` : 'import';
          await audit.record(tx, actor, [
            ...importAudit(creates, updates, levels, note),
            {
              action: 'item.import',
              entity: 'item',
              entityId: 'import',
              after: { created: creates.length, updated: updates.length, unchanged, rows: rows.length, file: fileName ?? null },
            },
          ]);
        });
      } finally {
        changed();
      }
      return report('applied');
    },
  };
}
export type CatalogSheets = ReturnType<typeof createCatalogSheets>;
