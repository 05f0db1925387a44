import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// A page that cannot be shown says why in the shop's words: offline (no answer, or the browser
// offline) it is the network-error text every other failed request uses, not "something went wrong".
function renderFailing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/search',
        ErrorBoundary: RouteErrorBoundary,
        loader: () => {
          throw error;
        },
        Component: () => <p>Results</p>,
      },
    ],
    { initialEntries: ['/search?keyword=gan'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('route error', () => {
  it.each([
    ['en', 'No connection', 'Network error, please check your network connection', 'Try again'],
    ['zh', '无法连接', '网络错误，请检查您的网络连接', '重试'],
  ] as const)('%s: a request that got no answer reads as a network error', async (lang, title, text, button) => {
    await i18n.changeLanguage(lang);
    renderFailing(new ApiError({ message: 'Failed to fetch', status: 0, kind: 'network' }));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  it('a page whose code could not load while the browser is offline reads as a network error', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    renderFailing(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeInTheDocument();
  });

  it('anything else online still says the page could not be shown, with a reload', async () => {
    await i18n.changeLanguage('en');
    renderFailing(new Error('a bug'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});
