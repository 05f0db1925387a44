import type { TCategory, TProduct, TProductDetail, TProductList, TSupplier } from '@cubeshop/shared';
import { apiPath } from '@/lib/api';

/**
 * Catalogue shapes as the web reads them (docs/requirements.md, Data; the API contract is in
 * @cubeshop/shared, catalog/product.ts, and docs/catalog.md). Money is a number in major units
 * of the display currency (`currency`), 2 decimals: 129.5 means ¥129.50 or $129.50.
 * Only types are imported from shared here: the zod schemas stay out of the browser bundle.
 */
export type TProductSummary = TProduct;
export type { TCategory, TProductDetail, TProductList, TSupplier };

export function thumbnailUrl(product: { id: number; thumbnail?: string | null }): string {
  return product.thumbnail || apiPath('/api/items/{id}/thumbnail', { params: { path: { id: product.id } } });
}

export function imageUrl(product: { id: number; image?: string | null }): string {
  return product.image || apiPath('/api/items/{id}/image', { params: { path: { id: product.id } } });
}

/** The 320 px thumbnail and the 800 px picture as a srcset: the browser takes what the screen needs. */
export function pictureSrcSet(product: { id: number; thumbnail?: string | null; image?: string | null }): string {
  return `${thumbnailUrl(product)} 320w, ${imageUrl(product)} 800w`;
}
