import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { calls, server } from '@/test/msw/server';
import { decideNavigation, isProductTag, needsAnonymousToken, productTagLoader, requiresLogin, requiresStaff, rootLoader } from './guard';

const anonymous = { isAnonymous: true, isStaff: false };
const buyer = { isAnonymous: false, isStaff: false };
const staff = { isAnonymous: false, isStaff: true };

describe('guard decisions', () => {
  it('needs an anonymous token only when none is stored', () => {
    expect(needsAnonymousToken(null)).toBe(true);
    expect(needsAnonymousToken(undefined)).toBe(true);
    expect(needsAnonymousToken('  ')).toBe(true);
    expect(needsAnonymousToken('abc123')).toBe(false);
  });

  it('knows the login-required routes of docs/requirements.md, Screens (forgot-password is public)', () => {
    for (const path of [
      '/cart',
      '/order/42',
      '/profile',
      '/change-password',
      '/my-info',
      '/edit-name',
      '/my-favorite',
      '/favorites',
      '/my-order',
      '/my-address',
      '/admin/customer-service',
      '/cart/',
    ]) {
      expect(requiresLogin(path), path).toBe(true);
    }
    for (const path of ['/', '/forgot-password', '/login', '/register', '/product/1', '/about-us', '/order', '/products-by-tag/hot', '/cartoon']) {
      expect(requiresLogin(path), path).toBe(false);
    }
  });

  it('sends an anonymous visitor to login with the wanted path encoded', () => {
    expect(decideNavigation({ pathname: '/cart', ...anonymous })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fcart' });
    expect(decideNavigation({ pathname: '/order/7', search: '?from=mail', ...anonymous })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Forder%2F7%3Ffrom%3Dmail',
    });
    expect(decideNavigation({ pathname: '/cart', ...buyer })).toEqual({ type: 'allow' });
    expect(decideNavigation({ pathname: '/forgot-password', ...anonymous })).toEqual({ type: 'allow' });
    expect(decideNavigation({ pathname: '/', ...anonymous })).toEqual({ type: 'allow' });
  });

  it('lets only staff into the customer-service console', () => {
    expect(requiresStaff('/admin/customer-service')).toBe(true);
    expect(decideNavigation({ pathname: '/admin/customer-service', ...anonymous })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fadmin%2Fcustomer-service',
    });
    expect(decideNavigation({ pathname: '/admin/customer-service', ...buyer })).toEqual({ type: 'forbidden' });
    expect(decideNavigation({ pathname: '/admin/customer-service', ...staff })).toEqual({ type: 'allow' });
  });

  it('accepts only the hot, newest and discount tags', () => {
    expect(['hot', 'newest', 'discount'].every(isProductTag)).toBe(true);
    expect(isProductTag('cheap')).toBe(false);
    expect(isProductTag('HOT')).toBe(false);
    expect(isProductTag(undefined)).toBe(false);
    const thrown = (() => {
      try {
        productTagLoader({ params: { tag: 'cheap' } } as never);
      } catch (e) {
        return e as Response;
      }
      return undefined;
    })();
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get('location')).toBe('/404');
    expect(productTagLoader({ params: { tag: 'hot' } } as never)).toBeNull();
  });
});

describe('root loader', () => {
  beforeEach(() => {
    useAuthStore.setState({ token: null, user: null, isAnonymous: true });
  });

  const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as never;

  it('fetches and stores an anonymous token on the first visit', async () => {
    server.use(http.get('/api/authn/anonymous/token', () => HttpResponse.json({ token: 'anon-token-1' })));
    await expect(rootLoader(args('http://localhost/'))).resolves.toBeNull();
    expect(calls()).toHaveLength(1);
    expect(calls()[0]!.path).toBe('/api/authn/anonymous/token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('anon-token-1');
    expect(useAuthStore.getState().token).toBe('anon-token-1');
  });

  it('does not fetch again when a token exists, and still guards login-only routes', async () => {
    useAuthStore.setState({ token: 'anon-token-1' });
    const thrown = await rootLoader(args('http://localhost/cart?x=1')).catch((e: unknown) => e);
    expect(calls()).toHaveLength(0);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/login?redirect=%2Fcart%3Fx%3D1');
  });
});
