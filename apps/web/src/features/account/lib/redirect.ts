import { setArrival, type Arrival } from '@/lib/arrival';
/**
 * Where to go after signing in, signing up or resetting a password: the `?redirect=` target when
 * it is a path on this site, else home. Never an absolute URL, a protocol-relative "//host", a
 * backslash trick ("/\host") or a javascript: URL, so a crafted link cannot send a buyer off-site
 * (open redirect). The account pages themselves are not targets (no loop back to /login).
 */
const ACCOUNT_ENTRY_PATHS = ['/login', '/register', '/forgot-password'];
const PROBE_ORIGIN = 'https://shop.invalid';

export function sanitizeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  // Only a plain root-relative path: "/x". No scheme, no "//", no backslashes, no control characters.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  // The URL parser has the last word: whatever it resolves to must stay on this origin.
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (ACCOUNT_ENTRY_PATHS.includes(path)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
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
 * start again for the new identity (spec section 4: "fully redirects").
 */
export function fullPageLoad(to: string, arrival: Arrival = {}): void {
  // The new page starts at the top (and shows `arrival.message`), whatever scroll the old one had.
  setArrival(arrival);
  window.location.assign(to);
}
