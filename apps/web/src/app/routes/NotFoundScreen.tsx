import { ArrowLeft, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** 404 (docs/requirements.md, Screens): page-not-found text, back home and go back. */
export function NotFoundScreen() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const goBack = () => {
    // Opened directly in a new tab (nothing to go back to): go home instead of leaving the site.
    // history.length also counts pages of this tab loaded before the app (a typed URL).
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0 || window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
      <p className="text-7xl font-black tracking-tight text-brand-600 md:text-8xl" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('notFound.title')}</h1>
      <p className="mt-2 text-gray-600">{t('notFound.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          <House aria-hidden="true" className="size-4" />
          {t('ui.backHome')}
        </Link>
        <button
          type="button"
          onClick={goBack}
          className="inline-flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-ink hover:bg-gray-50"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('ui.goBack')}
        </button>
      </div>
    </div>
  );
}
