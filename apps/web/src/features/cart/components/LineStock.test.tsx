import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCartItem } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { calls } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { plainLine } from '../test/cart-fixtures';
import { CartLines } from './CartLines';
import { LineStock } from './LineStock';

// A cart line's stock (docs/catalog.md, Stock): what is available and a warning when the line asks for more.
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadLanguages(['en', 'zh']);
  await i18n.loadNamespaces(['cart', 'common']);
});
beforeEach(() => {
  resetSession();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (overrides: Partial<TCartItem>) => ({ ...plainLine(), ...overrides });
const desktop = () => vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));

describe('cart line stock', () => {
  it('warns when the line asks for more than is available, and says how many there are', () => {
    renderScreen(<LineStock line={line({ available: 3, stockStatus: 'low', stockShort: true })} quantity={10} />);
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Only 3 pieces available: lower the quantity to order');
  });

  it('one piece, none, low, plenty, and a product whose stock is not tracked', () => {
    const cases: [Partial<TCartItem>, number, string | null][] = [
      [{ available: 1, stockStatus: 'low' }, 5, 'Only 1 piece available: lower the quantity to order'],
      [{ available: 0, stockStatus: 'out_of_stock' }, 1, 'Out of stock: remove it to order the rest'],
      [{ available: 4, stockStatus: 'low' }, 2, 'Only 4 pieces left'],
      [{ available: 400, stockStatus: 'in_stock' }, 10, 'In stock'],
      [{ available: null, stockStatus: 'in_stock' }, 10, null],
    ];
    for (const [overrides, quantity, text] of cases) {
      const view = renderScreen(<LineStock line={line(overrides)} quantity={quantity} />);
      if (text === null) expect(screen.queryByTestId('line-stock')).not.toBeInTheDocument();
      else expect(screen.getByTestId('line-stock')).toHaveTextContent(text);
      view.unmount();
    }
  });

  it('a pre-order product: the pieces beyond stock ship in 1-2 weeks, no warning', () => {
    const view = renderScreen(<LineStock line={line({ available: 2, stockStatus: 'low', preorder: true })} quantity={5} />);
    expect(screen.getByTestId('line-stock')).toHaveTextContent('2 pieces in stock; the rest is a pre-order and ships in 1-2 weeks');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();
    renderScreen(<LineStock line={line({ available: 0, stockStatus: 'preorder', preorder: true })} quantity={5} />);
    expect(screen.getByTestId('line-stock')).toHaveTextContent('Pre-order: ships in 1-2 weeks');
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    try {
      renderScreen(<LineStock line={line({ available: 3, stockStatus: 'low', stockShort: true })} quantity={10} />);
      expect(screen.getByRole('alert')).toHaveTextContent('仅剩 3 件，请减少数量后下单');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('in the cart table the warning follows the stepper: lowering the quantity to what is available clears it', async () => {
    desktop();
    const user = userEvent.setup();
    const short = line({ quantity: 5, amount: 400, available: 4, stockStatus: 'low', stockShort: true });
    shop.cart = [short];
    renderScreen(<CartLines lines={[short]} compact={false} />, { path: '/cart' });
    const row = (await screen.findAllByTestId('cart-line'))[0]!;
    expect(within(row).getByRole('alert')).toHaveTextContent('Only 4 pieces available');
    await user.click(within(row).getByRole('button', { name: 'Decrease quantity of GAN 356 M' }));
    await waitFor(() => expect(within(row).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(row).getByTestId('line-stock')).toHaveTextContent('Only 4 pieces left');
    // Settled before the next test (its answer would otherwise land in that test's session).
    await waitFor(() => expect(calls('PUT', '/api/cart/items/11')).toHaveLength(1));
  });

  it('a short line offers to lower it to what is left, in whole order multiples, with one press', async () => {
    desktop();
    const user = userEvent.setup();
    // Sold by the 6: 14 left means at most 12 can be ordered.
    const short = line({ quantity: 18, moq: 6, orderMultiple: 6, available: 14, stockStatus: 'in_stock', stockShort: true });
    shop.cart = [short];
    renderScreen(<CartLines lines={[short]} compact={false} />, { path: '/cart' });
    const row = (await screen.findAllByTestId('cart-line'))[0]!;
    expect(within(row).getByRole('alert')).toHaveTextContent('Only 14 pieces available: lower the quantity to order');
    await user.click(within(row).getByRole('button', { name: 'Lower to 12 GAN 356 M' }));
    // Sent at once (no pause for more clicks), and the stepper shows it.
    await waitFor(() => expect(calls('PUT', '/api/cart/items/11')).toHaveLength(1));
    expect(calls('PUT', '/api/cart/items/11')[0]!.body).toEqual({ quantity: 12 });
    expect(within(row).getByRole('textbox', { name: 'Quantity of GAN 356 M' })).toHaveValue('12');
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a sold-out line (or fewer pieces than its minimum order) offers only to remove it, at one press', async () => {
    const user = userEvent.setup();
    const sold = line({ quantity: 6, moq: 6, orderMultiple: 6, available: 4, stockStatus: 'out_of_stock', stockShort: true });
    shop.cart = [sold];
    renderScreen(<CartLines lines={[sold]} compact={false} />, { path: '/cart' });
    const card = (await screen.findAllByTestId('cart-line'))[0]!;
    expect(within(card).getByRole('alert')).toHaveTextContent('Out of stock: remove it to order the rest');
    expect(within(card).queryByTestId('line-lower')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Remove GAN 356 M' }));
    await waitFor(() => expect(calls('DELETE', '/api/cart/items/11')).toHaveLength(1));
    expect(await screen.findByText('Removed from your cart')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('in Chinese, the fixes too', async () => {
    await i18n.changeLanguage('zh');
    try {
      renderScreen(
        <LineStock line={line({ available: 3, stockStatus: 'low', stockShort: true })} quantity={10} onLower={() => undefined} onRemove={() => undefined} />,
      );
      expect(screen.getByRole('button', { name: '减至 3 件 GAN 356 M' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '移除 GAN 356 M' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
