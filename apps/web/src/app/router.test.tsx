import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setArrival, takeArrival } from '@/lib/arrival';
import { createQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { apiError } from '@/test/msw/handlers';
import { server } from '@/test/msw/server';
import { routes } from './router';

/** The shop API (test/msw) with product lists that are down (503). */
const itemsDown = http.get('/api/items*', () => apiError(503, 'UNAVAILABLE', 'try again'));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  server.use(itemsDown);
  useAuthStore.setState({ token: null, user: null, isAnonymous: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app routes', () => {
  it('shows the 404 screen with back-home and go-back for an unknown path, inside header and footer', async () => {
    renderAt('/some-missing-path');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // the footer's code loads after the first render
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - Cubeshop'));
    // first visit: the guard fetched and stored an anonymous token
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('anon-token-xyz');
  });

  it('sends an unknown product tag to /404', async () => {
    const router = renderAt('/products-by-tag/cheap');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an anonymous visitor from /cart to /login with the redirect', async () => {
    const router = renderAt('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?redirect=%2Fcart');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // login is header-less and footer-less
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows access denied to a signed-in non-admin on the admin console', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'user-token-abc');
    useAuthStore.setState({
      token: 'user-token-abc',
      user: {
        id: 1,
        account: 'buyer01',
        username: 'buyer01',
        name: 'Buyer',
        nickname: 'B',
        admin: false,
        role: null,
        mobile: null,
        email: null,
        regionId: null,
        subscribeEmail: null,
      },
      isAnonymous: false,
    });
    renderAt('/admin/customer-service');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('home: sidebar tags, and the product list falls back to its error state with retry', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'All products' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Categories' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Latest' })).toHaveAttribute('href', '/products-by-tag/newest');
    expect(within(nav).getByRole('link', { name: 'Hot' })).toHaveAttribute('href', '/products-by-tag/hot');
    expect(within(nav).getByRole('link', { name: 'Discount' })).toHaveAttribute('href', '/products-by-tag/discount');
    expect(await screen.findByText('Failed to load products, please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // silent list and category errors: no toast
    expect(screen.queryByRole('alert', { name: /not exist/ })).not.toBeInTheDocument();
    // The claim comes from real counts (GET /api/stock/summary: 3,187 products in stock).
    // (the home's advantages and the footer)
    await waitFor(() => expect(screen.getAllByText('3,100+ SKUs in stock')).toHaveLength(2));
  });

  it('after a full page load that asked for it (sign-up), the page opens at its top with the welcome toast, once', async () => {
    setArrival({ message: 'Welcome to Cubeshop, Li Wei! Your account is ready.' });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderAt('/');
    expect(await screen.findByText('Welcome to Cubeshop, Li Wei! Your account is ready.')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(takeArrival()).toBeNull();
  });

  it('footer: an anonymous visitor learns that signing in opens the chat, and is sent to log in with the way back and the chat to open', async () => {
    const router = renderAt('/404');
    await screen.findByRole('heading', { name: 'Page not found' });
    await userEvent.click(await screen.findByRole('button', { name: 'Customer service' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Chat with customer service' });
    expect(dialog).toHaveTextContent('the chat opens right on this page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in to chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/404?chat=1');
  });

  it('footer: no customer-service entry for a signed-in buyer (the chat button is there)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'user-token-abc');
    useAuthStore.setState({
      token: 'user-token-abc',
      user: {
        id: 1,
        account: 'buyer01',
        username: 'buyer01',
        name: 'Buyer',
        nickname: 'B',
        admin: false,
        role: null,
        mobile: null,
        email: null,
        regionId: null,
        subscribeEmail: null,
      },
      isAnonymous: false,
    });
    renderAt('/404');
    await screen.findByRole('heading', { name: 'Page not found' });
    await screen.findByRole('contentinfo');
    expect(screen.queryByTestId('service-entry')).toBeNull();
  });

  it('footer: a QR popup opens and closes with Escape, the newsletter asks anonymous visitors to log in', async () => {
    renderAt('/404');
    await screen.findByRole('heading', { name: 'Page not found' });
    // The footer's code loads after the page (LazyFooter).
    await userEvent.click(await screen.findByRole('button', { name: 'WeChat' }));
    const dialog = screen.getByRole('dialog', { name: 'WeChat' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/qr/wechat.svg');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /粤ICP备2024088866号-1/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(screen.getByRole('link', { name: /粤ICP备/ })).toHaveAttribute('target', '_blank');
  });
});
