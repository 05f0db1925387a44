import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCartItem } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { renderScreen, resetSession, signIn } from '@/test/render';
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
  });
});
