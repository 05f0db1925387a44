import { ChevronDown, ClipboardList, FileQuestion, LogOut, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Menu, menuItemClass } from '@/components/ui/Menu';
import { queryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import type { TUser } from '@cubeshop/shared';

export function displayName(user: TUser | null): string {
  return user?.nickname || user?.name || user?.username || user?.account || '';
}

/**
 * Logout (docs/requirements.md, States): the token is revoked, token and user info are cleared, /login opens;
 * then the cached data of the signed-in user (cart, favourites, orders ...) is dropped.
 */
function useSignOut() {
  const { t } = useTranslation('common');
  const logout = useAuthStore((s) => s.logout);
  return async () => {
    await logout();
    queryClient.clear();
    toast.success(t('nav.loggedOut'));
  };
}

/** Signed in: a menu with profile, orders and logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useAuthStore((s) => s.user);
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <Menu
      ariaLabel={`${t('nav.account')}: ${name}`}
      buttonClassName="inline-flex h-9 max-w-44 items-center gap-1 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100"
      label={
        <>
          <User aria-hidden="true" className="size-4 shrink-0" />
          {/* The name from lg up: between md and lg the header's row has no room for it (the menu's label names the user). */}
          <span className="hidden truncate lg:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </>
      }
    >
      {(close) => (
        <>
          <Link role="menuitem" to="/profile" className={menuItemClass} onClick={close}>
            <User aria-hidden="true" className="size-4" />
            {t('nav.profile')}
          </Link>
          <Link role="menuitem" to="/my-order" className={menuItemClass} onClick={close}>
            <ClipboardList aria-hidden="true" className="size-4" />
            {t('nav.orders')}
          </Link>
          <Link role="menuitem" to="/quotes" className={menuItemClass} onClick={close}>
            <FileQuestion aria-hidden="true" className="size-4" />
            {t('nav.quotes')}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={menuItemClass}
            onClick={() => {
              close();
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('nav.logout')}
          </button>
        </>
      )}
    </Menu>
  );
}

/** Not signed in: log in (back to this page afterwards) and sign up. */
export function AccountLinks({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const loginTo = here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
  return (
    <div className={className ?? 'flex items-center gap-1'}>
      <Link to={loginTo} className="inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100">
        {t('nav.login')}
      </Link>
      <Link to="/register" className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700">
        {t('nav.register')}
      </Link>
    </div>
  );
}

export function MobileAccountLinks() {
  const { t } = useTranslation('common');
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const user = useAuthStore((s) => s.user);
  const signOut = useSignOut();
  if (isAnonymous) return <AccountLinks className="grid grid-cols-2 gap-2 [&>a]:justify-center [&>a:first-child]:border [&>a:first-child]:border-gray-300" />;
  const row = 'flex h-10 items-center gap-2 rounded-md px-3 text-sm text-gray-700 hover:bg-gray-100';
  return (
    <div className="flex flex-col">
      <p className="px-3 pb-1 text-xs text-gray-500">{displayName(user)}</p>
      <Link to="/profile" className={row}>
        <User aria-hidden="true" className="size-4" />
        {t('nav.profile')}
      </Link>
      <Link to="/my-order" className={row}>
        <ClipboardList aria-hidden="true" className="size-4" />
        {t('nav.orders')}
      </Link>
      <Link to="/quotes" className={row}>
        <FileQuestion aria-hidden="true" className="size-4" />
        {t('nav.quotes')}
      </Link>
      <button type="button" className={row} onClick={() => void signOut()}>
        <LogOut aria-hidden="true" className="size-4" />
        {t('nav.logout')}
      </button>
    </div>
  );
}
