import {
  ITEM_IMAGES_MAX,
  shopPriceFen,
  volumeOfWeightCm3,
  type TStaffItem,
  type TStaffItemInput,
  type TStaffItemList,
  type TStaffItemQuery,
  type TStaffItemRow,
  type TStaffItemStored,
  type TStockStatus,
} from '@cubeshop/shared';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { auditDiff, type AuditService, type StaffActor } from '../../audit/audit.service.js';
import { stockStatusOf, type StockLine, type StockService } from '../../stock/stock.service.js';
import { fromAdminInput, toRow } from './catalog.writes.js';
import type { StaffItemRow, StaffListRow, CatalogStaffRepository } from './catalog.staff.repository.js';
import type { CategoryDictionary, Dictionary } from '../cache/catalog.dictionary.js';
import { imageContentType, type ImageStorage } from '../images/catalog.images.storage.js';
import { imageVersionTag, productImageUrls } from '../query/catalog.mapper.js';
import { parseKeyword } from '../search/catalog.search.text.js';
import { encodeProductPicture, uploadKey } from '../images/catalog.images.uploads.js';

/**
 * The back office's products (docs/catalog.md, Back office): the staff list, one product with
 * every editable field, create, edit, archive and restore (never a hard delete: orders keep
 * their snapshots), and uploaded pictures. Every change runs in one transaction with its stock
 * lines (stock module) and its audit entry, then empties the catalog's caches.
 */

export interface CatalogItemsStaffDeps {
  repo: CatalogStaffRepository;
  dictionary: CategoryDictionary;
  audit: Pick<AuditService, 'record'>;
  stock: Pick<StockService, 'levels' | 'setOnHand'>;
  /** Where uploaded photos are kept. */
  uploads: ImageStorage;
  /** After a write of these products: the catalog's caches, on every instance (through the cluster events when set up). */
  changed: (itemIds: readonly number[]) => void;
}

/** Generated views a product without uploads shows (3D view, flat face, retail box). */
const GENERATED_VIEWS = 3;
/** How many matches the stock-state filter of the staff list looks at. */
const STOCK_FILTER_CAP = 20_000;
const yuan = (fen: number) => Math.round(fen) / 100;

/** The editable fields of a stored product, as staff type them (yuan): the form's values and the audit's before/after. */
export function editableOf(row: StaffItemRow): TStaffItemStored {
  return {
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    descriptionZh: row.descriptionZh,
    descriptionEn: row.descriptionEn,
    types: row.types,
    hot: row.hot,
    categoryId: row.categoryId,
    supplierId: row.supplierId,
    barcode: row.barcode,
    price: yuan(row.priceFen),
    discountPercent: row.discountPercent,
    priceTiers: row.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: yuan(t.priceFen) })),
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    nwG: row.nwG,
    gwG: row.gwG,
    volumeCm3: row.volumeCm3,
    dimension: row.dimension,
    pkgZh: row.pkgZh,
    pkgEn: row.pkgEn,
    carton: row.carton,
    // The carton's volume is kept as its volumetric weight.
    cartonVolumeCm3: row.totalVolumeWeightG === null ? null : volumeOfWeightCm3(row.totalVolumeWeightG),
    pcs: row.pcs,
    unitNwDesc: row.unitNwDesc,
    unitGwDesc: row.unitGwDesc,
    unitVolumeDesc: row.unitVolumeDesc,
    unitVolumeWeightDesc: row.unitVolumeWeightDesc,
    commentZh: row.commentZh,
    commentEn: row.commentEn,
    preorder: row.preorder,
    lowStockAt: row.lowStockAt,
  };
}

const available = (l: StockLine) => Math.max(0, l.onHand - l.reserved);

