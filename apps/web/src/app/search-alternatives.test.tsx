import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FEW_RESULTS as SHARED_FEW_RESULTS, type TSearchAlternatives } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { FEW_RESULTS } from '@/features/catalog/api/get-alternatives';
import { product, renderScreen, resetSession } from '@/features/catalog/test/helpers';
import SearchRoute from './routes/SearchRoute';

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => resetSession());

/** The search results page with `found` products for any search, and `offer` as its alternatives. */
function shopWith(found: number, offer: Omit<TSearchAlternatives, 'keyword' | 'total'>) {
  server.use(
    http.get('/api/suppliers', () =>
      HttpResponse.json([
        { id: 1, name: 'GAN' },
        { id: 2, name: 'QiYi' },
      ]),
    ),
    http.get('/api/items', ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      return HttpResponse.json({
        data: Array.from({ length: found }, (_, i) => product({ id: 100100 + i, name: `${keyword} #${i}` })),
        pager: { page: 1, recPerPage: 120, recTotal: found },
      });
    }),
    http.get('/api/items/alternatives', ({ request }) =>
      HttpResponse.json({ keyword: new URL(request.url).searchParams.get('keyword'), total: found, ...offer }),
    ),
  );
}

const gan356 = [product({ id: 100001, name: 'GAN 356 M 3x3 Magnetic Speed Cube' }), product({ id: 100002, name: 'GAN 356 XS 3x3 Magnetic Speed Cube' })];

describe('a search with few or no results', { timeout: 20_000 }, () => {
  it('asks the server only below FEW_RESULTS (the same number as the server)', async () => {
    expect(FEW_RESULTS).toBe(SHARED_FEW_RESULTS);
    shopWith(FEW_RESULTS, { didYouMean: [], broaden: [], closest: null });
    renderScreen(<SearchRoute />, { path: '/search', at: '/search?keyword=magnetic' });
    expect(await screen.findByText('magnetic #0')).toBeInTheDocument();
    expect(calls('GET', '/api/items/alternatives')).toHaveLength(0);
    expect(screen.queryByTestId('search-alternatives')).toBeNull();
  });

  it('offers "did you mean" as a link keeping the brand, and the closest products, when nothing is found', async () => {
    shopWith(0, {
      didYouMean: [{ keyword: 'GAN 356', count: 24 }],
      broaden: [],
      closest: { keyword: 'GAN 356', filters: true, products: gan356 },
    });
    const { router } = renderScreen(<SearchRoute />, { path: '/search', at: '/search?keyword=gan357&brand=1' });
    const offer = await screen.findByTestId('did-you-mean');
    expect(offer).toHaveTextContent('Did you mean GAN 356?');
    expect(Object.fromEntries(calls('GET', '/api/items/alternatives')[0]!.query)).toEqual({ keyword: 'gan357', supplierId: '1' });
    const link = within(offer).getByRole('link', { name: 'GAN 356' });
    expect(link).toHaveAttribute('href', '/search?keyword=GAN+356&brand=1');
    // The closest products, as cards under a heading that says what they are.
    const closest = screen.getByRole('region', { name: 'Closest products: GAN 356' });
    expect(
      within(closest)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(gan356.map((p) => `${p.name} (opens in a new tab)`));
    // The panel still says nothing matched.
    expect(screen.getByTestId('empty-state')).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=GAN+356&brand=1'));
  });

  it('says how few were found and offers broader searches with their counts, in English and Chinese', async () => {
    shopWith(2, {
      didYouMean: [],
      broaden: [
        { keyword: 'valk', dropped: '3', filters: true, count: 1 },
        { keyword: 'valk 3', dropped: null, filters: false, count: 12 },
      ],
      closest: null,
    });
    renderScreen(<SearchRoute />, { path: '/search', at: '/search?keyword=valk+3&brand=2&max=50' });
    const box = await screen.findByRole('region', { name: 'Other searches' });
    expect(box).toHaveTextContent('Only 2 products match “valk 3”.');
    expect(within(box).getByRole('link', { name: 'without “3”' })).toHaveAttribute('href', '/search?keyword=valk&brand=2&max=50');
    expect(within(box).getByText('(1 product)')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'all brands and prices' })).toHaveAttribute('href', '/search?keyword=valk+3');
    expect(within(box).getByText('(12 products)')).toBeInTheDocument();
    expect(screen.queryByTestId('closest-products')).toBeNull();

    await i18n.changeLanguage('zh');
    try {
      expect(await within(box).findByText('只有 2 件商品符合“valk 3”。')).toBeInTheDocument();
      expect(within(box).getByRole('link', { name: '去掉“3”' })).toBeInTheDocument();
      expect(within(box).getByText('(12 件商品)')).toBeInTheDocument();
      expect(within(box).getByRole('link', { name: '不限品牌和价格' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows nothing more when the server has nothing to offer', async () => {
    shopWith(0, { didYouMean: [], broaden: [], closest: null });
    renderScreen(<SearchRoute />, { path: '/search', at: '/search?keyword=xyzzyq' });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', '/api/items/alternatives')).toHaveLength(1));
    expect(screen.queryByTestId('search-alternatives')).toBeNull();
    expect(screen.queryByTestId('closest-products')).toBeNull();
  });
});
