import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSynonymGroup, TSynonymList } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/search/synonyms: every group, oldest first. */
export function useSynonyms() {
  return useQuery({
    queryKey: queryKeys.admin.synonyms(),
    queryFn: ({ signal }) => api.get<TSynonymList>('/api/admin/search/synonyms', { silent: true, signal }),
  });
}

/**
 * The words of a group as staff type them: separated by commas (either script's), 、, ; or new
 * lines; spaces inside a word stay ("square 1"). Empty pieces are dropped.
 */
export function wordsOf(text: string): string[] {
  return text
    .split(/[,，、;；\n]+/u)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** POST (no id) or PUT /api/admin/search/synonyms/{id}; DELETE with `words` null. The list loads again after each. */
export function useSynonymChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, words }: { id: number | null; words: string[] | null }): Promise<TSynonymGroup | null> =>
      words === null
        ? api.delete(`/api/admin/search/synonyms/${id}`, { silent: true }).then(() => null)
        : id === null
          ? api.post<TSynonymGroup>('/api/admin/search/synonyms', { words }, { silent: true })
          : api.put<TSynonymGroup>(`/api/admin/search/synonyms/${id}`, { words }, { silent: true }),
    onSuccess: () => void refreshAfterWrite(client, queryKeys.admin.synonyms()),
  });
}
