/**
 * Shell rules (docs/requirements.md, Screens): which frame a path gets.
 * - the category sidebar on home, products, categories, search and supplier paths;
 * - no header and footer on /login, /register and the staff app (/admin, customer service included: its own frame);
 * - the cart path uses its own (wide, sidebar-free) layout;
 * - the chat widget only for signed-in users and never on the header-less paths.
 */
export interface Shell {
  header: boolean;
  footer: boolean;
  sidebar: boolean;
  chat: boolean;
  layout: 'default' | 'cart' | 'bare';
}

/** Sign-in pages and the staff app (it has its own frame). */
const BARE_PATHS = ['/login', '/register', '/admin'];
const SIDEBAR_PREFIXES = ['/products', '/categories', '/category', '/search', '/supplier', '/brands'];

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isBarePath(pathname: string): boolean {
  return BARE_PATHS.some((base) => under(pathname, base));
}

export function showsSidebar(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return true;
  return SIDEBAR_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function shellFor(pathname: string, isAnonymous: boolean): Shell {
  const bare = isBarePath(pathname);
  const cart = under(pathname, '/cart');
  return {
    header: !bare,
    footer: !bare,
    sidebar: !bare && !cart && showsSidebar(pathname),
    chat: !bare && !isAnonymous,
    layout: bare ? 'bare' : cart ? 'cart' : 'default',
  };
}
