import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCartItem } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { calls } from '@/test/msw/server';
import { struckThrough } from '@/test/queries';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { cartonLine, plainLine, seedCart } from '../test/cart-fixtures';
import { CartLines } from './CartLines';

/** A desktop browser (md and up): the lines are a table. */
function desktop() {
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));
}

const renderLines = (lines: TCartItem[], compact = false) => renderScreen(<CartLines lines={lines} compact={compact} />, { path: '/cart' });

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['cart', 'common']);
});
beforeEach(() => {
  resetSession();
  signIn();
  seedCart();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart lines', { timeout: 20_000 }, () => {
  it('on a desktop: a table, brand, item no. and style under the name, the minimum under the quantity; the compact view drops the pictures', async () => {
    desktop();
    const view = renderLines([plainLine(), cartonLine()]);
    const table = await screen.findByRole('table', { name: 'Items' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Image', 'Name', 'Unit price', 'Quantity', 'Amount', 'Actions']);
    const carton = within(table).getAllByTestId('cart-line')[1]!;
    expect(within(carton).getByRole('link', { name: 'MoYu WeiLong WRM' })).toHaveAttribute('href', '/product/100002');
    expect(carton).toHaveTextContent('MoYu');
    expect(carton).toHaveTextContent('100002');
    expect(struckThrough(carton)[0]).toHaveTextContent('Original price ¥60.00');
    expect(carton).toHaveTextContent('¥50.00');
    expect(within(carton).getByTestId('min-order')).toHaveTextContent('MOQ 6in multiples of 6');
    expect(carton).toHaveTextContent('¥300.00');
    view.unmount();

    renderLines([plainLine()], true);
    const compact = await screen.findByRole('table', { name: 'Items' });
    expect(within(compact).queryByRole('columnheader', { name: 'Image' })).not.toBeInTheDocument();
    expect(within(compact).queryByRole('img')).not.toBeInTheDocument();
  });

  it('on a phone: one card per line, with the same stepper', async () => {
    renderLines([plainLine(), cartonLine()]);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('No. 100002');
    expect(within(cards[1]!).getByRole('textbox', { name: 'Quantity of MoYu WeiLong WRM' })).toHaveValue('6');
    expect(screen.queryByRole('table', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('the amount follows the stepper at once; the server gets the quantity after the pause', async () => {
    desktop();
    const user = userEvent.setup();
    renderLines([plainLine(), cartonLine()]);
    const row = (await screen.findAllByTestId('cart-line'))[1]!;
    expect(within(row).getByRole('button', { name: 'Decrease quantity of MoYu WeiLong WRM' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'Increase quantity of MoYu WeiLong WRM' }));
    expect(within(row).getByRole('textbox')).toHaveValue('12');
    // 12 × ¥50, before the server has answered.
    expect(row).toHaveTextContent('¥600.00');
    expect(calls('PUT', '/api/cart/items/12')).toHaveLength(0);
    await waitFor(() => expect(calls('PUT', '/api/cart/items/12')).toHaveLength(1));
    expect(calls('PUT', '/api/cart/items/12')[0]!.body).toEqual({ quantity: 12 });
  });

  it('details show each weight and volume per piece and for the line', async () => {
    const user = userEvent.setup();
    renderLines([cartonLine()]);
    await user.click(await screen.findByRole('button', { name: /Details/ }));
    const details = screen.getByRole('table');
    const gross = within(details).getByRole('row', { name: /^Gross weight/ });
    expect(gross).toHaveTextContent('0.5000 kg');
    expect(gross).toHaveTextContent('3.0000 kg');
  });

  it('a line priced at a quantity tier says which tier and what it saves; other lines say nothing of tiers', async () => {
    const tiered = { ...plainLine(), quantity: 12, price: 10, discountPrice: 9, amount: 108, tierMinQuantity: 12, tierSaving: 12 };
    renderLines([tiered, cartonLine()]);
    const [line, other] = await screen.findAllByRole('listitem');
    expect(within(line!).getByTestId('line-tier')).toHaveTextContent('12+ pieces price · saves ¥12.00');
    expect(within(other!).queryByTestId('line-tier')).toBeNull();
  });

  it('a line the shop can no longer take as it is says why', async () => {
    renderLines([{ ...cartonLine(), quantity: 4, problem: 'moq' }]);
    expect(await screen.findByText("The quantity is below this product's minimum order quantity now.")).toBeInTheDocument();
  });
});
