import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { staffCan, type TStaffCapability, type TStaffRole } from '@cubeshop/shared';
import { LogoMark } from '@/components/ui/Logo';
import { RouteSpinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { LanguageMenu } from '@/components/LocaleMenus';
import { useAuthStore } from '@/lib/stores/auth';
import { StaffSearch } from '@/features/staff-lookup/components/StaffSearch';

/**
 * The staff menu, in the order it shows. `needs`: the capability that opens the section (its
 * screen's StaffGate); `serves`: every capability used on it or on the pages it leads to (an
 * order's payments, a buyer's notes, the product list's categories and brands), so each capability
 * a role has is one click from the menu (StaffLayout.test.ts checks it for every role).
 */
const SECTIONS: { to: string; label: string; needs: TStaffCapability; serves: readonly TStaffCapability[] }[] = [
  { to: '/admin/dashboard', label: 'nav.dashboard', needs: 'dashboard.read', serves: ['dashboard.read'] },
  {
    to: '/admin/orders',
    label: 'nav.orders',
    needs: 'orders.read',
    serves: ['orders.read', 'orders.fulfil', 'orders.sell', 'payments.record', 'orders.shipUnpaid'],
  },
  { to: '/admin/requests', label: 'nav.requests', needs: 'orders.sell', serves: ['orders.sell'] },
  { to: '/admin/quotes', label: 'nav.quotes', needs: 'orders.sell', serves: ['orders.sell'] },
  { to: '/admin/customer-service', label: 'nav.customerService', needs: 'chat', serves: ['chat'] },
  { to: '/admin/customers', label: 'nav.customers', needs: 'customers.read', serves: ['customers.read', 'customers.manage'] },
  { to: '/admin/items', label: 'nav.catalog', needs: 'catalog.manage', serves: ['catalog.manage'] },
  { to: '/admin/stock', label: 'nav.stock', needs: 'stock.manage', serves: ['stock.manage'] },
  { to: '/admin/customer-groups', label: 'nav.customerGroups', needs: 'catalog.manage', serves: ['catalog.manage'] },
  { to: '/admin/search-terms', label: 'nav.searchTerms', needs: 'search.read', serves: ['search.read'] },
  { to: '/admin/activity', label: 'nav.activity', needs: 'audit.read', serves: ['audit.read'] },
  { to: '/admin/settings', label: 'nav.settings', needs: 'settings.manage', serves: ['settings.manage'] },
  { to: '/admin/staff', label: 'nav.staff', needs: 'staff.manage', serves: ['staff.manage'] },
];

/**
 * Capabilities with no screen in the staff app, and where they are used instead (none now: staff
 * accounts have their screen, /admin/staff; the CLI's `user create` still makes the first owner).
 */
export const CAPABILITIES_OFF_MENU: Partial<Record<TStaffCapability, string>> = {};

/**
 * Where each role lands when it opens /admin: its own work (README, the roles' table). Sales and the
 * owner start at the sales dashboard, the warehouse at the order queue (packing and shipping), the
 * catalog role at its products, customer service at the chat console.
 */
const HOME: Record<TStaffRole, string> = {
  owner: '/admin/dashboard',
  sales: '/admin/dashboard',
  warehouse: '/admin/orders',
  catalog: '/admin/items',
  service: '/admin/customer-service',
};

/** Whether the role may search anything from the frame's box (orders, customers or products; docs/orders.md, Staff search). */
export const staffMaySearch = (role: Parameters<typeof staffCan>[0]) =>
  (['orders.read', 'customers.read', 'catalog.manage'] as const).some((c) => staffCan(role, c));

/** The sections of the staff app this role may open, in the menu's order. */
export function staffSections(role: Parameters<typeof staffCan>[0]) {
  return SECTIONS.filter((s) => staffCan(role, s.needs));
}

/** Where /admin sends this role: its home when it may open it, else its first section; null for a role with none (not staff). */
export function staffHome(role: TStaffRole | null | undefined): string | null {
  const sections = staffSections(role);
  if (!role || sections.length === 0) return null;
  return sections.some((s) => s.to === HOME[role]) ? HOME[role] : sections[0]!.to;
}

/** A route that fills the frame below the top bar (the chat console: its lists and conversation scroll inside). */
export interface StaffFillHandle {
  staffFill?: boolean;
}

/** The section menu scrolls sideways where it is narrower than its links: the current one is scrolled into its view. */
function useActiveInView() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const strip = nav.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    const box = strip.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.left < box.left || link.right > box.right) strip.scrollLeft += link.left - box.left - (box.width - link.width) / 2;
  }, [pathname]);
  return nav;
}

/**
 * Toasts at the top of the window start below the staff top bar, whose height changes as it wraps
 * (the Toaster reads --toast-top), so a notice never covers the menu or the search box.
 */
function useToastsBelow() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = header.current;
    if (!bar) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty('--toast-top', `${bar.offsetHeight + 8}px`);
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toast-top');
    };
  }, []);
  return header;
}

/**
 * The staff app's frame (/admin/...): a dense top bar with the sections the role may open, the
 * search box (`/`), the signed-in person and role, the language, and a way back to the shop. No storefront header,
 * sidebar or footer: staff screens use the whole width.
 */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const user = useAuthStore((s) => s.user);
  const sections = staffSections(user?.role);
  const searching = staffMaySearch(user?.role);
  const fill = useMatches().some((m) => (m.handle as StaffFillHandle | undefined)?.staffFill === true);
  const nav = useActiveInView();
  const header = useToastsBelow();
  return (
    <div className={cn('flex flex-col bg-gray-50', fill ? 'h-dvh' : 'min-h-dvh')}>
      <header ref={header} className="sticky top-0 z-30 flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-gray-200 bg-white px-3 py-1.5 sm:px-4">
        <Link to="/admin" className="flex items-center gap-2 font-semibold text-ink" aria-label={t('nav.label')}>
          <LogoMark className="size-6" />
          <span className="hidden sm:inline">{t('nav.label')}</span>
        </Link>
        <nav ref={nav} aria-label={t('nav.label')} className="order-3 -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
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
      {/* The shell's <main> holds the frame: the screens need no landmark of their own. */}
      <div className={cn('flex-1', fill ? 'flex min-h-0 flex-col' : 'px-2 py-3 sm:px-4')}>
        <Suspense fallback={<RouteSpinner label="…" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
