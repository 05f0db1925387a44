import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';
import { NotFoundScreen } from '../routes/NotFoundScreen';

/** A failed route module (e.g. a stale chunk after a deploy) or a thrown 404 response. */
export function RouteErrorBoundary() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-amber-500" />
      <h1 className="text-xl font-semibold">{t('routeError.title')}</h1>
      <p className="text-gray-600">{t('routeError.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </div>
  );
}
