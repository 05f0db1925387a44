import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { definitionOf } from '@/test/queries';
import { detail, detailStyle, renderScreen, resetSession, signIn } from '../test/helpers';
import { ProductDetailScreen } from './ProductDetailScreen';

beforeAll(async () => {
  await i18n.loadNamespaces('catalog');
});
beforeEach(() => resetSession());

const at = (id: string) => ({ path: '/product/:id', at: `/product/${id}` });

describe('ProductDetailScreen', { timeout: 20_000 }, () => {
  it('shows breadcrumb, pictures, name, labels, prices, properties and the description', async () => {
    server.use(http.get('/api/items/100001', () => HttpResponse.json(detail({ labels: ['N', 'D'], price: 39.9, discountPrice: 31.92, discountPercent: 20 }))));
    renderScreen(<ProductDetailScreen />, at('100001'));
    expect(await screen.findByRole('heading', { level: 1, name: 'GAN 356 M 3x3 Magnetic Speed Cube' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Speed Cubes', '/products-by-category/1'],
      ['3x3 Cubes', '/products-by-category/3'],
    ]);
    expect(crumbs.getByText('GAN 356 M 3x3 Magnetic Speed Cube')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('$31.92');
    expect(screen.getByTestId('original-price')).toHaveTextContent('$39.90');
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('20% OFF');
    const properties = screen.getByTestId('properties');
    expect(definitionOf(properties, 'Net weight')).toHaveTextContent('0.0820 kg');
    expect(definitionOf(properties, 'Volume')).toHaveTextContent('0.0003 m³');
    expect(within(properties).queryByText('Note')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('description')).getByText('GAN 356 M', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows the quantity prices as a table, marks the tier the quantity reaches and what it saves', async () => {
    const tiers = [
      { minQuantity: 12, price: 9 },
      { minQuantity: 48, price: 8.5 },
    ];
    server.use(
      http.get('/api/items/100001', () => HttpResponse.json(detail({ currency: 'CNY', price: 10, discountPrice: 10, basePrice: 10, priceTiers: tiers }))),
    );
    renderScreen(<ProductDetailScreen />, at('100001'));
    const table = await screen.findByTestId('tier-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1+ piece¥10.00', '12+ pieces¥9.00', '48+ pieces¥8.50']);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(within(table).queryByTestId('tier-saving')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '12' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Quantity' }));
    await waitFor(() => expect(rows[1]).toHaveAttribute('aria-current', 'true'));
    expect(within(table).getByTestId('tier-saving')).toHaveTextContent('You save ¥12.00 on 12 pieces');
  });

  it('has no tier table for a product without tiers', async () => {
    server.use(http.get('/api/items/100001', () => HttpResponse.json(detail())));
    renderScreen(<ProductDetailScreen />, at('100001'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('tier-table')).toBeNull();
  });

  it('enlarges the picture on click and closes the preview with Escape', async () => {
    server.use(http.get('/api/items/100001', () => HttpResponse.json(detail())));
    renderScreen(<ProductDetailScreen />, at('100001'));
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge picture' }));
    const preview = await screen.findByTestId('image-preview');
    expect(within(preview).getByRole('img')).toHaveAttribute('src', '/api/items/100001/image?v=1.1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next picture' }));
    expect(within(screen.getByTestId('image-preview')).getByRole('img')).toHaveAttribute('src', '/api/items/100001/images/1?v=1.1');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument());
  });

  it('alerts to select the product type when there are types and none is selected', async () => {
    signIn();
    server.use(
      http.get('/api/items/100001', () => HttpResponse.json(detail({ types: [detailStyle('black', 'Black'), detailStyle('white', 'White')] }))),
      http.post('/api/cart/items', () => HttpResponse.json({ id: 1 })),
    );
    renderScreen(<ProductDetailScreen />, at('100001'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Please select the product type first.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(calls('POST', '/api/cart/items')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'White' }));
    expect(screen.getByRole('button', { name: 'White' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls('POST', '/api/cart/items')).toHaveLength(1));
    expect(calls('POST', '/api/cart/items')[0]!.body).toEqual({ itemId: 100001, type: 'white', quantity: 1 });
  });

  it('marks each style’s stock; the stock line and the shipping promise follow the chosen style; a sold-out style cannot be added', async () => {
    signIn();
    const styles = [detailStyle('red', 'Red', 'in_stock', 40), detailStyle('blue', 'Blue', 'out_of_stock', 0), detailStyle('green', 'Green', 'low', 3)];
    server.use(
      http.get('/api/items/100001', () => HttpResponse.json(detail({ types: styles, stockStatus: 'in_stock', available: 43 }))),
      http.post('/api/cart/items', () => HttpResponse.json({ id: 1 })),
    );
    renderScreen(<ProductDetailScreen />, at('100001'));
    // The product as a whole: some style is in stock.
    expect(await screen.findByTestId('stock-line')).toHaveTextContent('In stock · ships within 24 hours');
    const blue = screen.getByRole('button', { name: 'Blue Sold out' });
    expect(blue).toHaveAttribute('data-stock', 'out_of_stock');
    expect(screen.getByRole('button', { name: 'Green 3 left' })).toBeInTheDocument();
    fireEvent.click(blue);
    expect(screen.getByTestId('stock-line')).toHaveTextContent('Out of stock · back soon; add it to your favourites to find it again');
    expect(screen.getByTestId('stock-line')).not.toHaveTextContent('ships within 24 hours');
    expect(screen.queryByText('Ships within 24 hours')).toBeNull();
    const addButton = screen.getByRole('button', { name: 'Add to cart' });
    expect(addButton).toBeDisabled();
    expect(screen.getByTestId('stock-note')).toHaveTextContent('This style is sold out. Choose another style');
    expect(addButton).toHaveAccessibleDescription(/This style is sold out/);
    // A low style: how many are left; more than that is offered down to it.
    fireEvent.click(screen.getByRole('button', { name: 'Green 3 left' }));
    expect(screen.getByTestId('stock-line')).toHaveTextContent('Low stock · only 3 left, order soon');
    expect(screen.getByText('Ships within 24 hours')).toBeInTheDocument();
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(screen.getByTestId('stock-note')).toHaveTextContent('Only 3 pieces available.'));
    expect(addButton).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Lower to 3 pieces' }));
    expect(quantity).toHaveValue('3');
    expect(screen.queryByTestId('stock-note')).toBeNull();
    fireEvent.click(addButton);
    await waitFor(() => expect(calls('POST', '/api/cart/items')).toHaveLength(1));
    expect(calls('POST', '/api/cart/items')[0]!.body).toEqual({ itemId: 100001, type: 'green', quantity: 3 });
  });

  it('in Chinese: sold-out and pre-order styles say so, a pre-order ships in 1-2 weeks', async () => {
    await i18n.changeLanguage('zh');
    try {
      const styles = [detailStyle('red', '红色', 'preorder', 0), detailStyle('blue', '蓝色', 'out_of_stock', 0)];
      server.use(http.get('/api/items/100001', () => HttpResponse.json(detail({ types: styles, stockStatus: 'preorder', available: 0 }))));
      renderScreen(<ProductDetailScreen />, at('100001'));
      fireEvent.click(await screen.findByRole('button', { name: '蓝色 已售罄' }));
      expect(screen.getByTestId('stock-note')).toHaveTextContent('该款式已售罄');
      expect(screen.getByRole('button', { name: '加入购物车' })).toBeDisabled();
      fireEvent.click(screen.getByRole('button', { name: '红色 预售' }));
      expect(screen.getByTestId('stock-line')).toHaveTextContent('预售 · 1-2 周内发货');
      expect(screen.getByText('预售，1-2 周内发货')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '加入购物车' })).toBeEnabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('toggles the favourite for a signed-in buyer', async () => {
    signIn();
    server.use(
      http.get('/api/items/100001', () => HttpResponse.json(detail())),
      http.post('/api/favorites', () => HttpResponse.json({ itemId: 100001, favorite: true })),
    );
    renderScreen(<ProductDetailScreen />, at('100001'));
    const button = await screen.findByRole('button', { name: 'Favourite' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'In favourites' })).toHaveAttribute('aria-pressed', 'true'));
    expect(calls('POST', '/api/favorites')).toHaveLength(1);
  });

  it('says when the product does not exist', async () => {
    server.use(http.get('/api/items/999', () => HttpResponse.json({ code: 'itemNotFound', desc: 'The product does not exist' }, { status: 404 })));
    renderScreen(<ProductDetailScreen />, at('999'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Nothing is left loading: the breadcrumb is home only.
    // (skeletons have neither role nor text: found by their attribute and class)
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.querySelector('[aria-busy="true"], .animate-pulse')).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    server.use(http.get('/api/items/100001', () => (fail ? HttpResponse.json({ desc: 'down' }, { status: 500 }) : HttpResponse.json(detail()))));
    renderScreen(<ProductDetailScreen />, at('100001'));
    expect(await screen.findByText('Failed to load the product, please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('GAN 356 M');
  });
});
