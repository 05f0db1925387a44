import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

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
});
