import { TriangleAlert, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';
import { isApiError } from '@/lib/api-client';
import { NotFoundScreen } from '../routes/NotFoundScreen';

/**
 * Whether a page failed because the shop could not be reached: no answer from the API (offline, a
 * timeout), or the browser says it is offline (then a page's code could not be loaded either).
 */
function unreachable(error: unknown): boolean {
  if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A failed route module (e.g. a stale chunk after a deploy), a page whose data could not be read, or a thrown 404 response. */
export function RouteErrorBoundary() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  // Offline: the shop's network-error text, as every other failed request says it, not "something went wrong".
  const offline = unreachable(error);
  const Icon = offline ? WifiOff : TriangleAlert;
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <Icon aria-hidden="true" className="size-10 text-amber-500" />
      <h1 className="text-xl font-semibold">{offline ? t('routeError.offlineTitle') : t('routeError.title')}</h1>
      <p className="text-gray-600">{offline ? t('errors.network') : t('routeError.text')}</p>
      <Button onClick={() => window.location.reload()}>{offline ? t('routeError.retry') : t('routeError.reload')}</Button>
    </div>
  );
}
