import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { product, renderScreen, resetSession } from '../test/helpers';
import { ProductPanel } from './ProductPanel';
import { SupplierStrip } from './SupplierStrip';

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => resetSession());

const page = (request: Request, recTotal: number, extra: Record<string, unknown> = {}) => {
  const p = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const count = Math.max(0, Math.min(3, recTotal - (p - 1) * 120));
  return HttpResponse.json({
    data: Array.from({ length: count }, (_, i) => product({ id: 100000 + p * 10 + i, name: `Cube p${p} #${i}` })),
    pager: { page: p, recPerPage: 120, recTotal, ...extra },
  });
};
const suppliers = () =>
  HttpResponse.json([
    { id: 1, name: 'GAN' },
    { id: 2, name: 'MoYu' },
  ]);

describe('ProductPanel', { timeout: 20_000 }, () => {
  it('reads the filters from the URL and sends them to the list call', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 3)),
      http.get('/api/suppliers', suppliers),
    );
    renderScreen(<ProductPanel source={{ kind: 'all' }} />, { at: '/?keyword=gan&brand=1&min=10&max=50&sort=price-desc&page=1' });
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    expect(await screen.findByText('Cube p1 #0')).toBeInTheDocument();
    const query = calls('GET', '/api/items')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      keyword: 'gan',
      supplierId: '1',
      minPrice: '10',
      maxPrice: '50',
      sortBy: 'basePrice',
      order: 'desc',
      page: '1',
      recPerPage: '120',
    });
    expect(screen.getByRole('searchbox')).toHaveValue('gan');
    expect(screen.getByLabelText(/Min price/)).toHaveValue('10');
    expect(screen.getByTestId('found-count')).toHaveTextContent('3 products found');
  });

  it('searches on Enter and on the button, writing the URL and going back to page 1', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 600)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'all' }} />, { at: '/?page=3' });
    await screen.findByText('Cube p3 #0');
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: '魔方' } });
    await userEvent.type(screen.getByRole('searchbox'), '{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('魔方')}`));
    await waitFor(() => expect(calls('GET', '/api/items').at(-1)!.query.get('keyword')).toBe('魔方'));
    expect(calls('GET', '/api/items').at(-1)!.query.get('page')).toBe('1');
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'GAN' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=GAN'));
  });

  it('on home, a keyword search opens the search page with the other filters kept', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 600)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'all' }} searchPage="/search" />, { at: '/?sort=price-asc&page=2' });
    await screen.findByText('Cube p2 #0');
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'gan 356' } });
    await userEvent.type(screen.getByRole('searchbox'), '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?keyword=gan+356&sort=price-asc');
  });

  it('applies brand and price together, swapping a reversed range', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 3)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'all' }} />);
    await screen.findByText('Cube p1 #0');
    await userEvent.selectOptions(screen.getByLabelText('Brand'), '2');
    fireEvent.input(screen.getByLabelText(/Min price/), { target: { value: '80' } });
    fireEvent.input(screen.getByLabelText(/Max price/), { target: { value: '20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=2&min=20&max=80'));
  });

  it('sorts newest first by default; a sort change goes to page 1', async () => {
    server.use(
      http.get('/api/items/hot', ({ request }) => page(request, 600)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'tag', tag: 'hot' }} />, { at: '/?page=2' });
    await screen.findByText('Cube p2 #0');
    expect(Object.fromEntries(calls('GET', '/api/items/hot')[0]!.query)).toMatchObject({ sortBy: 'lastUpdatedTime', order: 'desc' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'priceAsc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'));
    await waitFor(() =>
      expect(Object.fromEntries(calls('GET', '/api/items/hot').at(-1)!.query)).toMatchObject({ sortBy: 'basePrice', order: 'asc', page: '1' }),
    );
  });

  it('pages with numbered links, previous and next', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 1200)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'all' }} />);
    await screen.findByText('Cube p1 #0');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('link', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
    // Real links: they work without JavaScript and crawlers follow them.
    expect(within(nav).getByRole('link', { name: 'Page 10' })).toHaveAttribute('href', '/?page=10');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Previous' })).not.toHaveAttribute('href');
    fireEvent.click(within(nav).getByRole('link', { name: 'Page 10' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=10'));
    await screen.findByText('Cube p10 #0');
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=9'));
  });

  it('has no page navigation for a single page and shows 2,000+ for a capped search', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 2000, { recTotalCapped: true })),
      http.get('/api/suppliers', suppliers),
    );
    renderScreen(<ProductPanel source={{ kind: 'all' }} />, { at: '/?keyword=%E9%AD%94%E6%96%B9' });
    await screen.findByText('Cube p1 #0');
    expect(screen.getByTestId('found-count')).toHaveTextContent('2,000+ products found');
  });

  it('offers to clear the filters when nothing matches them', async () => {
    server.use(
      http.get('/api/items', ({ request }) => (new URL(request.url).searchParams.get('keyword') ? page(request, 0) : page(request, 3))),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'all' }} />, { at: '/?keyword=zzz&sort=price-asc' });
    expect(await screen.findByText('No products match your search and filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'));
    expect(await screen.findByText('Cube p1 #0')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('says when a list without filters is empty, without a clear button', async () => {
    server.use(
      http.get('/api/items/discount', ({ request }) => page(request, 0)),
      http.get('/api/suppliers', suppliers),
    );
    renderScreen(<ProductPanel source={{ kind: 'tag', tag: 'discount' }} />);
    expect(await screen.findByText('No products here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that reloads', async () => {
    let fail = true;
    server.use(
      http.get('/api/items', ({ request }) => (fail ? HttpResponse.json({ desc: 'down' }, { status: 500 }) : page(request, 3))),
      http.get('/api/suppliers', suppliers),
    );
    renderScreen(<ProductPanel source={{ kind: 'all' }} />);
    expect(await screen.findByText('Failed to load products, please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cube p1 #0')).toBeInTheDocument();
  });

  it('on a category: the brand strip toggles the brand filter', async () => {
    server.use(
      http.get('/api/items', ({ request }) => page(request, 3)),
      http.get('/api/suppliers', suppliers),
    );
    const { router } = renderScreen(<ProductPanel source={{ kind: 'category', categoryId: 3 }} top={(props) => <SupplierStrip {...props} />} />, {
      path: '/products-by-category/:id',
      at: '/products-by-category/3',
    });
    await screen.findByText('Cube p1 #0');
    expect(calls('GET', '/api/suppliers')[0]!.query.get('categoryId')).toBe('3');
    const strip = screen.getByRole('group', { name: 'Brands' });
    fireEvent.click(within(strip).getByRole('button', { name: 'MoYu' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=2'));
    expect(within(screen.getByRole('group', { name: 'Brands' })).getByRole('button', { name: 'MoYu' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls('GET', '/api/items').at(-1)!.query.get('supplierId')).toBe('2'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Brands' })).getByRole('button', { name: 'MoYu' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
