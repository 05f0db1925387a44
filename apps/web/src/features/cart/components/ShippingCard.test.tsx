import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TExpressChoice, TExpressFee } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { ShippingCard } from './ShippingCard';

const fee = (freight: number, freeShipping = false) => ({ currency: 'CNY', freight, freeShipping }) as TExpressFee;
const quotes: TExpressChoice[] = [
  { id: 'dhl', name: 'DHL Express', available: true, fee: fee(0, true), reason: null },
  { id: 'ems', name: 'EMS', available: true, fee: fee(236.5), reason: null },
  {
    id: 'chinapost',
    name: 'China Post',
    available: false,
    fee: null,
    reason: { code: 'expressTooHeavy', message: 'China Post carries at most 2 kg per shipment; this order weighs 10 kg' },
  },
];

function setup(lang: 'en' | 'zh') {
  const onMethod = vi.fn();
  render(
    <ShippingCard
      hasAddress
      methods={[
        { id: 'ems', name: 'EMS', transitDays: { min: 5, max: 10 } },
        { id: 'dhl', name: 'DHL Express', transitDays: { min: 3, max: 6 } },
        { id: 'chinapost', name: 'China Post', transitDays: { min: 10, max: 20 } },
      ]}
      quotes={quotes}
      methodsState="ready"
      method=""
      onMethod={onMethod}
      onRetryMethods={() => undefined}
      payments={[]}
      paymentsState="ready"
      payment=""
      onPayment={() => undefined}
      onRetryPayments={() => undefined}
    />,
  );
  return { onMethod, lang };
}

describe('shipping methods', () => {
  it.each(['en', 'zh'] as const)('shows each method’s fee up front and disables the one that cannot carry the cart, saying why (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces('cart');
    const { onMethod } = setup(lang);
    const group = screen.getByRole('group', { name: lang === 'en' ? 'Shipping method' : '配送方式' });
    expect(within(group).getByTestId('choice-ems')).toHaveTextContent('¥236.50');
    expect(within(group).getByTestId('choice-dhl')).toHaveTextContent(lang === 'en' ? 'Free shipping' : '免运费');
    const post = within(group).getByRole('radio', { name: /China Post/ });
    expect(post).toBeDisabled();
    expect(within(group).getByTestId('choice-chinapost')).toHaveTextContent('at most 2 kg');
    await userEvent.click(post).catch(() => undefined); // a disabled radio cannot be clicked
    expect(onMethod).not.toHaveBeenCalled();
    await userEvent.click(within(group).getByRole('radio', { name: /EMS/ }));
    expect(onMethod).toHaveBeenCalledWith('ems');
  });
});
