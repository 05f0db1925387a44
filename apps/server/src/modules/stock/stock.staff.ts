import {
  minValidQuantity,
  type TStaffItemList,
  type TStaffItemQuery,
  type TStockLevels,
  type TStockSheet,
  type TStockSheetQuery,
  type TStockSummary,
} from '@cubeshop/shared';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { StockRepository } from './stock.repository.js';
import { stockStatusOf, styleStatusOf, type StockLine } from './stock.service.js';

/** What stock needs to know of a product (the catalog's pricing view). */
export interface StockItem {
  types: readonly { code: string; zh: string; en: string }[];
  preorder: boolean;
  lowStockAt: number;
  /** The smallest quantity one may order (a type with fewer pieces cannot be bought). */
  moq: number;
  orderMultiple: number | null;
}

export interface StockStaffDeps {
  audit: Pick<AuditService, 'record'>;
  /** Products by id (absent: no such product). */
  items: (ids: number[]) => Promise<Map<number, StockItem>>;
  /** The staff product list (the catalog): the stock screen finds products as it does. */
  products: (query: TStaffItemQuery) => Promise<TStaffItemList>;
  /** Products on sale, all or among ids (the catalog). */
  countOnSale: (ids?: readonly number[]) => Promise<number>;
  /** A product's stock was changed by staff: cached pages show its new state at once, on every instance. */
  changed: (itemId: number) => void;
  /** How long the public summary is reused (ms, default 60 s). */
  summaryTtlMs?: number | undefined;
  now?: () => number;
}

const toLevels = (itemId: number, item: StockItem, rows: readonly StockLine[]): TStockLevels => ({
  itemId,
  tracked: rows.length > 0,
  stockStatus: stockStatusOf(item, rows.length > 0 ? rows : undefined),
  lines: rows.map((l) => ({ typeCode: l.typeCode, onHand: l.onHand, reserved: l.reserved, available: Math.max(l.onHand - l.reserved, 0) })),
});

/**
 * Staff stock changes (PUT /api/admin/items/{id}/stock, capability stock.manage: owner, catalog,
 * warehouse), audited as stock.adjust with before and after in the same transaction, and the
 * public summary behind the pages' "N+ SKUs in stock" (docs/catalog.md, Stock).
 */
export function createStockStaff(repo: StockRepository, deps: StockStaffDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.summaryTtlMs ?? 60_000;
  let summary: { at: number; value: Promise<TStockSummary> } | undefined;

  async function itemOf(id: number): Promise<StockItem> {
    const item = (await deps.items([id])).get(id);
    if (!item) throw notFound('itemNotFound');
    return item;
  }

  return {
    async levels(itemId: number): Promise<TStockLevels> {
      const item = await itemOf(itemId);
      return toLevels(itemId, item, await repo.lines([itemId]));
    },

    /** Sets pieces on hand per type; a type the product does not have is refused (400). Reserved never changes here. */
    async adjust(actor: StaffActor, itemId: number, lines: readonly { typeCode: string; onHand: number }[], reason?: string): Promise<TStockLevels> {
      const item = await itemOf(itemId);
      const codes = item.types.length > 0 ? new Set(item.types.map((t) => t.code)) : new Set(['']);
      for (const l of lines) if (!codes.has(l.typeCode)) throw badRequest('typeUnknown', { type: l.typeCode || '-' }, { field: 'typeCode' });
      const unique = new Map(lines.map((l) => [l.typeCode, l.onHand]));
      const after = await repo.transaction(async (tx) => {
        const before = await repo.linesForUpdate(tx, itemId);
        await repo.upsertOnHand(
          [...unique].map(([typeCode, onHand]) => ({ itemId, typeCode, onHand })),
          tx,
        );
        const now = await repo.linesForUpdate(tx, itemId);
        const pick = (rows: readonly StockLine[]) => Object.fromEntries(rows.map((r) => [r.typeCode, { onHand: r.onHand, reserved: r.reserved }]));
        await deps.audit.record(tx, actor, [
          { action: 'stock.adjust', entity: 'item', entityId: itemId, before: pick(before), after: pick(now), note: reason || null },
        ]);
        return now;
      });
      summary = undefined;
      deps.changed(itemId);
      return toLevels(itemId, item, after);
    },

    /**
     * The stock screen (GET /api/admin/stock): a page of products on sale, found and filtered by
     * state as the staff product list does, each with every style's pieces on hand, reserved and
     * available and its own state; a style of a tracked product without a row has none.
     */
    async sheet(q: TStockSheetQuery): Promise<TStockSheet> {
      const list = await deps.products({
        keyword: q.keyword,
        stockStatus: q.stockStatus,
        archived: 'false',
        sortBy: 'lastUpdatedTime',
        page: q.page,
        recPerPage: q.recPerPage,
      });
      const ids = list.data.map((r) => r.id);
      const [items, rows] = await Promise.all([deps.items(ids), repo.lines(ids)]);
      const linesOf = new Map<number, StockLine[]>();
      for (const r of rows) linesOf.set(r.itemId, [...(linesOf.get(r.itemId) ?? []), r]);
      const data = list.data.flatMap((row) => {
        const item = items.get(row.id);
        if (!item) return [];
        const lines = linesOf.get(row.id);
        const least = minValidQuantity(item);
        const styles = (item.types.length > 0 ? item.types : [{ code: '', zh: '', en: '' }]).map((type) => {
          const line = lines?.find((l) => l.typeCode === type.code);
          const onHand = line?.onHand ?? 0;
          const reserved = line?.reserved ?? 0;
          const available = Math.max(onHand - reserved, 0);
          return {
            code: type.code,
            zh: type.zh,
            en: type.en,
            onHand,
            reserved,
            available,
            stockStatus: styleStatusOf(item, lines ? available : undefined, least),
          };
        });
        return [
          {
            id: row.id,
            nameZh: row.nameZh,
            nameEn: row.nameEn,
            barcode: row.barcode,
            thumbnail: row.thumbnail,
            tracked: lines !== undefined,
            lowStockAt: item.lowStockAt,
            stockStatus: row.stockStatus,
            styles,
          },
        ];
      });
      return { data, pager: list.pager };
    },

    /** Products on sale with at least one piece available, or not tracked (no limit); reused for a minute. */
    summary(): Promise<TStockSummary> {
      if (!summary || now() - summary.at > ttl) {
        const value = (async () => {
          const [onSale, without] = await Promise.all([deps.countOnSale(), repo.idsWithoutPieces()]);
          const gone = await deps.countOnSale(without);
          return { productsInStock: Math.max(onSale - gone, 0) };
        })();
        summary = { at: now(), value };
        value.catch(() => {
          if (summary?.value === value) summary = undefined;
        });
      }
      return summary.value;
    },
  };
}
export type StockStaff = ReturnType<typeof createStockStaff>;
