import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { product } from '@/features/catalog/test/helpers';
import { createQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { server } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { routes } from './router';

/** The screens a buyer finds products by: search results, brands, favourites. */
const list = (names: string[]) =>
  HttpResponse.json({ data: names.map((name, i) => product({ id: 100001 + i, name })), pager: { page: 1, recPerPage: 120, recTotal: names.length } });

/** The catalogue's answers on top of the shop API (test/msw): brands, search results by keyword or brand, one favourite. */
const catalogue = [
  http.get('/api/suppliers', () =>
    HttpResponse.json([
      { id: 2, name: 'MoYu' },
      { id: 1, name: 'GAN' },
      { id: 3, name: 'QiYi' },
    ]),
  ),
  http.get('/api/items/suggest', ({ request }) =>
    HttpResponse.json({ keyword: new URL(request.url).searchParams.get('keyword'), products: [], brands: [], categories: [] }),
  ),
  http.get('/api/items', ({ request }) => {
    const url = new URL(request.url);
    const keyword = url.searchParams.get('keyword');
    const brand = url.searchParams.get('supplierId');
    return list(keyword ? [`${keyword} match`] : brand ? [`brand ${brand} cube`] : ['Any cube']);
  }),
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signIn() {
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
}

beforeEach(() => {
  server.use(...catalogue);
  shop.favorites = [product({ id: 100007, name: 'Loved Pyraminx', favorite: true })];
  useAuthStore.setState({ token: null, user: null, isAnonymous: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('finding products', { timeout: 20_000 }, () => {
  it('/search?keyword= is titled with the query and lists what the server found for it', async () => {
    renderAt('/search?keyword=gan%20356');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “gan 356”' })).toBeInTheDocument();
    expect(await screen.findByText('gan 356 match')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search results for “gan 356” - Cubeshop'));
    // the panel's box and the header's box both hold the query
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('gan 356');
    expect(screen.getAllByRole('combobox', { name: 'Search the shop' })[0]).toHaveValue('gan 356');
  });

  it('the header search opens the results page from anywhere', async () => {
    const router = renderAt('/about-us');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search the shop' });
    await userEvent.type(box!, 'pyraminx{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?keyword=pyraminx');
    // The results page's code loads on the way (lazy route): slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “pyraminx”' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Brands' })[0]).toHaveAttribute('href', '/brands');
  });

  it('/brands lists every brand in order, each leading to its products under its name', async () => {
    const router = renderAt('/brands');
    const listEl = await screen.findByTestId('brand-list');
    expect(
      within(listEl)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['GGAN', 'MMoYu', 'QQiYi']);
    expect(screen.getByText('3 brands in our catalogue. Choose one to see its products.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a brand' }), 'yu');
    expect(within(screen.getByTestId('brand-list')).getAllByRole('link')).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'See MoYu products' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=2'));
    expect(router.state.location.pathname).toBe('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'MoYu products' })).toBeInTheDocument();
    expect(await screen.findByText('brand 2 cube')).toBeInTheDocument();
    // the sidebar leads there too
    const nav = screen.getAllByRole('navigation', { name: 'Categories' })[0]!;
    expect(within(nav).getByRole('link', { name: 'All brands' })).toHaveAttribute('href', '/brands');
  });

  it('/favorites is a page of product cards that can go into the cart, for signed-in buyers only', async () => {
    const anonymous = renderAt('/favorites');
    await waitFor(() => expect(anonymous.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(anonymous.state.location.search).toBe('?redirect=%2Ffavorites');
  });

  it('/favorites shows the cards with add to cart; the header heart leads there', async () => {
    signIn();
    renderAt('/favorites');
    expect(await screen.findByRole('heading', { level: 1, name: 'My favourites' })).toBeInTheDocument();
    const item = await screen.findByTestId('favorite-item');
    expect(within(item).getByText('Loved Pyraminx')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Add Loved Pyraminx to cart' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /^Favourites \(/ })).toHaveAttribute('href', '/favorites');
  });
});
