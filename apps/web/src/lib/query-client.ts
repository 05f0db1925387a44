import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry a query only when the network failed (no response or timeout), at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout') && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Refetches what a write changed: every query under `queryKey` shows the state after the write.
 * Plain invalidateQueries is not enough: a query's first fetch still in flight (no data yet) is
 * not restarted, its answer, read before the write, is kept (TanStack's dedupe), so a quick "add
 * to cart" right after a page opens left the header's badge at 0 for the cart's 2 minutes.
 * Cancelling first makes the refetch a new request.
 */
export async function refreshAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
