import type { TPageQuery, TProduct, TProductList } from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import type { BuyerTermsOf, CatalogQuery, View } from '../catalog/catalog.module.js';
import type { FavoritesRepository } from './favorites.repository.js';

/** PostgreSQL foreign_key_violation: the item went away between the check and the insert. */
const FK_VIOLATION = '23503';

/** A signed-in buyer's favourites (docs/requirements.md, Data and States). Products come from the catalog service. */
export function createFavoritesService(
  repo: FavoritesRepository,
  catalog: Pick<CatalogQuery, 'exists' | 'productsByIds'>,
  /** The buyer's customer-group prices (the pricing module; docs/catalog.md, Prices). */
  buyerTermsOf?: BuyerTermsOf,
) {
  return {
    async list(userId: number, q: TPageQuery, view: View): Promise<TProductList> {
      const [ids, total] = await Promise.all([repo.page(userId, q.recPerPage, (q.page - 1) * q.recPerPage), repo.count(userId)]);
      const terms = buyerTermsOf && ids.length > 0 ? await buyerTermsOf(userId, ids) : null;
      const products = await catalog.productsByIds(ids, view, terms);
      return {
        data: products.map((p): TProduct => ({ ...p, favorite: true })),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total },
      };
    },

    /** Adds a favourite; adding one twice is fine. 404 for an unknown product. */
    async add(userId: number, itemId: number): Promise<void> {
      if (!(await catalog.exists(itemId))) throw notFound('itemNotFound');
      try {
        await repo.add(userId, itemId);
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (code === FK_VIOLATION) throw notFound('itemNotFound');
        throw err;
      }
    },

    /** Removes a favourite; removing one that is not there is fine. */
    async remove(userId: number, itemId: number): Promise<void> {
      await repo.remove(userId, itemId);
    },

    /** The favourited ones among these items (one query), for the flag on catalog lists and details. */
    async idsAmong(userId: number, itemIds: number[]): Promise<Set<number>> {
      return new Set(await repo.idsAmong(userId, itemIds));
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
