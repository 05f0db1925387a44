import { sameSitePath } from '@cubeshop/shared';
import { setArrival, type Arrival } from '@/lib/arrival';
/**
 * Where to go after signing in, signing up or resetting a password: the `?redirect=` target when
 * it is a path on this site, else home. The one check of the login, sign-up and forgot-password
 * pages: the shop's redirect rule (`sameSitePath` in the shared package: resolved with `new
 * URL(target, origin)`, accepted only on this origin, normalised, never "//host" however written:
 * "/.//evil", "/..//evil", "/\\evil", tab and newline tricks, javascript: URLs), so a crafted link
 * cannot send a buyer off-site (open redirect). The account pages themselves are not targets (no
 * loop back to /login).
 */
const ACCOUNT_ENTRY_PATHS = ['/login', '/register', '/forgot-password'];

/** This page's origin (the rule's own probe origin where there is no window, e.g. server rendering). */
function currentOrigin(): string | undefined {
  const origin = typeof window === 'undefined' ? undefined : window.location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

export function sanitizeRedirect(value: string | null | undefined, fallback = '/', origin = currentOrigin()): string {
  const target = sameSitePath(value, origin);
  if (target === null) return fallback;
  const path = new URL(target, 'https://shop.invalid').pathname.replace(/\/+$/, '') || '/';
  return ACCOUNT_ENTRY_PATHS.includes(path) ? fallback : target;
}

/** The sanitized target of a `?redirect=` query string. */
export function redirectTargetOf(search: string, fallback = '/'): string {
  return sanitizeRedirect(new URLSearchParams(search).get('redirect'), fallback);
}

/** "/login" or "/register" carrying the redirect target along, when there is one. */
export function withRedirect(path: string, target: string): string {
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}

/** How long a success toast shows before the full page load that follows a sign-up or reset. */
export const AFTER_AUTH_DELAY_MS = 800;

/**
 * A full page load: after a sign-in or sign-up every cached query, the header and the chat widget
 * start again for the new identity (docs/requirements.md, States: "fully redirects").
 */
export function fullPageLoad(to: string, arrival: Arrival = {}): void {
  // The new page starts at the top (and shows `arrival.message`), whatever scroll the old one had.
  setArrival(arrival);
  window.location.assign(to);
}
