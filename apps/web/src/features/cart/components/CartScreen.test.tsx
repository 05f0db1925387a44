import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import type { TAddress } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { address } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { calls, server } from '@/test/msw/server';
import { quote, shop } from '@/test/msw/shop';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { cartonLine, plainLine, seedCart } from '../test/cart-fixtures';
import { QUANTITY_DEBOUNCE_MS } from '../hooks/use-line-quantity';
import { CartScreen } from './CartScreen';

/** The checkout with a delivery address chosen (the address card belongs to features/addresses: a stand-in here). */
function renderCart(delivery: TAddress | null = address({ id: 31, asDefault: true })) {
  return renderScreen(<CartScreen address={delivery} addressCard={<section aria-label="Delivery address card" />} />, { path: '/cart' });
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['cart', 'common']);
});
beforeEach(() => {
  resetSession();
  signIn();
  seedCart();
});

describe('cart screen', { timeout: 20_000 }, () => {
  it('lists every line and sums them in the summary as the server counts them', async () => {
    renderCart();
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('link', { name: 'GAN 356 M' })).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('¥800.00');
    expect(lines[1]).toHaveTextContent('¥300.00');
    expect(within(lines[1]!).getByTestId('min-order')).toHaveTextContent('MOQ 6in multiples of 6');
    const summary = await screen.findByTestId('order-summary');
    expect(summary).toHaveTextContent('2 lines, 16 pcs');
    expect(screen.getByTestId('goods-amount')).toHaveTextContent('¥1,100.00');
    expect(summary).toHaveTextContent('You save ¥60.00');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2)');
  });

  it('the quantity stepper keeps to the MOQ and the carton, and sends one update after the clicks', async () => {
    renderCart();
    const decrease = await screen.findByRole('button', { name: 'Decrease quantity of MoYu WeiLong WRM' });
    const quantity = screen.getByRole('textbox', { name: 'Quantity of MoYu WeiLong WRM' });
    expect(quantity).toHaveValue('6');
    expect(decrease).toBeDisabled();
    // The pause the stepper waits for more clicks runs on a driven clock: two clicks however slow
    // the machine is, then the pause ends. (fireEvent: user-event's clicks wait on a timer of their own.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of MoYu WeiLong WRM' }));
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of MoYu WeiLong WRM' }));
      expect(quantity).toHaveValue('18');
      vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
      expect(calls('PUT', '/api/cart/items/12')).toHaveLength(0);
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    const user = userEvent.setup();
    await waitFor(() => expect(calls('PUT', '/api/cart/items/12')).toHaveLength(1));
    expect(calls('PUT', '/api/cart/items/12')[0]!.body).toEqual({ quantity: 18 });
    // The server's new totals: 10 + 18 pieces, ¥800 + ¥900.
    await waitFor(() => expect(screen.getByTestId('order-summary')).toHaveTextContent('2 lines, 28 pcs'));
    expect(screen.getByTestId('goods-amount')).toHaveTextContent('¥1,700.00');
    // Typed quantities snap to the carton, with a note why.
    await user.clear(quantity);
    await user.type(quantity, '20{Enter}');
    expect(quantity).toHaveValue('18');
    expect(await screen.findByText('Quantity set to 18: in steps of 6')).toBeInTheDocument();
  });

  it('a quantity the server refuses shows its reason and goes back to the server’s quantity', async () => {
    server.use(http.put('/api/cart/items/11', () => apiError(400, 'BAD_REQUEST', 'Product GAN 356 M quantity is less than the minimum order quantity')));
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of GAN 356 M' }));
    expect(screen.getByRole('textbox', { name: 'Quantity of GAN 356 M' })).toHaveValue('11');
    expect(await screen.findByText('Product GAN 356 M quantity is less than the minimum order quantity')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of GAN 356 M' })).toHaveValue('10'));
  });

  it('removes a line after asking, and the totals follow', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove GAN 356 M from the cart' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove GAN 356 M from your cart?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(calls('DELETE', '/api/cart/items/11')).toHaveLength(1);
    expect(await screen.findByText('Removed from your cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-summary')).toHaveTextContent('1 line, 6 pcs'));
  });

  it('a method that cannot carry the cart cannot be chosen; the summary lines add up to the server’s quote', async () => {
    const user = userEvent.setup();
    renderCart();
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    const post = await within(methods).findByRole('radio', { name: /China Post/ });
    await waitFor(() => expect(post).toBeDisabled());
    expect(within(methods).getByTestId('choice-CHINAPOST')).toHaveTextContent('China Post carries at most 2 kg per shipment; this order weighs 4.2 kg');
    await user.click(post).catch(() => undefined);
    expect(post).not.toBeChecked();

    const placeOrder = screen.getByRole('button', { name: 'Place order' });
    expect(placeOrder).toBeDisabled();
    await user.click(within(methods).getByRole('radio', { name: /DHL Express/ }));
    await user.click(within(screen.getByRole('group', { name: 'Payment method' })).getByRole('radio', { name: /PayPal/ }));

    const expected = quote('DHL', 'US', 'PAYPAL', 'en');
    if (!expected || !('fee' in expected)) throw new Error('the fake shop quotes DHL to the US');
    await waitFor(() => expect(screen.getByTestId('grand-total')).toHaveTextContent('¥1,513.80'));
    const goods = money(screen.getByTestId('goods-amount').textContent);
    const shipping = money(screen.getByTestId('shipping-fee').textContent);
    const fee = money(screen.getByTestId('payment-surcharge').textContent);
    expect([goods, shipping, fee]).toEqual([expected.fee.goodsAmount, expected.fee.freight, expected.fee.surcharge]);
    expect(Math.round((goods + shipping + fee) * 100) / 100).toBe(expected.fee.grandTotal);
    expect(screen.getByText('Payment fee (PayPal, 4.4%)')).toBeInTheDocument();
    expect(placeOrder).toBeEnabled();
  });

  it('places one order on a double click, with an idempotency key, and opens it', async () => {
    // The server takes a moment to answer, as a real one does: the second click comes while the first is on its way.
    server.use(
      http.post('/api/orders', async () => {
        await delay(150);
      }),
    );
    const user = userEvent.setup();
    const { router } = renderCart();
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    await user.click(await within(methods).findByRole('radio', { name: /EMS/ }));
    await user.click(within(screen.getByRole('group', { name: 'Payment method' })).getByRole('radio', { name: /Alipay/ }));
    await user.type(screen.getByLabelText('Order comment'), 'Please pack by carton');
    const placeOrder = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.dblClick(placeOrder);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/9001'));
    const orders = calls('POST', '/api/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(orders[0]!.body).toMatchObject({
      expressMethod: 'EMS',
      payMethod: 'ALIPAY',
      deliveryRegionId: 'US',
      deliveryCity: 'New York',
      deliveryUser: 'Jane Doe',
      comment: 'Please pack by carton',
    });
    expect(shop.cart).toHaveLength(0);
  });

  it('an order refused for stock names the short line and offers to lower or remove it, never "Retry payment"; lowered, the order goes through', async () => {
    // The stock of GAN 356 M fell to 4 while it sat in the cart (10 pieces): the server refuses
    // the order, naming the line, and the cart read again says so.
    shop.cart = [{ ...plainLine(), available: 40 }, cartonLine()];
    server.use(
      http.post('/api/orders', () => {
        shop.cart = shop.cart.map((l) => (l.id === 11 ? { ...l, available: 4, stockStatus: 'low', stockShort: true } : l));
        return apiError(400, 'BAD_REQUEST', 'Not enough stock; please lower the quantity and order again: GAN 356 M: only 4 available', {
          reason: 'stockShort',
          lines: [{ itemId: 100001, typeCode: '', name: 'GAN 356 M', requested: 10, available: 4 }],
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderCart();
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    await user.click(await within(methods).findByRole('radio', { name: /EMS/ }));
    await user.click(within(screen.getByRole('group', { name: 'Payment method' })).getByRole('radio', { name: /Alipay/ }));
    const placeOrder = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.click(placeOrder);

    const refusal = await screen.findByTestId('stock-refusal');
    expect(refusal).toHaveTextContent('Not enough stock for this order');
    expect(refusal).toHaveTextContent('1 line asks for more than is left. Lower or remove it, then place the order again.');
    const short = within(refusal).getByTestId('stock-refusal-line');
    expect(short).toHaveTextContent('GAN 356 M');
    expect(short).toHaveTextContent('You asked for 10; only 4 are left.');
    expect(within(short).getByRole('button', { name: 'Remove GAN 356 M' })).toBeInTheDocument();
    expect(screen.queryByText('Retry payment')).toBeNull();
    expect(screen.queryByTestId('order-error-banner')).toBeNull();
    expect(screen.queryByText(/Sorry, there was an issue processing your order/)).toBeNull();
    // The line itself says so too, once the cart is read again.
    const line = screen.getAllByTestId('cart-line')[0]!;
    await waitFor(() => expect(within(line).getByRole('alert')).toHaveTextContent('Only 4 pieces available'));

    await user.click(within(short).getByRole('button', { name: 'Lower to 4 GAN 356 M' }));
    await waitFor(() => expect(calls('PUT', '/api/cart/items/11')).toHaveLength(1));
    expect(calls('PUT', '/api/cart/items/11')[0]!.body).toEqual({ quantity: 4 });
    expect(await screen.findByText('Done: every line fits what is in stock. You can place the order now.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-summary')).toHaveTextContent('2 lines, 10 pcs'));

    server.resetHandlers();
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.click(placeOrder);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/9001'));
  });

  it('in Chinese the stock refusal reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    try {
      shop.cart = [{ ...plainLine(), available: 0, stockStatus: 'out_of_stock', stockShort: true }];
      server.use(
        http.post('/api/orders', () =>
          apiError(400, 'BAD_REQUEST', '库存不足，请减少数量后再下单：GAN 356 M：仅剩 0 件', {
            reason: 'stockShort',
            lines: [{ itemId: 100001, typeCode: '', name: 'GAN 356 M', requested: 10, available: 0 }],
          }),
        ),
      );
      const user = userEvent.setup();
      renderCart();
      const methods = await screen.findByRole('group', { name: '配送方式' });
      await user.click(await within(methods).findByRole('radio', { name: /EMS/ }));
      await user.click(within(screen.getByRole('group', { name: '支付方式' })).getByRole('radio', { name: /支付宝|Alipay/ }));
      const placeOrder = screen.getByRole('button', { name: '提交订单' });
      await waitFor(() => expect(placeOrder).toBeEnabled());
      await user.click(placeOrder);
      const refusal = await screen.findByTestId('stock-refusal');
      expect(refusal).toHaveTextContent('库存不足，订单未提交');
      expect(refusal).toHaveTextContent('需要 10 件，已售罄。');
      // Nothing is left of it: only removing it helps.
      expect(within(refusal).queryByRole('button', { name: /减至/ })).toBeNull();
      expect(within(refusal).getByRole('button', { name: '移除 GAN 356 M' })).toBeInTheDocument();
      expect(screen.queryByText('重新支付')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('without a delivery address no shipping is offered and the order cannot be placed', async () => {
    renderCart(null);
    await screen.findAllByTestId('cart-line');
    expect(screen.getByText('Choose a delivery address to see the shipping methods.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByText('Add or choose a delivery address to place the order.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delivery address card' })).toBeInTheDocument();
    expect(calls('GET', '/api/cart/info/express-fees')).toHaveLength(0);
  });

  it('an empty cart says so and leads back to the shop', async () => {
    shop.cart = [];
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
