import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { SearchTermsScreen } from './SearchTermsScreen';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

function serve(seen: URLSearchParams[]) {
  server.use(
    http.get('/api/admin/search/terms', ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(query);
      const zero = query.get('kind') === 'zero';
      const data = zero
        ? [{ term: 'rubik 9x9 gold', searches: 3, zeroResults: 3, lastDay: '2026-11-25' }]
        : [
            { term: 'gan', searches: 120, zeroResults: 0, lastDay: '2026-11-26' },
            { term: '三阶 磁力', searches: 1234, zeroResults: 2, lastDay: '2026-11-24' },
          ];
      return HttpResponse.json({ data, pager: { page: Number(query.get('page') ?? 1), recPerPage: 50, recTotal: zero ? 1 : 120 } });
    }),
  );
}

describe('SearchTermsScreen', { timeout: 20_000 }, () => {
  it('lists the top terms of the last 30 days, each opening the shop search in a new tab', async () => {
    const seen: URLSearchParams[] = [];
    serve(seen);
    renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms' });
    const link = await screen.findByRole('link', { name: 'gan' });
    expect(link).toHaveAttribute('href', '/search?keyword=gan');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '三阶 磁力' })).toHaveAttribute('href', '/search?keyword=%E4%B8%89%E9%98%B6+%E7%A3%81%E5%8A%9B');
    const cells = within(screen.getAllByRole('row')[2]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['三阶 磁力', '1,234', '2', '2026-11-24']);
    expect(screen.getByRole('tab', { name: 'Top searches' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('120 terms')).toBeInTheDocument();
    expect(Object.fromEntries(seen[0]!)).toEqual({ kind: 'top', days: '30', page: '1', recPerPage: '50' });
    // 120 terms, 50 a page: three pages.
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('switches to zero results and to the last 7 days, kept in the URL', async () => {
    const seen: URLSearchParams[] = [];
    serve(seen);
    const { router } = renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms' });
    await screen.findByRole('link', { name: 'gan' });
    await userEvent.click(screen.getByRole('tab', { name: 'No results' }));
    expect(await screen.findByRole('link', { name: 'rubik 9x9 gold' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=zero&days=7'));
    await waitFor(() => expect(Object.fromEntries(seen.at(-1)!)).toMatchObject({ kind: 'zero', days: '7' }));
    expect(screen.getByRole('tab', { name: 'No results' })).toHaveAttribute('aria-selected', 'true');
  });
});
