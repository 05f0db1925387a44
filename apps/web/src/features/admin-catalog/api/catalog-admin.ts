import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminBrand,
  TAdminBrandList,
  TAdminCategory,
  TAdminCategoryList,
  TAdminItem,
  TAdminItemInput,
  TAdminItemList,
} from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';

// The catalog back office's API (docs/catalog.md, Back office). Keys live under ['admin', 'catalog', ...].
export const catalogKeys = {
  all: ['admin', 'catalog'] as const,
  items: (search: string) => ['admin', 'catalog', 'items', search] as const,
  item: (id: number) => ['admin', 'catalog', 'item', id] as const,
  categories: () => ['admin', 'catalog', 'categories'] as const,
  brands: () => ['admin', 'catalog', 'brands'] as const,
};

/** GET /api/admin/items?<filters>: `search` is the URL's query string. */
export function useAdminItems(search: string) {
  return useQuery({
    queryKey: catalogKeys.items(search),
    queryFn: ({ signal }) => api.get<TAdminItemList>(`/api/admin/items${search ? `?${search}` : ''}`, { silent: true, signal }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useAdminItem(id: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.item(id ?? 0),
    queryFn: ({ signal }) => api.get<TAdminItem>(`/api/admin/items/${id}`, { silent: true, signal }),
    enabled: id !== undefined,
    staleTime: 5_000,
  });
}

export function useAdminCategories() {
  return useQuery({ queryKey: catalogKeys.categories(), queryFn: ({ signal }) => api.get<TAdminCategoryList>('/api/admin/categories', { silent: true, signal }), staleTime: 10_000 });
}

export function useAdminBrands() {
  return useQuery({ queryKey: catalogKeys.brands(), queryFn: ({ signal }) => api.get<TAdminBrandList>('/api/admin/brands', { silent: true, signal }), staleTime: 10_000 });
}

export const saveItem = (id: number | undefined, input: TAdminItemInput) =>
  id === undefined ? api.post<TAdminItem>('/api/admin/items', input, { silent: true }) : api.put<TAdminItem>(`/api/admin/items/${id}`, input, { silent: true });
export const setArchived = (id: number, archived: boolean) => api.post<TAdminItem>(`/api/admin/items/${id}/${archived ? 'archive' : 'restore'}`, {}, { silent: true });

function fileBody(file: File | Blob): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
export const uploadImage = (id: number, file: File) => api.post<TAdminItem>(`/api/admin/items/${id}/images`, fileBody(file), { silent: true });
export const orderImages = (id: number, ids: number[]) => api.put<TAdminItem>(`/api/admin/items/${id}/images`, { ids }, { silent: true });
export const deleteImage = (id: number, imageId: number) => api.delete<TAdminItem>(`/api/admin/items/${id}/images/${imageId}`, { silent: true });

export const createCategory = (body: { slug: string; nameZh: string; nameEn: string; parentId: number | null }) => api.post<TAdminCategory>('/api/admin/categories', body, { silent: true });
export const updateCategory = (id: number, body: { nameZh?: string; nameEn?: string; parentId?: number | null; position?: number }) =>
  api.put<TAdminCategory>(`/api/admin/categories/${id}`, body, { silent: true });
export const deleteCategory = (id: number) => api.delete<unknown>(`/api/admin/categories/${id}`, { silent: true, allowNonJson: true });

export const createBrand = (body: { slug: string; nameZh: string; nameEn: string; authorized: boolean }) => api.post<TAdminBrand>('/api/admin/brands', body, { silent: true });
export const updateBrand = (id: number, body: { nameZh?: string; nameEn?: string; authorized?: boolean }) => api.put<TAdminBrand>(`/api/admin/brands/${id}`, body, { silent: true });
export const uploadLogo = (id: number, file: File) => api.post<TAdminBrand>(`/api/admin/brands/${id}/logo`, fileBody(file), { silent: true });

/** A catalog change; afterwards the staff lists (and the item, when the answer is one) are fresh. */
export function useCatalogChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'id' in answer && 'images' in answer) client.setQueryData(catalogKeys.item((answer as unknown as TAdminItem).id), answer);
      void refreshAfterWrite(client, catalogKeys.all);
      // The storefront's cached pages in this tab show the change too.
      void refreshAfterWrite(client, ['items']);
    },
  });
}
