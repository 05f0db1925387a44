/**
 * The shop's one rule for where a redirect may go (open redirect, docs/security.md): a path on
 * this site. The target is resolved with the URL parser against the origin (`new URL(target,
 * origin)`) and accepted only when it was written as a root-relative path ("/x") with no
 * backslash or control character (tab and newline tricks), stays on the origin, and its
 * normalised path does not start with "//" (a browser reads "//host" as another site, and dot
 * segments make one: "/.//evil" and "/..//evil" resolve to "//evil"). The answer is the
 * normalised path with its query and hash, or null. The web app's `?redirect=` after signing in
 * (features/account/lib/redirect.ts) and the server's redirects of rendered pages (plugins/web.ts)
 * both use it.
 */
const PROBE_ORIGIN = 'https://shop.invalid';

function staysOn(target: string, origin: string): boolean {
  try {
    return new URL(target, origin).origin === origin;
  } catch {
    return false;
  }
}

export function sameSitePath(value: string | null | undefined, origin: string = PROBE_ORIGIN): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // The normalised target, read again as a link would be (against any origin), stays there too.
  return staysOn(target, origin) && staysOn(target, PROBE_ORIGIN) ? target : null;
}
