import { isApiError } from '@/lib/api-client';

/**
 * The sentence to show for a failed account call (docs/architecture.md: failures show the reason): the
 * server's own sentence for refusals (400, 429, 503 ...), the catalogue sentence for a server
 * error, a network failure or a timeout, else `fallback`.
 */
export function failureReason(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'http') return error.status === 500 ? error.message : error.desc || fallback;
  if (error.kind === 'aborted') return fallback;
  return error.message || fallback;
}

/** Seconds the server asks to wait before the next code (`details.retryAfter` of a 400 or 429). */
export function retryAfterOf(error: unknown): number | null {
  if (!isApiError(error) || error.kind !== 'http') return null;
  const value = error.details?.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
