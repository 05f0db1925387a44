import { volumeOfWeightCm3, type TStaffItemInputRaw } from '@cubeshop/shared';
import { auditDiff, type AuditChange } from '../../audit/audit.service.js';
import type { NewItemRow } from '../catalog.repository.js';
import type { StoredItem } from './catalog.sheet.repository.js';

// The spreadsheet import's view of a product (catalog.import.ts): a stored product as the form's
// input, and the audit entries an applied import writes (docs/catalog.md, Spreadsheets).

/** A row the import plans to write: a new product (id null until inserted) or a change. */
export interface Planned {
  row: number;
  id: number | null;
  data: NewItemRow;
  stock: { typeCode: string; onHand: number }[] | undefined;
  /** The stored product an update changes (its audit entry's before). */
  current?: StoredItem;
}

/** What `inputOf` reads of a product: a stored one, or the row an import writes (toRow sets every one of these). */
type ItemFields = Omit<StoredItem, 'id' | 'discountPriceFen' | 'volumeWeightG' | 'searchText'>;

/**
 * A stored product as the form's input: the base a row's columns are laid over (a column left out
 * keeps its value). The same fields, in yuan, are what the product editor audits (editableOf), so
 * an import's audit entries read like the editor's.
 */
export function inputOf(item: ItemFields): TStaffItemInputRaw {
  return {
    nameZh: item.nameZh,
    nameEn: item.nameEn,
    descriptionZh: item.descriptionZh,
    descriptionEn: item.descriptionEn,
    types: item.types,
    hot: item.hot,
    categoryId: item.categoryId,
    supplierId: item.supplierId,
    barcode: item.barcode,
    price: item.priceFen / 100,
    discountPercent: item.discountPercent,
    priceTiers: item.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: t.priceFen / 100 })),
    moq: item.moq,
    orderMultiple: item.orderMultiple,
    nwG: item.nwG,
    gwG: item.gwG,
    volumeCm3: item.volumeCm3,
    dimension: item.dimension,
    pkgZh: item.pkgZh,
    pkgEn: item.pkgEn,
    carton: item.carton,
    cartonVolumeCm3: item.totalVolumeWeightG === null ? null : volumeOfWeightCm3(item.totalVolumeWeightG),
    pcs: item.pcs,
    unitNwDesc: item.unitNwDesc,
    unitGwDesc: item.unitGwDesc,
    unitVolumeDesc: item.unitVolumeDesc,
    unitVolumeWeightDesc: item.unitVolumeWeightDesc,
    commentZh: item.commentZh,
    commentEn: item.commentEn,
    preorder: item.preorder,
    lowStockAt: item.lowStockAt,
  };
}

const onHandOf = (lines: readonly { typeCode: string; onHand: number }[]) => Object.fromEntries(lines.map((l) => [l.typeCode, l.onHand]));

/**
 * The audit entries of an applied import: one per product, as the product editor writes them
 * (item.create with what it was created with and its stock; item.update with the fields that
 * changed before and after, and the stock that changed), noted with the file's name.
 */
export function importAudit(
  creates: readonly Planned[],
  updates: readonly Planned[],
  levels: ReadonlyMap<number, readonly { typeCode: string; onHand: number }[]>,
  note: string,
): AuditChange[] {
  const entries: AuditChange[] = [];
  for (const p of creates)
    entries.push({ action: 'item.create', entity: 'item', entityId: p.id!, after: { ...inputOf(p.data as ItemFields), stock: p.stock ?? [] }, note });
  for (const p of updates) {
    const change = auditDiff(inputOf(p.current!), inputOf(p.data as ItemFields));
    if (p.stock) {
      const was = onHandOf(levels.get(p.id!) ?? []);
      change.before.stock = was;
      change.after.stock = { ...was, ...onHandOf(p.stock) };
    }
    entries.push({ action: 'item.update', entity: 'item', entityId: p.id!, ...change, note });
  }
  return entries;
}
