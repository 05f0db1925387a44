import { ArrowLeft, Headset, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/Logo';
import { Skeleton } from '@/components/ui/Skeleton';
import { useAuthStore } from '@/lib/stores/auth';

function QueueSection({ title }: { title: string }) {
  return (
    <section className="border-b border-gray-200 p-3">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">{title}</h2>
      <div className="space-y-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-2">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1 space-y-1">
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Admin customer service (spec section 2): waiting and serving customers, the conversation with
 * translate, accept, end, invite and reply. Header-less; the live console plugs in here.
 */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const user = useAuthStore((s) => s.user);
  return (
    <div className="flex h-screen min-h-[32rem] flex-col bg-gray-100">
      <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-2">
        <LogoMark className="size-7" />
        <h1 className="flex min-w-0 items-center gap-2 truncate font-semibold text-ink">
          <Headset aria-hidden="true" className="size-5 text-brand-600" />
          {t('title')}
        </h1>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <span className="hidden truncate text-sm text-gray-600 sm:inline">{user?.nickname || user?.name || user?.account}</span>
          <Link to="/" className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('backToShop')}
          </Link>
        </div>
      </header>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <aside className="max-h-64 overflow-y-auto border-b border-gray-200 bg-white md:max-h-none md:w-72 md:border-r md:border-b-0">
          <QueueSection title={t('waiting')} />
          <QueueSection title={t('serving')} />
        </aside>
        <section aria-label={t('conversation')} className="flex min-h-0 flex-1 flex-col">
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-gray-500">
            <MessagesSquare aria-hidden="true" className="size-12 text-gray-300" />
            <p>{t('pickCustomer')}</p>
          </div>
          <div className="flex gap-2 border-t border-gray-200 bg-white p-3">
            <input disabled aria-label={t('reply')} placeholder={t('reply')} className="h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-100 px-3 text-sm" />
            <button type="button" disabled className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white disabled:opacity-50">
              {t('send')}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
