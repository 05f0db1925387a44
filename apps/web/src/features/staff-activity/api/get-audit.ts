import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditList } from '@cubeshop/shared';
import { api, type ApiListRequest, type ApiQuery } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/audit?<filters>: every audited staff change, newest first (owner; 100 a page by default). */
export function getAudit(query: ApiQuery<'/api/admin/audit'>, signal?: AbortSignal): Promise<TAuditList> {
  return api.GET('/api/admin/audit', { params: { query }, silent: true, signal });
}

export const auditQuery = ({ search, query }: ApiListRequest<'/api/admin/audit'>) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(search),
    queryFn: ({ signal }) => getAudit(query, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useAudit(request: ApiListRequest<'/api/admin/audit'>) {
  return useQuery(auditQuery(request));
}
