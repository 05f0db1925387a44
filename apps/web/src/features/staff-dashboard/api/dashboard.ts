import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@cubeshop/shared';
import { api } from '@/lib/api';

// The sales dashboard's API: one call per range, under ['admin', 'dashboard'].

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  range: (from: string, to: string) => ['admin', 'dashboard', from, to] as const,
};

/** GET /api/admin/dashboard?from&to (shop days, UTC+8, both counted). */
export function getDashboard(from: string, to: string, signal?: AbortSignal): Promise<TDashboard> {
  return api.GET('/api/admin/dashboard', { params: { query: { from, to } }, silent: true, signal });
}

export const dashboardQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: dashboardKeys.range(from, to),
    queryFn: ({ signal }) => getDashboard(from, to, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useDashboard(from: string, to: string) {
  return useQuery(dashboardQuery(from, to));
}
