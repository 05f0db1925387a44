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

/** One request as the browser's fetch double saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const REGIONS = [
  { id: 'CN', name: 'China', zh: '中国', en: 'China', dialCode: '86' },
  { id: 'DE', name: 'Germany', zh: '德国', en: 'Germany', dialCode: '49' },
  { id: 'US', name: 'United States of America', zh: '美国', en: 'United States of America', dialCode: '1' },
];

export const BUYER: TUser = {
  id: 7,
  account: 'li_wei',
  username: 'li_wei',
  name: 'Li Wei',
  nickname: '',
  admin: false,
  mobile: null,
  email: 'li@example.com',
  regionId: 'DE',
  subscribeEmail: null,
};

/**
 * The browser's fetch replaced by a double that answers like the shop API: handlers by
 * "METHOD /path"; everything else is a 404. Our own code (api client, stores, forms) runs as is.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const fetchDouble = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    return handler ? handler(request) : json({ code: 'NOT_FOUND', desc: `No such API: ${request.method} ${request.path}` }, 404);
  });
  vi.stubGlobal('fetch', fetchDouble);
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

/**
 * window.location replaced by a double: a full page load (location.assign) is recorded instead
 * of leaving the test page (jsdom cannot navigate).
 */
export function fakeLocation(path = '/') {
  const url = new URL(path, 'http://localhost');
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
