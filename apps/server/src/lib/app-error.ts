import type { TErrorCode } from '@cubeshop/shared';
import type { MessageKey } from './messages.js';

/**
 * An error a route may throw on purpose. The error handler turns it into
 * `{ code, desc, details }` with `desc` in the request's language.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: TErrorCode,
    public readonly messageKey: MessageKey,
    public readonly params: Record<string, string | number> = {},
    public readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>, details?: Record<string, unknown>) =>
  new AppError(400, 'BAD_REQUEST', key, params, details);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'unauthorized');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'forbidden');
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, 'NOT_FOUND', key);
