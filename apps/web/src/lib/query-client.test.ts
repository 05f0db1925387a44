import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, refreshAfterWrite, shouldRetry } from './query-client';

describe('query client', () => {
  it('retries only network failures, twice at most', () => {
    const network = new ApiError({ message: 'x', status: 0, kind: 'network' });
    const timeout = new ApiError({ message: 'x', status: 0, kind: 'timeout' });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, timeout)).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
    expect(shouldRetry(0, new ApiError({ message: 'x', status: 500, kind: 'http' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ message: 'x', status: 404, kind: 'http' }))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('after a write, a first fetch still in flight is asked again: its answer was read before the write', async () => {
    const client = createQueryClient();
    let lines = 0;
    // The server reads the cart when the request arrives and answers 30 ms later.
    const queryFn = async () => {
      const read = lines;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return read;
    };
    const badge = new QueryObserver(client, { queryKey: ['cart', 'info'], queryFn });
    const seen: (number | undefined)[] = [];
    const stop = badge.subscribe((result) => seen.push(result.data));
    expect(badge.getCurrentResult().fetchStatus).toBe('fetching');
    lines = 1; // "add to cart" lands while the page's first fetch is in flight
    await refreshAfterWrite(client, ['cart']);
    expect(client.getQueryData(['cart', 'info'])).toBe(1);
    expect(seen.at(-1)).toBe(1);
    stop();
  });
});
