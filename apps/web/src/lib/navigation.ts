/**
 * Navigation from outside React (API client on 401, logout). main.tsx plugs in the router's
 * navigate; before that (and in tests) it falls back to a full page load.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

const fullPageLoad: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};
let navigator: Navigator = fullPageLoad;

export function setNavigator(next: Navigator): void {
  navigator = next;
}

/** Tests: back to the full page load a page starts with (no router of an earlier test). */
export function resetNavigatorForTests(): void {
  navigator = fullPageLoad;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** Path plus query of the page the user is on, e.g. "/cart?x=1". */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return `${window.location.pathname}${window.location.search}`;
}

/** Where to send a visitor who must log in first: /login?redirect=%2Fcart */
export function loginPath(redirectTo?: string): string {
  if (!redirectTo || isLoginPath(redirectTo)) return '/login';
  return `/login?redirect=${encodeURIComponent(redirectTo)}`;
}

export function isLoginPath(path: string): boolean {
  return path === '/login' || path.startsWith('/login?') || path.startsWith('/login/');
}
