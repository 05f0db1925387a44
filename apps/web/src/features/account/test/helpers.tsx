import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { TUser } from '@cubeshop/shared';
import { ConfirmModal } from '@/components/ui/ConfirmModal';
import { Toaster } from '@/components/ui/Toaster';
import { createQueryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { useToastStore } from '@/lib/stores/toast';

export { BUYER, REGIONS } from '@/test/msw/fixtures';

/**
 * window.location replaced by a double: a full page load (location.assign) is recorded instead
 * of leaving the test page (jsdom cannot navigate).
 */
export function fakeLocation(path = '/') {
  // jsdom's own origin, which the test network (MSW) resolves the app's relative URLs against.
  const url = new URL(path, window.location.origin);
  const location = {
    href: url.href,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: '',
    assign: vi.fn(),
    replace: vi.fn(),
    reload: vi.fn(),
  };
  vi.stubGlobal('location', location);
  return location;
}

/** A screen at `at` inside a memory router, with the query client, toasts and the confirm modal. */
export function renderScreen(element: ReactElement, { path, at }: { path: string; at?: string }) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [at ?? path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={<p>Loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster />
      <ConfirmModal />
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** A fresh anonymous visitor with no toasts. */
export function resetSession(): void {
  useAuthStore.setState({ token: null, user: null, isAnonymous: true });
  useToastStore.getState().clear();
}

export function signInAs(user: TUser, token = 'user-token-123456'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('userInfo', JSON.stringify(user));
  useAuthStore.setState({ token, user, isAnonymous: false });
}
