import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TUser } from '@cubeshop/shared';
import { ConfirmModal } from '@/components/ui/ConfirmModal';
import { Toaster } from '@/components/ui/Toaster';
import { createQueryClient } from '@/lib/query-client';
import { setNavigator } from '@/lib/navigation';
import { useAuthStore } from '@/lib/stores/auth';
import { useModalStore } from '@/lib/stores/modal';
import { useToastStore } from '@/lib/stores/toast';
import { BUYER } from './msw/fixtures';

/**
 * A screen at `at` inside a memory router (its route `path`, /login, and everything else as
 * "Another page"), with the query client, toasts and the confirm modal, as the app shell has
 * them. Navigation from outside React (the api client's 401, lib/navigation) goes to the router.
 */
export function renderScreen(
  element: ReactElement,
  { path = '/', at, queryClient = createQueryClient() }: { path?: string; at?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <p>Login page</p> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [at ?? path] },
  );
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>Loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster />
      <ConfirmModal />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}

/** An anonymous visitor (with the anonymous token the guard fetches), no toasts, no modal. */
export function resetSession(): void {
  useAuthStore.setState({ token: 'anon-token-123456', user: null, isAnonymous: true });
  useToastStore.getState().clear();
  useModalStore.setState({ isOpen: false, options: {} });
}

/** `user` signed in, as after a login: the fake shop (./msw) takes the token for the buyer's calls. */
export function signIn(user: TUser = BUYER): void {
  localStorage.setItem('token', 'user-token-123456');
  localStorage.setItem('userInfo', JSON.stringify(user));
  useAuthStore.setState({ token: 'user-token-123456', user, isAnonymous: false });
}
