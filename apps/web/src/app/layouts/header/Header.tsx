import { useEffect, useRef, useState } from 'react';
import { Heart, Menu as MenuIcon, Search, ShoppingCart, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { LogoMark } from '@/components/ui/Logo';
import { cn } from '@/components/ui/cn';
import { useCartCount } from '@/features/cart/hooks/use-cart-count';
import { SearchBox } from '@/features/catalog/components/SearchBox';
import { useFavoritesCount } from '@/features/favorites/hooks/use-favorites-count';
import { useAuthStore } from '@/lib/stores/auth';
import { CurrencyMenu, LanguageMenu, LocaleChoices } from '@/components/LocaleMenus';
import { AccountLinks, MobileAccountLinks, UserMenu } from './UserMenu';

function HotBadge() {
  const { t } = useTranslation('common');
  return <span className="ml-1 rounded bg-brand-600 px-1 py-px text-[10px] leading-none font-bold text-white">{t('nav.hot')}</span>;
}

function CountLink({ to, label, count, icon: Icon }: { to: string; label: string; count: number; icon: typeof Heart }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
    >
      <Icon aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0.5 right-0.5 min-w-4 rounded-full px-1 text-center text-[10px] leading-4 font-semibold',
          // An empty cart or favourites list shows a quiet grey 0, not an alarm-red badge.
          count > 0 ? 'bg-brand-600 text-white' : 'bg-gray-200 text-gray-600',
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}

/** The header's search box, with suggestions while typing: opens /search?keyword=... (the results page with its own URL and title). */
function HeaderSearch({ className, id }: { className?: string; id: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/search' ? (params.get('keyword') ?? '') : '';
  return <SearchBox id={id} value={current} className={className} label={t('nav.searchLabel')} placeholder={t('nav.searchPlaceholder')} />;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('inline-flex h-9 items-center rounded-md px-3 text-sm font-medium', isActive ? 'text-brand-700' : 'text-gray-700 hover:bg-gray-100');

/** Header of docs/requirements.md, Screens: logo, customization (HOT), home, brands, search, favourites, cart, currency, language, account. */
export function Header() {
  const { t } = useTranslation('common');
  const favorites = useFavoritesCount();
  const cart = useCartCount();
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the mobile menu on navigation and with Escape.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-4 md:h-16">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md" aria-label={t('nav.logoHome', { name: t('app.name') })}>
          <LogoMark />
          <span className="truncate text-lg font-bold tracking-tight text-ink">{t('app.shortName')}</span>
        </Link>

        <nav aria-label={t('nav.primary')} className="ml-4 hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/brands" className={navClass}>
            {t('nav.brands')}
          </NavLink>
          <NavLink to="/customization" className={navClass}>
            {t('nav.customization')}
            <HotBadge />
          </NavLink>
        </nav>

        <HeaderSearch id="header-search" className="ml-auto hidden w-56 lg:block xl:w-72" />

        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 lg:ml-1">
          <NavLink
            to="/search"
            aria-label={t('nav.search')}
            title={t('nav.search')}
            className="inline-flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <Search aria-hidden="true" className="size-5" />
          </NavLink>
          <CountLink to="/favorites" icon={Heart} count={favorites} label={t('nav.favoritesCount', { count: favorites })} />
          <CountLink to="/cart" icon={ShoppingCart} count={cart} label={t('nav.cartCount', { count: cart })} />
          <div className="hidden items-center gap-1 md:flex">
            <CurrencyMenu />
            <LanguageMenu />
            {isAnonymous ? <AccountLinks /> : <UserMenu />}
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <MenuIcon aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-gray-200 bg-white px-4 pt-2 pb-4 shadow-md md:hidden">
          <HeaderSearch id="mobile-search" className="mb-2" />
          <nav aria-label={t('nav.primary')} className="flex flex-col">
            <NavLink to="/" end className={navClass}>
              {t('nav.home')}
            </NavLink>
            <NavLink to="/brands" className={navClass}>
              {t('nav.brands')}
            </NavLink>
            <NavLink to="/customization" className={navClass}>
              {t('nav.customization')}
              <HotBadge />
            </NavLink>
          </nav>
          <div className="my-3 border-t border-gray-100" />
          <LocaleChoices />
          <div className="my-3 border-t border-gray-100" />
          <MobileAccountLinks />
        </div>
      ) : null}
    </header>
  );
}
