import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { QueryError, isRetryableError } from './QueryError';

const apiError = (kind: ApiError['kind'], status: number) => new ApiError({ message: 'x', status, kind });

function show(error: unknown) {
  const onRetry = vi.fn();
  render(
    <MemoryRouter>
      <QueryError error={error} onRetry={onRetry} notFoundMessage="Order 9 does not exist." backTo="/my-order" backLabel="Back to my orders" />
    </MemoryRouter>,
  );
  return onRetry;
}

describe('QueryError', () => {
  it('a 404 says not found and leads back, without a retry', () => {
    show(apiError('http', 404));
    expect(screen.getByRole('alert')).toHaveTextContent('Order 9 does not exist.');
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/my-order');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['network', 0],
    ['timeout', 0],
    ['http', 500],
    ['http', 503],
  ] as const)('%s %i offers a retry that calls back', (kind, status) => {
    const onRetry = show(apiError(kind, status));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load, please try again later');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['http', 403],
    ['http', 400],
    ['format', 200],
  ] as const)('%s %i (a retry gets the same answer) leads back instead', (kind, status) => {
    show(apiError(kind, status));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toBeInTheDocument();
  });

  it('treats anything that is not an ApiError as not retryable', () => {
    expect(isRetryableError(new Error('boom'))).toBe(false);
    expect(isRetryableError(apiError('http', 429))).toBe(true);
  });
});
