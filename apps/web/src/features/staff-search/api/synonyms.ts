import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSynonymGroup, TSynonymKind, TSynonymList } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/search/synonyms: every group, oldest first. */
export function useSynonyms() {
  return useQuery({
    queryKey: queryKeys.admin.synonyms(),
    queryFn: ({ signal }): Promise<TSynonymList> => api.GET('/api/admin/search/synonyms', { silent: true, signal }),
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

/** POST (no id) or PUT /api/admin/search/synonyms/{id} with the words and the kind; DELETE with `words` null. The list loads again after each. */
export function useSynonymChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, words, kind }: { id: number | null; words: string[] | null; kind?: TSynonymKind }): Promise<TSynonymGroup | null> =>
      words === null
        ? api.DELETE('/api/admin/search/synonyms/{id}', { params: { path: { id: id ?? 0 } }, silent: true }).then(() => null)
        : id === null
          ? api.POST('/api/admin/search/synonyms', { body: { words, kind }, silent: true })
          : api.PUT('/api/admin/search/synonyms/{id}', { params: { path: { id } }, body: { words, kind }, silent: true }),
    onSuccess: () => void refreshAfterWrite(client, queryKeys.admin.synonyms()),
  });
}
