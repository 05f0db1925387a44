import type { TCurrency } from '@cubeshop/shared';

/** Catalogue shapes as the web reads them (spec section 3). Ids may be numbers or strings. */
export type TId = number | string;

export interface TCategory {
  id: TId;
  slug?: string;
  parentId?: TId | null;
  name: string;
  children?: TCategory[];
}

export interface TSupplier {
  id: TId;
  name: string;
}

/**
 * The fields a product card uses. Money is a number in major units of the display currency
 * (x-price-type), 2 decimals: 129.5 means ¥129.50 or $129.50 (the catalog contract in
 * @cubeshop/shared, catalog/product.ts). Image URLs come with the product when the API sends
 * them; otherwise the spec's /api/items/{id}/thumbnail and /image paths are used.
 */
export interface TProductSummary {
  id: TId;
  name: string;
  labels?: string[];
  currency?: TCurrency;
  price: number;
  discountPrice?: number | null;
  discountPercent?: number | null;
  supplier?: TSupplier | string | null;
  image?: string;
  thumbnail?: string;
}

/** Major units (129.5) to minor units (12950) for formatMoney. */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function supplierName(supplier: TProductSummary['supplier']): string {
  if (!supplier) return '';
  return typeof supplier === 'string' ? supplier : supplier.name;
}

export function thumbnailUrl(product: Pick<TProductSummary, 'id' | 'thumbnail'>): string {
  return product.thumbnail ?? `/api/items/${encodeURIComponent(String(product.id))}/thumbnail`;
}

export function imageUrl(product: Pick<TProductSummary, 'id' | 'image'>): string {
  return product.image ?? `/api/items/${encodeURIComponent(String(product.id))}/image`;
}

/** A paged list: data plus a pager (spec section 3, Pagination). */
export interface TPage<T> {
  data: T[];
  pager: { page: number; recTotal: number; recPerPage?: number };
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
  return { data, pager: { page: pager?.page ?? 1, recTotal: pager?.recTotal ?? data.length, ...(pager?.recPerPage ? { recPerPage: pager.recPerPage } : {}) } };
}
