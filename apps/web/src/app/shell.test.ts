import { describe, expect, it } from 'vitest';
import { shellFor, showsSidebar } from './shell';

describe('shell rules', () => {
  it('shows the category sidebar on home, product lists, categories, search and supplier paths', () => {
    for (const path of ['/', '/products-by-tag/hot', '/products-by-category/12', '/search', '/supplier/3', '/categories']) {
      expect(showsSidebar(path), path).toBe(true);
    }
    for (const path of ['/product/1', '/cart', '/about-us', '/profile', '/404', '/login']) {
      expect(showsSidebar(path), path).toBe(false);
    }
  });

  it('hides header and footer on /login, /register and the admin console', () => {
    for (const path of ['/login', '/register', '/admin/customer-service']) {
      expect(shellFor(path, false)).toMatchObject({ header: false, footer: false, sidebar: false, chat: false, layout: 'bare' });
    }
    expect(shellFor('/login-help', false).header).toBe(true);
    expect(shellFor('/forgot-password', true)).toMatchObject({ header: true, footer: true });
  });

  it('gives the cart its own layout without the sidebar', () => {
    expect(shellFor('/cart', false)).toEqual({ header: true, footer: true, sidebar: false, chat: true, layout: 'cart' });
  });

  it('shows the chat widget only to signed-in users, never on the bare paths', () => {
    expect(shellFor('/', true).chat).toBe(false);
    expect(shellFor('/', false).chat).toBe(true);
    expect(shellFor('/register', false).chat).toBe(false);
    expect(shellFor('/admin/customer-service', false).chat).toBe(false);
  });
});
