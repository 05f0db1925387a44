import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffBrand, TStaffBrandList, TStaffCategory, TStaffCategoryList, TStaffItem, TStaffItemInput, TStaffItemList } from '@cubeshop/shared';
import { api, type ApiBody, type ApiListRequest } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';

// The catalog back office's API (docs/catalog.md, Back office). Keys live under ['admin', 'catalog', ...].
export const catalogKeys = {
  all: ['admin', 'catalog'] as const,
  items: (search: string) => ['admin', 'catalog', 'items', search] as const,
  item: (id: number) => ['admin', 'catalog', 'item', id] as const,
  categories: () => ['admin', 'catalog', 'categories'] as const,
  brands: () => ['admin', 'catalog', 'brands'] as const,
};

/** GET /api/admin/items?<filters>, with the filters of the URL. */
export function useStaffItems({ search, query }: ApiListRequest<'/api/admin/items'>) {
  return useQuery({
    queryKey: catalogKeys.items(search),
    queryFn: ({ signal }): Promise<TStaffItemList> => api.GET('/api/admin/items', { params: { query }, silent: true, signal }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useStaffItem(id: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.item(id ?? 0),
    queryFn: ({ signal }): Promise<TStaffItem> => api.GET('/api/admin/items/{id}', { params: { path: { id: id ?? 0 } }, silent: true, signal }),
    enabled: id !== undefined,
    staleTime: 5_000,
  });
}

export function useStaffCategories() {
  return useQuery({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }): Promise<TStaffCategoryList> => api.GET('/api/admin/categories', { silent: true, signal }),
    staleTime: 10_000,
  });
}

export function useStaffBrands() {
  return useQuery({
    queryKey: catalogKeys.brands(),
    queryFn: ({ signal }): Promise<TStaffBrandList> => api.GET('/api/admin/brands', { silent: true, signal }),
    staleTime: 10_000,
  });
}

export const saveItem = (id: number | undefined, input: TStaffItemInput): Promise<TStaffItem> =>
  id === undefined
    ? api.POST('/api/admin/items', { body: input, silent: true })
    : api.PUT('/api/admin/items/{id}', { params: { path: { id } }, body: input, silent: true });
export const setArchived = (id: number, archived: boolean): Promise<TStaffItem> =>
  api.POST(archived ? '/api/admin/items/{id}/archive' : '/api/admin/items/{id}/restore', { params: { path: { id } }, body: {}, silent: true });

function fileBody(file: File | Blob): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
export const uploadImage = (id: number, file: File): Promise<TStaffItem> =>
  api.POST('/api/admin/items/{id}/images', { params: { path: { id } }, body: fileBody(file), silent: true });
export const orderImages = (id: number, ids: number[]): Promise<TStaffItem> =>
  api.PUT('/api/admin/items/{id}/images', { params: { path: { id } }, body: { ids }, silent: true });
export const deleteImage = (id: number, imageId: number): Promise<TStaffItem> =>
  api.DELETE('/api/admin/items/{id}/images/{imageId}', { params: { path: { id, imageId } }, silent: true });

export const createCategory = (body: ApiBody<'post', '/api/admin/categories'>): Promise<TStaffCategory> =>
  api.POST('/api/admin/categories', { body, silent: true });
export const updateCategory = (id: number, body: ApiBody<'put', '/api/admin/categories/{id}'>): Promise<TStaffCategory> =>
  api.PUT('/api/admin/categories/{id}', { params: { path: { id } }, body, silent: true });
export const deleteCategory = (id: number) => api.DELETE('/api/admin/categories/{id}', { params: { path: { id } }, silent: true });

export const createBrand = (body: ApiBody<'post', '/api/admin/brands'>): Promise<TStaffBrand> => api.POST('/api/admin/brands', { body, silent: true });
export const updateBrand = (id: number, body: ApiBody<'put', '/api/admin/brands/{id}'>): Promise<TStaffBrand> =>
  api.PUT('/api/admin/brands/{id}', { params: { path: { id } }, body, silent: true });
export const uploadLogo = (id: number, file: File): Promise<TStaffBrand> =>
  api.POST('/api/admin/brands/{id}/logo', { params: { path: { id } }, body: fileBody(file), silent: true });

/** A change's answer is the item when it has the item's pictures (the item calls answer the item). */
const isItem = (answer: unknown): answer is TStaffItem => !!answer && typeof answer === 'object' && 'id' in answer && 'images' in answer;

/** A catalog change; afterwards the staff lists (and the item, when the answer is one) are fresh. */
export function useCatalogChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (isItem(answer)) client.setQueryData(catalogKeys.item(answer.id), answer);
      void refreshAfterWrite(client, catalogKeys.all);
      // The storefront's cached pages in this tab show the change too.
      void refreshAfterWrite(client, ['items']);
    },
  });
}
