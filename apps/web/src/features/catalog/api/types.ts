import type { TPager, TProduct, TProductDetail, TSupplier as TSharedSupplier } from '@cubeshop/shared';

/**
 * Catalogue shapes as the web reads them (docs/requirements.md, Data; the API contract is in
 * @cubeshop/shared, catalog/product.ts, and docs/catalog.md). Money is a number in major units
 * of the display currency (`currency`), 2 decimals: 129.5 means ¥129.50 or $129.50.
 * Only types are imported from shared here: the zod schemas stay out of the browser bundle.
 */
export type TId = number | string;
export type TProductSummary = TProduct;
export type { TProductDetail };
export type TSupplier = TSharedSupplier;

export interface TCategory {
  id: TId;
  slug?: string;
  parentId?: TId | null;
  name: string;
  children?: TCategory[];
}

/** A paged list: data plus a pager (docs/requirements.md, Data, Pagination). */
export interface TPage<T> {
  data: T[];
  pager: Pick<TPager, 'page' | 'recTotal'> & Partial<Pick<TPager, 'recPerPage' | 'recTotalCapped'>>;
}

export function thumbnailUrl(product: { id: TId; thumbnail?: string | null }): string {
  return product.thumbnail || `/api/items/${encodeURIComponent(String(product.id))}/thumbnail`;
}

export function imageUrl(product: { id: TId; image?: string | null }): string {
  return product.image || `/api/items/${encodeURIComponent(String(product.id))}/image`;
}

/** The 320 px thumbnail and the 800 px picture as a srcset: the browser takes what the screen needs. */
export function pictureSrcSet(product: { id: TId; thumbnail?: string | null; image?: string | null }): string {
  return `${thumbnailUrl(product)} 320w, ${imageUrl(product)} 800w`;
}

/** Lists may come bare or wrapped as {data}: read both. */
export function listOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)) return (value as { data: T[] }).data;
  return [];
}

export function pageOf<T>(value: unknown): TPage<T> {
  const data = listOf<T>(value);
  const pager = value && typeof value === 'object' ? (value as { pager?: Partial<TPage<T>['pager']> }).pager : undefined;
  return {
    data,
    pager: {
      page: pager?.page ?? 1,
      recTotal: pager?.recTotal ?? data.length,
      ...(pager?.recPerPage ? { recPerPage: pager.recPerPage } : {}),
      ...(pager?.recTotalCapped ? { recTotalCapped: true } : {}),
    },
  };
}
