import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { TProduct, TProductDetail } from '@cubeshop/shared';
import { ConfirmModal } from '@/components/ui/ConfirmModal';
import { Toaster } from '@/components/ui/Toaster';
import { createQueryClient } from '@/lib/query-client';
import { setNavigator } from '@/lib/navigation';
import { useAuthStore } from '@/lib/stores/auth';
import { useModalStore } from '@/lib/stores/modal';
import { useToastStore } from '@/lib/stores/toast';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The browser's fetch answering like the shop API: handlers by "METHOD /path", else 404. */
export function fakeApi(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const request: SeenRequest = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      seen.push(request);
      const handler = handlers[`${request.method} ${request.path}`];
      return handler ? handler(request) : json({ code: 'NOT_FOUND', desc: `No such API: ${request.method} ${request.path}` }, 404);
    }),
  );
  return { seen, calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path) };
}

/** A screen inside a memory router with the query client, toasts and the modal. Navigation from outside React goes to the router. */
export function renderScreen(element: ReactElement, { path = '/', at, queryClient = createQueryClient() }: { path?: string; at?: string; queryClient?: QueryClient } = {}) {
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

export function resetSession(): void {
  useAuthStore.setState({ token: 'anon-token-123456', user: null, isAnonymous: true });
  useToastStore.getState().clear();
  useModalStore.setState({ isOpen: false, options: {} });
}

export function signIn(): void {
  const user = { id: 7, account: 'li_wei', username: 'li_wei', name: 'Li Wei', nickname: '', admin: false, mobile: null, email: 'li@example.com', regionId: 'DE', subscribeEmail: null };
  localStorage.setItem('token', 'user-token-123456');
  localStorage.setItem('userInfo', JSON.stringify(user));
  useAuthStore.setState({ token: 'user-token-123456', user, isAnonymous: false });
}

export function product(overrides: Partial<TProduct> = {}): TProduct {
  return {
    id: 100001,
    name: 'GAN 356 M 3x3 Magnetic Speed Cube',
    types: [],
    labels: [],
    currency: 'USD',
    price: 18.31,
    discountPrice: 18.31,
    discountPercent: 0,
    basePrice: 18.31,
    lastUpdatedTime: '2026-03-07T15:49:14.014Z',
    supplierId: 1,
    supplier: { id: 1, name: 'GAN' },
    categoryId: 3,
    category: { id: 3, slug: '3x3', name: '3x3 Cubes' },
    moq: 1,
    orderMultiple: null,
    image: '/api/items/100001/image?v=1.1',
    thumbnail: '/api/items/100001/thumbnail?v=1.1',
    favorite: false,
    ...overrides,
  };
}

export function detail(overrides: Partial<TProductDetail> = {}): TProductDetail {
  return {
    ...product(),
    description: '<p><strong>GAN 356 M</strong>: made for speedsolving.</p>',
    images: [
      { image: '/api/items/100001/image?v=1.1', thumbnail: '/api/items/100001/thumbnail?v=1.1' },
      { image: '/api/items/100001/images/1?v=1.1', thumbnail: '/api/items/100001/images/1/thumbnail?v=1.1' },
    ],
    categoryPath: [
      { id: 1, slug: 'cubes', name: 'Speed Cubes' },
      { id: 3, slug: '3x3', name: '3x3 Cubes' },
    ],
    createdTime: '2024-07-18T23:06:07.623Z',
    barcode: '6900000000007',
    comment: null,
    nw: 0.082,
    gw: 0.122,
    volume: 0.000343,
    volumeWeight: 0.069,
    pkg: 'Color box',
    carton: '60×40×45 cm',
    pcs: 120,
    dimension: '5.6×5.6×5.6',
    unitNwDesc: '82g',
    unitGwDesc: '122g',
    unitVolumeDesc: '7×7×7 cm',
    unitVolumeWeightDesc: '69g',
    totalVolumeWeight: 21.6,
    ...overrides,
  };
}