export function createCatalogItemsStaff({ repo, dictionary, audit, stock, uploads, changed }: CatalogItemsStaffDeps) {
  /**
   * The references and the barcode of an input: 400 naming the field. The dictionary is read
   * before the transaction (its loader uses the pool, which a single-connection database holds).
   */
  async function checkInput(tx: Db, dict: Dictionary, input: TStaffItemInput, id: number | undefined) {
    if (!dict.categories.has(input.categoryId)) throw badRequest('categoryNotFound', {}, { field: 'categoryId', rule: 'exists' });
    if (!dict.suppliers.has(input.supplierId)) throw badRequest('brandNotFound', {}, { field: 'supplierId', rule: 'exists' });
    if (input.barcode) {
      const owner = await repo.barcodeOwner(tx, input.barcode, id);
      if (owner !== undefined) throw badRequest('barcodeTaken', { barcode: input.barcode, id: owner }, { field: 'barcode', rule: 'unique' });
    }
  }

  async function itemOf(id: number, tx?: Db): Promise<TStaffItem> {
    const row = await repo.findItem(id, tx);
    if (!row) throw notFound('itemNotFound');
    const [levels, images] = await Promise.all([stock.levels([id], tx), repo.imagesOf(id, tx)]);
    const lines = levels.get(id);
    const v = imageVersionTag(row.imageVersion);
    return {
      ...editableOf(row),
      id: row.id,
      discountPrice: yuan(shopPriceFen(row)),
      volumeWeightG: row.volumeWeightG,
      totalVolumeWeightG: row.totalVolumeWeightG,
      stock: (lines ?? []).map((l) => ({ typeCode: l.typeCode, onHand: l.onHand, reserved: l.reserved, available: available(l) })),
      stockStatus: stockStatusOf(row, lines),
      images: images.map((img, i) => ({
        id: img.id,
        image: i === 0 ? `/api/items/${id}/image?v=${v}` : `/api/items/${id}/images/${i}?v=${v}`,
        thumbnail: i === 0 ? `/api/items/${id}/thumbnail?v=${v}` : `/api/items/${id}/images/${i}/thumbnail?v=${v}`,
      })),
      archivedTime: row.archivedAt?.toISOString() ?? null,
      createdTime: row.createdAt.toISOString(),
      lastUpdatedTime: row.updatedAt.toISOString(),
    };
  }

  /** Stock lines of the input, for the types the product has now. */
  async function writeStock(tx: Db, id: number, input: TStaffItemInput): Promise<void> {
    if (input.stock && input.stock.length > 0) await stock.setOnHand(id, input.stock, tx);
  }

  /** A change to the pictures: count and version follow, so the storefront's URLs change. */
  async function afterImages(tx: Db, id: number): Promise<number> {
    const count = (await repo.imagesOf(id, tx)).length;
    await repo.setImageState(tx, id, count > 0 ? count : GENERATED_VIEWS);
    return count;
  }

  const service = {
    /**
     * The staff search box: the newest-changed `limit` products the text finds as the list's
     * keyword does (archived too), and whether there are more; no count, no stock.
     */
    async find(text: string, limit: number): Promise<{ rows: StaffListRow[]; more: boolean }> {
      const rows = await repo.findItems({ search: parseKeyword(text), barcode: text.trim() || undefined, archived: 'all' }, limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    async list(q: TStaffItemQuery): Promise<TStaffItemList> {
      let categoryIds: number[] | undefined;
      if (q.categoryId !== undefined) {
        categoryIds = (await dictionary.get()).descendants.get(q.categoryId);
        if (!categoryIds) throw notFound('categoryNotFound');
      }
      const filter = { search: parseKeyword(q.keyword), barcode: q.keyword?.trim() || undefined, categoryIds, supplierId: q.supplierId, archived: q.archived };
      const sort = { field: q.sortBy, order: q.order ?? (q.sortBy === 'basePrice' ? 'asc' : 'desc') } as const;
      const offset = (q.page - 1) * q.recPerPage;
      let rows: StaffListRow[];
      let total: number;
      if (q.stockStatus) {
        // The state comes from the stock module: the first STOCK_FILTER_CAP matches are checked.
        const candidates = await repo.listCandidates(filter, sort, STOCK_FILTER_CAP);
        const lines = await stock.levels(candidates.map((c) => c.id));
        const matching = candidates.filter((c) => stockStatusOf(c, lines.get(c.id)) === q.stockStatus).map((c) => c.id);
        const pageIds = matching.slice(offset, offset + q.recPerPage);
        const byId = new Map((await repo.listByIds(pageIds)).map((r) => [r.id, r]));
        rows = pageIds.map((id) => byId.get(id)).filter((r): r is StaffListRow => r !== undefined);
        total = matching.length;
      } else {
        ({ rows, total } = await repo.listItems(filter, sort, q.recPerPage, offset));
      }
      const levels = await stock.levels(rows.map((r) => r.id));
      const data: TStaffItemRow[] = rows.map((r) => {
        const lines = levels.get(r.id);
        const status: TStockStatus = stockStatusOf(r, lines);
        return {
          id: r.id,
          nameZh: r.nameZh,
          nameEn: r.nameEn,
          barcode: r.barcode,
          categoryId: r.categoryId,
          supplierId: r.supplierId,
          price: yuan(r.priceFen),
          discountPercent: r.discountPercent,
          tiers: r.priceTiers.length,
          onHand: (lines ?? []).reduce((s, l) => s + l.onHand, 0),
          reserved: (lines ?? []).reduce((s, l) => s + l.reserved, 0),
          stockStatus: status,
          thumbnail: productImageUrls(r.id, r.imageVersion).thumbnail,
          archived: r.archivedAt !== null,
          lastUpdatedTime: r.updatedAt.toISOString(),
        };
      });
      return { data, pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },

    get: (id: number) => itemOf(id),

    async create(actor: StaffActor, input: TStaffItemInput): Promise<TStaffItem> {
      const dict = await dictionary.get();
      const id = await repo.transaction(async (tx) => {
        await checkInput(tx, dict, input, undefined);
        const row = toRow({ ...fromAdminInput(input), imageCount: GENERATED_VIEWS }, dict);
        const created = await repo.insertItem(tx, row);
        await writeStock(tx, created, input);
        const stored = await repo.findItem(created, tx);
        await audit.record(tx, actor, [
          { action: 'item.create', entity: 'item', entityId: created, after: { ...editableOf(stored!), stock: input.stock ?? [] } },
        ]);
        return created;
      });
      changed([id]);
      return itemOf(id);
    },

    async update(actor: StaffActor, id: number, input: TStaffItemInput): Promise<TStaffItem> {
      const dict = await dictionary.get();
      await repo.transaction(async (tx) => {
        const before = await repo.lockItem(tx, id);
        if (!before) throw notFound('itemNotFound');
        await checkInput(tx, dict, input, id);
        const { createdAt: _c, imageCount: _n, imageVersion: _v, ...row } = toRow(fromAdminInput(input), dict);
        await repo.updateItem(tx, id, { ...row, updatedAt: new Date() });
        const stockBefore = (await stock.levels([id], tx)).get(id) ?? [];
        await writeStock(tx, id, input);
        const after = await repo.findItem(id, tx);
        const change = auditDiff(editableOf(before), editableOf(after!));
        if (input.stock && input.stock.length > 0) {
          const onHand = (lines: readonly { typeCode: string; onHand: number }[]) => Object.fromEntries(lines.map((l) => [l.typeCode, l.onHand]));
          const was = onHand(stockBefore);
          const now = { ...was, ...onHand(input.stock) };
          if (JSON.stringify(was) !== JSON.stringify(now)) {
            change.before.stock = was;
            change.after.stock = now;
          }
        }
        if (Object.keys(change.after).length > 0) await audit.record(tx, actor, [{ action: 'item.update', entity: 'item', entityId: id, ...change }]);
      });
      changed([id]);
      return itemOf(id);
    },

    /** Archive (gone from the storefront, kept for orders and staff) or restore. Repeating changes nothing. */
    async setArchived(actor: StaffActor, id: number, archived: boolean): Promise<TStaffItem> {
      await repo.transaction(async (tx) => {
        const row = await repo.lockItem(tx, id);
        if (!row) throw notFound('itemNotFound');
        if ((row.archivedAt !== null) === archived) return;
        const at = archived ? new Date() : null;
        await repo.updateItem(tx, id, { archivedAt: at, updatedAt: new Date() });
        await audit.record(tx, actor, [
          {
            action: archived ? 'item.archive' : 'item.restore',
            entity: 'item',
            entityId: id,
            before: { archivedTime: row.archivedAt?.toISOString() ?? null },
            after: { archivedTime: at?.toISOString() ?? null },
          },
        ]);
      });
      changed([id]);
      return itemOf(id);
    },

    /** Adds an uploaded picture (checked and re-encoded first; a bad file stores nothing). */
    async addImage(actor: StaffActor, id: number, load: () => Promise<Buffer>): Promise<TStaffItem> {
      if (!(await repo.findItem(id))) throw notFound('itemNotFound');
      if ((await repo.imagesOf(id)).length >= ITEM_IMAGES_MAX) throw badRequest('imagesFull', { max: ITEM_IMAGES_MAX }, { field: 'file', rule: 'count' });
      const picture = await encodeProductPicture(await load());
      await repo.transaction(async (tx) => {
        if (!(await repo.lockItem(tx, id))) throw notFound('itemNotFound');
        const existing = await repo.imagesOf(id, tx);
        if (existing.length >= ITEM_IMAGES_MAX) throw badRequest('imagesFull', { max: ITEM_IMAGES_MAX }, { field: 'file', rule: 'count' });
        const imageId = await repo.insertImage(tx, { itemId: id, position: existing.length, width: picture.width, height: picture.height });
        // Stored before the commit: once the row is visible, its files are there.
        for (const f of picture.files) await uploads.put(uploadKey(imageId, f.size, f.format), f.bytes, imageContentType(f.format));
        await afterImages(tx, id);
        await audit.record(tx, actor, [
          {
            action: 'item.images',
            entity: 'item',
            entityId: id,
            before: { images: existing.map((i) => i.id) },
            after: { images: [...existing.map((i) => i.id), imageId] },
            note: 'upload',
          },
        ]);
      });
      changed([id]);
      return itemOf(id);
    },

    /** Puts the uploaded pictures in this order (the first is the main one); `ids` must be all of them. */
    async orderImages(actor: StaffActor, id: number, ids: readonly number[]): Promise<TStaffItem> {
      await repo.transaction(async (tx) => {
        if (!(await repo.lockItem(tx, id))) throw notFound('itemNotFound');
        const existing = (await repo.imagesOf(id, tx)).map((i) => i.id);
        const same = existing.length === ids.length && new Set(ids).size === ids.length && ids.every((i) => existing.includes(i));
        if (!same) throw badRequest('imageOrderMismatch', {}, { field: 'ids', rule: 'images' });
        if (existing.every((v, i) => v === ids[i])) return;
        await repo.orderImages(tx, id, ids);
        await afterImages(tx, id);
        await audit.record(tx, actor, [
          { action: 'item.images', entity: 'item', entityId: id, before: { images: existing }, after: { images: [...ids] }, note: 'order' },
        ]);
      });
      changed([id]);
      return itemOf(id);
    },

    /** Removes an uploaded picture; with none left, the generated pictures show again. */
    async deleteImage(actor: StaffActor, id: number, imageId: number): Promise<TStaffItem> {
      await repo.transaction(async (tx) => {
        if (!(await repo.lockItem(tx, id))) throw notFound('itemNotFound');
        const existing = (await repo.imagesOf(id, tx)).map((i) => i.id);
        if (!existing.includes(imageId)) throw notFound('imageNotFound');
        await repo.deleteImage(tx, id, imageId);
        const left = existing.filter((i) => i !== imageId);
        await repo.orderImages(tx, id, left);
        await afterImages(tx, id);
        await audit.record(tx, actor, [
          { action: 'item.images', entity: 'item', entityId: id, before: { images: existing }, after: { images: left }, note: 'delete' },
        ]);
      });
      changed([id]);
      return itemOf(id);
    },
  };
  return service;
}
export type CatalogItemsStaff = ReturnType<typeof createCatalogItemsStaff>;
