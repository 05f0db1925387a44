import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { staffCan, type TStaffCapability } from '@cubeshop/shared';
import { LogoMark } from '@/components/ui/Logo';
import { RouteSpinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { LanguageMenu } from '@/components/LocaleMenus';
import { useAuthStore } from '@/lib/stores/auth';
import { StaffSearch } from '@/features/admin-lookup/components/StaffSearch';

const SECTIONS: { to: string; label: string; needs: TStaffCapability }[] = [
  { to: '/admin/orders', label: 'nav.orders', needs: 'orders.read' },
  { to: '/admin/requests', label: 'nav.requests', needs: 'orders.sell' },
  { to: '/admin/customer-service', label: 'nav.customerService', needs: 'chat' },
  { to: '/admin/customers', label: 'nav.customers', needs: 'customers.read' }, // after the chat: a service agent lands on the chat
  { to: '/admin/items', label: 'nav.catalog', needs: 'catalog.manage' }, // before the groups: the catalog role lands on its products
  { to: '/admin/customer-groups', label: 'nav.customerGroups', needs: 'catalog.manage' },
  { to: '/admin/search-terms', label: 'nav.searchTerms', needs: 'search.read' }, // owner, catalog, sales
  { to: '/admin/activity', label: 'nav.activity', needs: 'audit.read' },
  { to: '/admin/settings', label: 'nav.settings', needs: 'settings.manage' },
];

/** Whether the role may search anything from the frame's box (orders, customers or products; docs/orders.md, Staff search). */
export const staffMaySearch = (role: Parameters<typeof staffCan>[0]) => (['orders.read', 'customers.read', 'catalog.manage'] as const).some((c) => staffCan(role, c));

/** The sections of the staff app this role may open, in order (the first is where /admin goes). */
export function staffSections(role: Parameters<typeof staffCan>[0]) {
  return SECTIONS.filter((s) => staffCan(role, s.needs));
}

/**
 * The staff app's frame (/admin/...): a dense top bar with the sections the role may open, the
 * search box (`/`), the signed-in person and role, the language, and a way back to the shop. No storefront header,
 * sidebar or footer: staff screens use the whole width.
 */
export function StaffLayout() {
  const { t } = useTranslation('backoffice');
  const user = useAuthStore((s) => s.user);
  const sections = staffSections(user?.role);
  const searching = staffMaySearch(user?.role);
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-gray-200 bg-white px-3 py-1.5 sm:px-4">
        <Link to="/admin" className="flex items-center gap-2 font-semibold text-ink" aria-label={t('nav.label')}>
          <LogoMark className="size-6" />
          <span className="hidden sm:inline">{t('nav.label')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="order-3 -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
          {sections.map((s) => (
            <NavLink
              key={s.to}
              to={s.to}
              className={({ isActive }) =>
                cn('rounded px-2.5 py-1.5 text-sm whitespace-nowrap', isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-gray-700 hover:bg-gray-100')
              }
            >
              {t(s.label)}
            </NavLink>
          ))}
        </nav>
        {searching ? <StaffSearch className="order-2 w-full sm:order-none sm:ml-auto sm:w-64 lg:w-80" /> : null}
        <div className={cn('ml-auto flex items-center gap-3 text-sm text-gray-600', searching && 'sm:ml-0')}>
          {user ? (
            <span className="hidden md:inline" data-testid="staff-who">
              {user.name || user.account}
              {user.role ? <span className="ml-1 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">{t(`nav.role.${user.role}`)}</span> : null}
            </span>
          ) : null}
          <LanguageMenu />
          <Link to="/" className="text-brand-700 underline-offset-2 hover:underline">
            {t('nav.backToShop')}
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1 px-2 py-3 sm:px-4">
        <Suspense fallback={<RouteSpinner label="…" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
