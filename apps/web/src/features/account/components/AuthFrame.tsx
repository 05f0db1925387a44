import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '@/components/LocaleMenus';
import { LogoMark } from '@/components/ui/Logo';
import { cn } from '@/components/ui/cn';

/**
 * Frame of the header-less account pages (login, register): logo back to the shop, the
 * language switcher, and a centred card, optionally beside a marketing panel (below the form
 * on narrow screens).
 */
export function AuthFrame({ children, aside, wide = false }: { children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-gray-50">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-3">
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={t('nav.logoHome', { name: t('app.name') })}>
          <LogoMark />
          <span className="text-lg font-bold tracking-tight">{t('app.shortName')}</span>
        </Link>
        <LanguageMenu />
      </div>
      <div className="flex flex-1 items-start justify-center px-3 pt-2 pb-12 sm:px-4 md:items-center md:pt-0">
        <div
          className={cn(
            'grid w-full overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm',
            wide && aside ? 'max-w-5xl md:grid-cols-[1fr_1.1fr]' : 'max-w-md',
          )}
        >
          {aside ? <aside className="order-last bg-gradient-to-br from-brand-700 to-brand-500 p-5 text-white md:order-first md:p-8">{aside}</aside> : null}
          <div className="p-5 md:p-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
