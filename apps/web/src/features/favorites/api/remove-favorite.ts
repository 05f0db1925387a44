import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** DELETE /api/favorites/{itemId}. */
export async function removeFavorite(itemId: number): Promise<void> {
  await api.DELETE('/api/favorites/{itemId}', { params: { path: { itemId } }, silent: true });
}

/** Removes one; the favourites list and count refetch, and product lists (their heart flags) are marked stale. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: async () => {
      void refreshAfterWrite(queryClient, queryKeys.catalog.lists);
      void refreshAfterWrite(queryClient, queryKeys.catalog.products);
      await refreshAfterWrite(queryClient, queryKeys.favorites.all);
    },
  });
}
