import type { QueryClient } from '@tanstack/react-query';
import type { TFavoriteResult } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { TProductList, TProductSummary } from './types';
import { refreshAfterWrite } from '@/lib/query-client';

/** POST /api/favorites {itemId} (login required). Silent: a failure shows an alert (docs/requirements.md, Errors). */
export function addFavorite(itemId: number): Promise<TFavoriteResult> {
  return api.POST('/api/favorites', { body: { itemId }, silent: true });
}

/** DELETE /api/favorites/{itemId}. */
export function removeFavorite(itemId: number): Promise<TFavoriteResult> {
  return api.DELETE('/api/favorites/{itemId}', { params: { path: { itemId } }, silent: true });
}

type Cached = TProductList | TProductSummary[] | TProductSummary | undefined;

function flagIn(value: Cached, itemId: number, favorite: boolean): Cached {
  if (!value) return value;
  const set = (p: TProductSummary) => (p.id === itemId && p.favorite !== favorite ? { ...p, favorite } : p);
  if (Array.isArray(value)) return value.map(set);
  if ('data' in value && Array.isArray(value.data)) return { ...value, data: value.data.map(set) };
  if ('id' in value) return set(value);
  return value;
}

/**
 * After a change: the card flag everywhere it is cached (lists, carousel, detail), and the
 * favourites list and count (owned by features/favorites) refetch.
 */
export function applyFavorite(queryClient: QueryClient, itemId: number, favorite: boolean): void {
  queryClient.setQueriesData<Cached>({ queryKey: queryKeys.catalog.lists }, (old) => flagIn(old, itemId, favorite));
  queryClient.setQueriesData<Cached>({ queryKey: queryKeys.catalog.products }, (old) => flagIn(old, itemId, favorite));
  void refreshAfterWrite(queryClient, queryKeys.favorites.all);
}

/** Sets or clears the favourite of one product on the server. */
export function setFavorite(itemId: number, favorite: boolean): Promise<TFavoriteResult> {
  return favorite ? addFavorite(itemId) : removeFavorite(itemId);
}
