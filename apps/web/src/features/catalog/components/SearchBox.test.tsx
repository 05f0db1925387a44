import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { calls, server } from '@/test/msw/server';
import { renderScreen, resetSession } from '../test/helpers';
import { SearchBox } from './SearchBox';

const answer = (keyword: string) => ({
  keyword,
  products: [
    { id: 100001, name: 'GAN 356 M', brand: 'GAN', thumbnail: '/api/items/100001/thumbnail' },
    { id: 100002, name: 'GAN 11 M Pro', brand: 'GAN', thumbnail: '/api/items/100002/thumbnail' },
  ],
  brands: [{ id: 1, name: 'GAN' }],
  categories: [{ id: 3, name: '3x3 Cubes' }],
});

function renderBox() {
  // Every path shows the box, as the header does.
  return renderScreen(<SearchBox id="box" value="" label="Search the shop" placeholder="Search" />, { path: '*', at: '/' });
}

const box = () => screen.getByRole('combobox', { name: 'Search the shop' });
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

beforeEach(() => {
  resetSession();
  server.use(http.get('/api/items/suggest', ({ request }) => HttpResponse.json(answer(new URL(request.url).searchParams.get('keyword') ?? ''))));
});

describe('SearchBox', { timeout: 20_000 }, () => {
  it('suggests products, brands and categories for what is typed, then a row that searches for it', async () => {
    renderBox();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box(), 'gan');
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options().map((o) => o.textContent)).toEqual(['GAN 356 MGAN', 'GAN 11 M ProGAN', 'GAN', '3x3 Cubes', 'Search for “gan”']);
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Brands' })).toBeInTheDocument();
    // One call for the whole word: typing is debounced.
    expect(calls('GET', '/api/items/suggest').map((c) => c.query.get('keyword'))).toEqual(['gan']);
  });

  it('walks the options with the arrow keys and opens the active one with Enter', async () => {
    const { router } = renderBox();
    await userEvent.type(box(), 'gan');
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    // Up from the first goes back to the box, then to the last option.
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[4]!.id);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/100002'));
  });

  it('Enter with no active option searches for the typed text; a brand opens its products, a category its page', async () => {
    const { router } = renderBox();
    await userEvent.type(box(), '三阶 磁力');
    await waitFor(() => expect(options().length).toBeGreaterThan(1));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('三阶 磁力');
    // best match is the default: no sort in the URL
    expect(router.state.location.search).not.toContain('sort');

    await userEvent.clear(box());
    await userEvent.type(box(), 'gan');
    await waitFor(() => expect(options()).toHaveLength(5));
    await userEvent.click(screen.getByRole('option', { name: 'GAN' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=1'));

    await userEvent.type(box(), '3');
    await waitFor(() => expect(screen.getByRole('option', { name: '3x3 Cubes' })).toBeVisible());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products-by-category/3'));
  });

  it('Escape closes the list and keeps the text; typing opens it again', async () => {
    renderBox();
    await userEvent.type(box(), 'gan');
    await waitFor(() => expect(options()).toHaveLength(5));
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('gan');
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
  });

  it('offers the search row even when the server has nothing to suggest or fails', async () => {
    server.use(http.get('/api/items/suggest', () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { router } = renderBox();
    await userEvent.type(box(), 'zzz');
    expect(await screen.findByRole('option', { name: 'Search for “zzz”' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=zzz'));
  });
});
