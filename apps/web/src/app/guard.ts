import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath } from '@/lib/navigation';
import { refreshBuyerPrices, watchBuyerPrices } from './buyer-prices';
import { fetchAnonymousToken, useAuthStore } from '@/lib/stores/auth';

/**
 * The navigation guard (docs/requirements.md, Screens): pure decisions first, then the root loader that runs
 * them before every navigation.
 */

/** Routes that need a signed-in (not anonymous) user. /forgot-password is public (docs/architecture.md). */
const LOGIN_REQUIRED_EXACT = [
  '/cart',
  '/profile',
  '/change-password',
  '/my-info',
  '/edit-name',
  '/my-favorite',
  '/favorites',
  '/my-order',
  '/my-address',
  '/quotes',
];
const LOGIN_REQUIRED_PREFIX = ['/order/', '/quotes/', '/admin/'];
/** The staff app: /admin and everything under it (each screen checks its role's capability too). */
const ADMIN_BASE = '/admin';

function normalize(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function requiresLogin(pathname: string): boolean {
  const path = normalize(pathname);
  return (
    path === ADMIN_BASE || LOGIN_REQUIRED_EXACT.includes(path) || LOGIN_REQUIRED_PREFIX.some((prefix) => path.startsWith(prefix) && path.length > prefix.length)
  );
}

export function requiresStaff(pathname: string): boolean {
  const path = normalize(pathname);
  return path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`);
}

/** No stored token: the visitor is new (or logged out) and needs an anonymous one first. */
export function needsAnonymousToken(token: string | null | undefined): boolean {
  return !token || token.trim() === '';
}

export type NavigationDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'forbidden' };

export interface NavigationInput {
  pathname: string;
  search?: string;
  isAnonymous: boolean;
  isStaff: boolean;
}

/**
 * allow, redirect to /login?redirect=<wanted path + query>, or forbidden (a signed-in
 * buyer on a back office route: the route shows access denied).
 */
export function decideNavigation({ pathname, search = '', isAnonymous, isStaff }: NavigationInput): NavigationDecision {
  if (requiresLogin(pathname) && isAnonymous) return { type: 'redirect', to: loginPath(`${pathname}${search}`) };
  if (requiresStaff(pathname) && !isStaff) return { type: 'forbidden' };
  return { type: 'allow' };
}

/** /products-by-tag/{tag}: only these tags exist; anything else goes to /404. */
export const PRODUCT_TAGS = ['newest', 'hot', 'discount'] as const;
export type TProductTag = (typeof PRODUCT_TAGS)[number];

export function isProductTag(value: string | undefined): value is TProductTag {
  return (PRODUCT_TAGS as readonly string[]).includes(value ?? '');
}

/* ---------- the loader ---------- */

let anonymousTokenRequest: Promise<unknown> | null = null;
let userRefreshed = false;

/** One anonymous-token request even when several loaders ask at once. Failure is not fatal. */
async function ensureToken(): Promise<void> {
  if (!needsAnonymousToken(useAuthStore.getState().token)) return;
  anonymousTokenRequest ??= fetchAnonymousToken()
    .catch(() => undefined)
    .finally(() => {
      anonymousTokenRequest = null;
    });
  await anonymousTokenRequest;
}

/** Runs before every navigation (the root route revalidates on each one). */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // On the server (rendering a public page) there is no visitor's token to look after.
  if (typeof window === 'undefined') return null;
  await ensureToken();
  const auth = useAuthStore.getState();
  // A signed-in user's details are refreshed once per page load, in the background.
  if (!userRefreshed && auth.token && auth.user) {
    userRefreshed = true;
    void auth.refreshUser();
  }
  const url = new URL(request.url);
  const decision = decideNavigation({ pathname: url.pathname, search: url.search, isAnonymous: auth.isAnonymous, isStaff: auth.user?.admin === true });
  if (decision.type === 'redirect') throw redirect(decision.to);
  return null;
}

/**
 * A server-rendered page is hydrated without running the root loader (its data came with the
 * page): what the guard does for a public page runs here instead.
 */
export async function afterHydration(): Promise<void> {
  watchBuyerPrices();
  await ensureToken();
  const auth = useAuthStore.getState();
  // The page was rendered for an anonymous visitor: a signed-in buyer may have group prices.
  if (auth.token && auth.user && !auth.user.role) refreshBuyerPrices();
  if (!userRefreshed && auth.token && auth.user) {
    userRefreshed = true;
    void auth.refreshUser();
  }
}

/** Route loader of /products-by-tag/:tag. */
export function productTagLoader({ params }: LoaderFunctionArgs): null {
  if (!isProductTag(params.tag)) throw redirect('/404');
  return null;
}
