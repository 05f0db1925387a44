import { QueryClient } from '@tanstack/react-query';
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
