import { House, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/stores/title';

/** A signed-in non-admin on an admin page. */
export function AccessDeniedScreen() {
  const { t } = useTranslation('common');
  usePageTitle(t('routes.accessDenied'));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
      <ShieldX aria-hidden="true" className="size-14 text-brand-600" />
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('accessDenied.title')}</h1>
      <p className="mt-2 text-gray-600">{t('accessDenied.text')}</p>
      <Link to="/" className="mt-6 inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
        <House aria-hidden="true" className="size-4" />
        {t('ui.backHome')}
      </Link>
    </div>
  );
}
