import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { product, renderScreen, resetSession, signIn, style } from '../test/helpers';
import { ProductCard } from './ProductCard';

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => resetSession());

const twoTypes = product({
  id: 42,
  name: 'GAN 12 Maglev',
  types: [style('black', 'Black'), style('stickerless', 'Stickerless')],
  labels: ['H', 'D'],
  price: 39.9,
  discountPrice: 31.92,
  discountPercent: 20,
});

describe('ProductCard', { timeout: 20_000 }, () => {
  it('shows labels, discount price, struck list price and badge; the detail opens in a new tab; the picture does not shift', () => {
    renderScreen(<ProductCard product={twoTypes} />);
    expect(screen.getByTestId('price')).toHaveTextContent('$31.92');
    expect(screen.getByTestId('original-price').tagName).toBe('S');
    expect(screen.getByTestId('original-price')).toHaveTextContent('$39.90');
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('20% OFF');
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByText('Sale')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /GAN 12 Maglev/ });
    expect(link).toHaveAttribute('href', '/product/42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    const img = within(screen.getByTestId('product-card')).getByAltText('');
    expect(img).toHaveAttribute('src', '/api/items/100001/thumbnail?v=1.1');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
    // A 320 px thumbnail or the 800 px picture, whichever the screen needs.
    expect(img).toHaveAttribute('srcset', '/api/items/100001/thumbnail?v=1.1 320w, /api/items/100001/image?v=1.1 800w');
    expect(img).toHaveAttribute('sizes');
  });

  it('shows the first two quantity prices in one short line, and nothing without tiers', async () => {
    const tiers = [
      { minQuantity: 12, price: 9 },
      { minQuantity: 48, price: 8.5 },
      { minQuantity: 120, price: 8 },
    ];
    const view = renderScreen(<ProductCard product={product({ currency: 'CNY', priceTiers: tiers })} />);
    expect(await screen.findByTestId('card-tiers')).toHaveTextContent('Quantity prices: 12+ ¥9.00 · 48+ ¥8.50');
    view.unmount();
    renderScreen(<ProductCard product={product()} />);
    expect(screen.queryByTestId('card-tiers')).toBeNull();
  });

  it('loads the first pictures of a page eagerly and with high priority', () => {
    renderScreen(<ProductCard product={twoTypes} priority />);
    const img = within(screen.getByTestId('product-card')).getByAltText('');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('asks for a style when there are several and none is chosen', async () => {
    signIn();
    renderScreen(<ProductCard product={twoTypes} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add GAN 12 Maglev to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a style first');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus());
    expect(calls('POST', '/api/cart/items')).toHaveLength(0);
  });

  it('adds the chosen style and quantity, then says so', async () => {
    signIn();
    server.use(http.post('/api/cart/items', () => HttpResponse.json({ id: 1 })));
    renderScreen(<ProductCard product={twoTypes} />);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'stickerless');
    const quantity = screen.getByRole('textbox', { name: 'Quantity of GAN 12 Maglev' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Add GAN 12 Maglev to cart' }));
    await waitFor(() => expect(calls('POST', '/api/cart/items')).toHaveLength(1));
    expect(calls('POST', '/api/cart/items')[0]!.body).toEqual({ itemId: 42, type: 'stickerless', quantity: 2 });
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  });

  it('uses the only style automatically; no style sends an empty type', async () => {
    signIn();
    server.use(http.post('/api/cart/items', () => HttpResponse.json({ id: 1 })));
    renderScreen(
      <>
        <ProductCard product={product({ id: 1, name: 'One', types: [style('frosted', 'Frosted')] })} />
        <ProductCard product={product({ id: 2, name: 'Two', types: [] })} />
      </>,
    );
    expect(screen.getByText(/Frosted/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add One to cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Two to cart' }));
    await waitFor(() => expect(calls('POST', '/api/cart/items')).toHaveLength(2));
    expect(calls('POST', '/api/cart/items').map((r) => r.body)).toEqual([
      { itemId: 1, type: 'frosted', quantity: 1 },
      { itemId: 2, type: '', quantity: 1 },
    ]);
  });

  it('starts at the MOQ with its hint and never goes below it: typed text or a negative number becomes the MOQ', async () => {
    renderScreen(<ProductCard product={product({ id: 5, name: 'Carton', moq: 120, orderMultiple: 120 })} />);
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Carton' });
    expect(quantity).toHaveValue('120');
    expect(screen.getByText('in multiples of 120')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, 'abc{Enter}');
    expect(quantity).toHaveValue('120');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '-5');
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('120');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue('240');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '300{Enter}');
    expect(quantity).toHaveValue('360');
  });

  it('sends an anonymous visitor to the login page with "please log in first"', async () => {
    const { router } = renderScreen(<ProductCard product={product({ name: 'Solo' })} />, { path: '/', at: '/?q=gan' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Solo to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/')}`);
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(calls('POST', '/api/cart/items')).toHaveLength(0);
  });

  it('shows the catalogue message when adding fails', async () => {
    signIn();
    server.use(http.post('/api/cart/items', () => HttpResponse.json({ code: 'server', desc: 'boom' }, { status: 500 })));
    renderScreen(<ProductCard product={product({ name: 'Solo' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Solo to cart' }));
    expect(await screen.findByText('Failed to add to cart, please try again later!')).toBeInTheDocument();
  });

  it('shows the server reason when it refuses the line', async () => {
    signIn();
    server.use(http.post('/api/cart/items', () => HttpResponse.json({ code: 'moqNotMet', desc: 'Minimum order quantity is 6' }, { status: 400 })));
    renderScreen(<ProductCard product={product({ name: 'Solo' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Solo to cart' }));
    expect(await screen.findByText('Minimum order quantity is 6')).toBeInTheDocument();
  });

  it('marks each style’s stock in the select (a sold-out one cannot be chosen) and the badge follows the chosen style', async () => {
    const styled = product({
      id: 43,
      name: 'Styled',
      stockStatus: 'in_stock',
      types: [style('red', 'Red'), style('blue', 'Blue', 'out_of_stock'), style('green', 'Green', 'low'), style('gold', 'Gold', 'preorder')],
    });
    renderScreen(<ProductCard product={styled} />);
    const select = screen.getByRole('combobox');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).disabled]),
    ).toEqual([
      ['Select a style', false],
      ['Red', false],
      ['Blue (Out of stock)', true],
      ['Green (Low stock)', false],
      ['Gold (Pre-order)', false],
    ]);
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('In stock');
    await userEvent.selectOptions(select, 'green');
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Low stock');
    await userEvent.selectOptions(select, 'gold');
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Pre-order');
  });

  it('a sold-out style the server refuses says why, never "Added to cart"', async () => {
    signIn();
    server.use(
      http.post('/api/cart/items', () =>
        HttpResponse.json(
          {
            code: 'BAD_REQUEST',
            desc: 'Solo (Black) is out of stock and cannot be added to the cart',
            details: { reason: 'stock', itemId: 100001, type: 'black', available: 0, max: 0, inCart: 0 },
          },
          { status: 400 },
        ),
      ),
    );
    renderScreen(<ProductCard product={product({ name: 'Solo', stockStatus: 'out_of_stock', types: [style('black', 'Black', 'out_of_stock')] })} />);
    expect(screen.getByText('Style: Black (Out of stock)')).toBeInTheDocument();
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Out of stock');
    fireEvent.click(screen.getByRole('button', { name: 'Add Solo to cart' }));
    expect(await screen.findByText('Solo (Black) is out of stock and cannot be added to the cart')).toBeInTheDocument();
    expect(screen.queryByText('Added to cart')).toBeNull();
  });

  it('prompts an anonymous visitor to log in before favouriting', async () => {
    const { router } = renderScreen(<ProductCard product={product({ name: 'Solo' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Please log in first')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls().filter((r) => r.path.startsWith('/api/favorites'))).toHaveLength(0);
  });

  it('favourites for a signed-in buyer and shows an alert when it fails', async () => {
    signIn();
    server.use(http.post('/api/favorites', () => HttpResponse.json({ code: 'server', desc: 'x' }, { status: 500 })));
    renderScreen(<ProductCard product={product({ name: 'Solo' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Failed to add favourite')).toBeInTheDocument();
    expect(calls('POST', '/api/favorites')[0]!.body).toEqual({ itemId: 100001 });
  });

  // Last in the file: the shared IntersectionObserver of lib/near-viewport is created once, with this stand-in.
  it('renders the style select and the stepper only when the card comes near the screen, or at the first press of Add', async () => {
    const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class StandInObserver {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback, targets: this.targets });
      }
      observe(element: Element) {
        this.targets.push(element);
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', StandInObserver);
    try {
      signIn();
      renderScreen(
        <>
          <ProductCard product={twoTypes} />
          <ProductCard product={product({ id: 7, name: 'Far away', types: [style('a', 'A'), style('b', 'B')] })} />
        </>,
      );
      // Off screen: boxes of the same size, no form controls yet.
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      const [near] = screen.getAllByTestId('product-card');
      await act(async () => {
        observed[0]!.callback([{ isIntersecting: true, target: near! } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
      });
      expect(within(near!).getByRole('combobox')).toBeInTheDocument();
      expect(within(near!).getByRole('textbox', { name: 'Quantity of GAN 12 Maglev' })).toHaveValue('1');
      expect(screen.getAllByRole('combobox')).toHaveLength(1);
      // Add on a card never seen near the screen: its select appears and asks for a style.
      fireEvent.click(screen.getByRole('button', { name: 'Add Far away to cart' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please select a style first');
      expect(screen.getAllByRole('combobox')).toHaveLength(2);
      expect(calls('POST', '/api/cart/items')).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
