import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** DELETE /api/favorites/{itemId}; a 200 with a non-JSON body counts as success (docs/requirements.md, API). */
export async function removeFavorite(itemId: number): Promise<void> {
  await api.delete(`/api/favorites/${encodeURIComponent(String(itemId))}`, { silent: true, allowNonJson: true });
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
