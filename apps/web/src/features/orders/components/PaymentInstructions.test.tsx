import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOrderPaymentInstructions } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { useToastStore } from '@/lib/stores/toast';
import { definitionOf } from '@/test/queries';
import { renderScreen } from '@/test/render';
import { PaymentInstructions } from './PaymentInstructions';

// The buyer's "how to pay" card for methods other than bank transfer (docs/orders.md, Shop settings).
const ALIPAY: TOrderPaymentInstructions = {
  method: { id: 'alipay', name: 'Alipay' },
  receiver: 'Cubeshop Ltd',
  account: 'pay@cubeshop.example',
  note: 'Put the order number in the remark.\nWe ship when it arrives. <b>not bold</b>',
  reference: '10000123',
  qrUrl: '/api/payment-methods/alipay/qr.png?v=0123456789abcdef',
};

beforeEach(async () => {
  await i18n.loadNamespaces('orders');
  useToastStore.getState().clear();
});

describe('PaymentInstructions', { timeout: 20_000 }, () => {
  it('shows receiver, account, the reference with a copy button, the note as plain text and the QR picture (en)', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderScreen(<PaymentInstructions instructions={ALIPAY} amount="$107.08" />);
    expect(screen.getByRole('heading', { name: 'How to pay by Alipay' })).toBeInTheDocument();
    const card = screen.getByTestId('payment-instructions');
    expect(within(card).getByText(/Please pay \$107\.08 by Alipay and quote the reference 10000123/)).toBeInTheDocument();
    expect(within(card).getByTestId('payment-reference')).toHaveTextContent('10000123');
    expect(definitionOf(card, 'Receiver')).toHaveTextContent('Cubeshop Ltd');
    expect(definitionOf(card, 'Account')).toHaveTextContent('pay@cubeshop.example');
    // the note keeps its line breaks and is never read as HTML
    const note = within(card).getByTestId('payment-note');
    expect(note.textContent).toBe(ALIPAY.note);
    expect(within(note).queryAllByText(() => true, { selector: 'b' })).toEqual([]);
    expect(note).toHaveClass('whitespace-pre-line');
    const qr = within(card).getByRole('img', { name: 'QR code to pay by Alipay' });
    expect(qr).toHaveAttribute('src', ALIPAY.qrUrl);
    expect(qr).toHaveAttribute('width', '180');
    expect(within(card).getByText('Scan with Alipay to pay')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Copy the reference 10000123' }));
    expect(await navigator.clipboard.readText()).toBe('10000123');
    expect(within(card).getByRole('button', { name: 'Copy the reference 10000123' })).toHaveTextContent('Copied');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Copied 10000123');
  });

  it('reads in Chinese and leaves out what the shop did not set', async () => {
    await i18n.changeLanguage('zh');
    renderScreen(
      <PaymentInstructions instructions={{ ...ALIPAY, method: { id: 'wechat', name: '微信支付' }, account: null, note: null, qrUrl: null }} amount="¥760.00" />,
    );
    expect(screen.getByRole('heading', { name: '微信支付付款方式' })).toBeInTheDocument();
    const card = screen.getByTestId('payment-instructions');
    expect(
      within(card).getByText('请使用微信支付付款（金额 ¥760.00），并在付款附言（备注）中填写 10000123，以便我们核对款项。收到款项后即安排发货。'),
    ).toBeInTheDocument();
    expect(within(card).getByText('付款附言（订单号）')).toBeInTheDocument();
    expect(within(card).getByText('收款人')).toBeInTheDocument();
    expect(within(card).queryByText('收款账号')).toBeNull();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByTestId('payment-note')).toBeNull();
    expect(within(card).getByRole('button', { name: '复制付款附言 10000123' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
