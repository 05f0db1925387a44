import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { Button } from './Button';
import { cn } from './cn';

/** A 404 (or 410): the thing asked for does not exist, or is not the caller's. Retrying cannot help. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 410);
}

/** Only failures a second attempt can fix: no response, a timeout, a 5xx, 408 or 429. Anything else (4xx, a malformed response, a bug) gets the same answer again. */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted') return true;
  return error.kind === 'http' && (error.status >= 500 || error.status === 408 || error.status === 429);
}

export interface QueryErrorProps {
  error: unknown;
  /** Refetch; the retry button only appears when the error is retryable. */
  onRetry: () => void;
  retrying?: boolean;
  /** Shown for errors other than "not found"; defaults to common:errors.loadFailed. */
  message?: ReactNode;
  /** Shown for a 404; defaults to common:errors.notFound. */
  notFoundMessage?: ReactNode;
  /** Where "back" leads when retrying cannot help; defaults to the home page. */
  backTo?: string;
  backLabel?: ReactNode;
  title?: ReactNode;
  className?: string;
}

/** The one error state for a failed query: "not found" with a way back for 404, retry only for errors a retry can fix. */
export function QueryError({ error, onRetry, retrying = false, message, notFoundMessage, backTo = '/', backLabel, title, className }: QueryErrorProps) {
  const { t } = useTranslation('common');
  const notFound = isNotFoundError(error);
  const retryable = !notFound && isRetryableError(error);
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center', className)} data-testid="query-error">
      {title}
      <p role="alert" className="text-sm text-gray-700">
        {notFound ? (notFoundMessage ?? t('errors.notFound')) : (message ?? t('errors.loadFailed'))}
      </p>
      {retryable ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {t('ui.retry')}
        </Button>
      ) : (
        <Link to={backTo} className="text-sm font-medium text-brand-700 hover:underline">
          {backLabel ?? t('ui.backHome')}
        </Link>
      )}
    </div>
  );
}
