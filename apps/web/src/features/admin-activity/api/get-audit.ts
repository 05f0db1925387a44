import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditList } from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/audit?page: every audited staff change, newest first (owner). */
export function getAudit(page: number, signal?: AbortSignal): Promise<TAuditList> {
  return api.get<TAuditList>(`/api/admin/audit?page=${page}&recPerPage=100`, { silent: true, ...(signal ? { signal } : {}) });
}

export const auditQuery = (page: number) =>
  queryOptions({ queryKey: queryKeys.admin.audit(page), queryFn: ({ signal }) => getAudit(page, signal), staleTime: 5_000, placeholderData: keepPreviousData });

export function useAudit(page: number) {
  return useQuery(auditQuery(page));
}
