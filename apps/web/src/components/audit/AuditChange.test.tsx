import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TAuditEntry, TCurrency } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { AuditChange } from './AuditChange';

// The order page's history and the activity log show every audited change in the staff member's
// language: field names as words, statuses, carriers and methods as their labels, money with its
// currency, yes/no, lists summarised; never a raw code, a field name or JSON.
beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'orders']);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

type Entry = Pick<TAuditEntry, 'action' | 'before' | 'after'>;

/** The change as rendered: its context line (if any) and one string per changed field. */
function show(entry: Entry, props: { currency?: TCurrency; lineName?: (id: number) => string | undefined } = {}) {
  const view = render(
    <Suspense fallback={null}>
      <AuditChange entry={entry} {...props} />
    </Suspense>,
  );
  const root = screen.queryByTestId('audit-change');
  const lines = root
    ? within(root)
        .queryAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
  const context = root ? (within(root).queryByTestId('audit-context')?.textContent ?? null) : null;
  const text = [context ?? '', ...lines].join('\n');
  view.unmount();
  return { lines, context, text };
}

/** Nothing of the raw record shows: no JSON, no camelCase field names, no snake_case codes. */
function expectNoRawCodes(text: string) {
  expect(text).not.toMatch(/[{}"]/);
  expect(text).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
}

// As the orders module records it: `currency` is the order's, `paidCurrency` the payment's own.
const payment: Entry = {
  action: 'order.payment',
  before: { paymentStatus: 'partially_paid', balance: 1234.5, owed: 1234.5, currency: 'CNY' },
  after: { paymentStatus: 'paid', balance: 0, owed: 1234.5, currency: 'CNY', amount: 174.5, paidCurrency: 'USD', method: 'bankTransfer', reference: 'TT-778' },
};
const line: Entry = {
  action: 'order.line',
  before: { lineId: 7, itemId: 100001, type: 'black', actualQuantity: 25, actualPrice: 129, currency: 'USD' },
  after: { lineId: 7, itemId: 100001, type: 'black', actualQuantity: 24, actualPrice: 119.5, currency: 'USD' },
};

describe('AuditChange', () => {
  it('shows a payment in words, with its money in its currencies (en)', () => {
    const { lines, text } = show(payment, { currency: 'CNY' });
    expect(lines).toEqual([
      // What was paid, in the payment's own currency, then what it did to the order (in the order's, CNY).
      'Amount: $174.50',
      'Payment method: Bank transfer',
      'Reference: TT-778',
      'Payment status: Partly paid → Paid',
      'Balance: ¥1,234.50 → ¥0.00',
    ]);
    expectNoRawCodes(text);
  });

  it('takes the currency from the entry in the activity log, and shows money without one as a plain 2-decimal number', () => {
    // The activity log has no order page: the entry names the order's currency.
    expect(show(payment).lines).toContain('Balance: ¥1,234.50 → ¥0.00');
    // An older payment entry named only the payment's currency: the order's money has none.
    const older = show({
      action: 'order.payment',
      before: { paymentStatus: 'unpaid', balance: 100 },
      after: { paymentStatus: 'partially_paid', balance: 30, amount: 10, currency: 'USD', method: 'paypal', reference: null },
    });
    expect(older.lines).toEqual(['Amount: $10.00', 'Payment method: PayPal', 'Payment status: Unpaid → Partly paid', 'Balance: 100.00 → 30.00']);
  });

  it('names the line a change is about and the packed quantity and price (en and zh)', () => {
    const named = show(line, { currency: 'USD', lineName: (id) => (id === 7 ? 'Gan 356 M (Black)' : undefined) });
    expect(named.context).toBe('Line: Gan 356 M (Black)');
    expect(named.lines).toEqual(['Packed quantity: 25 → 24', 'Actual unit price: $129.00 → $119.50']);
    expectNoRawCodes(named.text);
    // Without the order's lines (the activity log): the product and type it is about.
    expect(show(line)).toMatchObject({
      context: 'Product: #100001 · Type: black',
      lines: ['Packed quantity: 25 → 24', 'Actual unit price: $129.00 → $119.50'],
    });
  });

  it('shows status changes as labels: order, logistics, carrier, and the new refund-due payment status', () => {
    const moved = show({
      action: 'order.transition',
      before: { status: 'confirm', logisticsStatus: 'pending', trackingNumber: null, carrier: null },
      after: { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'DHL-1234567890', carrier: 'dhl' },
    });
    expect(moved.lines).toEqual([
      'Order status: Confirmed → Outbound',
      'Logistics status: Pending → In transit',
      'Tracking number: — → DHL-1234567890',
      'Carrier: — → DHL Express',
    ]);
    expectNoRawCodes(moved.text);
    const refundDue = show(
      { action: 'order.refund', before: { paymentStatus: 'paid', balance: 0 }, after: { paymentStatus: 'refund_due', balance: -20 } },
      { currency: 'CNY' },
    );
    expect(refundDue.lines).toEqual(['Payment status: Paid → Refund due', 'Balance: ¥0.00 → -¥20.00']);
  });

  it('says it all in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['staff', 'orders']);
    expect(show(payment, { currency: 'CNY' }).lines).toEqual([
      '金额：$174.50',
      '付款方式：银行转账',
      '参考号：TT-778',
      '付款状态：部分付款 → 已付款',
      '余额：¥1,234.50 → ¥0.00',
    ]);
    expect(
      show({ action: 'order.restock', before: null, after: { status: 'delivery', lines: [{ lineId: 7, itemId: 1, name: '魔方', quantity: 2, returned: 2 }] } })
        .lines,
    ).toEqual(['订单状态：配送中', '商品行：魔方 × 2']);
    const named = show(line, { currency: 'USD', lineName: () => '魔方 356（黑色）' });
    expect(named.context).toBe('订单行：魔方 356（黑色）');
    expect(named.lines).toEqual(['实发数量：25 → 24', '实际单价：$129.00 → $119.50']);
    expect(show({ action: 'order.refund', before: { paymentStatus: 'paid' }, after: { paymentStatus: 'refund_due' } }).lines).toEqual([
      '付款状态：已付款 → 待退款',
    ]);
    expect(show({ action: 'customer.disable', before: { disabled: false }, after: { disabled: true } }).lines).toEqual(['账号已停用：否 → 是']);
    expect(
      show({ action: 'request.approve', before: { request: 12, kind: 'return', status: 'open' }, after: { request: 12, kind: 'return', status: 'approved' } }),
    ).toMatchObject({
      context: '申请：#12 · 申请类型：退货',
      lines: ['申请状态：待处理 → 已通过'],
    });
  });

  it('summarises credit notes and restocked lines (the new order actions) without JSON', () => {
    // As the orders module records a credit note (in the order's currency).
    const credit = show({
      action: 'order.credit',
      before: { paymentStatus: 'paid', balance: 0, credited: 0, currency: 'USD' },
      after: {
        credit: 'CN-10000001-1',
        kind: 'return',
        amount: 38.5,
        currency: 'USD',
        lines: [
          { lineId: 7, itemId: 100001, name: 'Gan 356 M', quantity: 2, amount: 36 },
          { lineId: 8, itemId: 100002, name: 'Timer', quantity: 1, amount: 0 },
        ],
        extra: 2.5,
        paymentStatus: 'refund_due',
        balance: -38.5,
        credited: 38.5,
      },
    });
    expect(credit.lines).toEqual([
      'Credit note: CN-10000001-1',
      'Credit type: Return',
      'Amount: $38.50',
      'Extra amount: $2.50',
      'Lines: Gan 356 M × 2 ($36.00); Timer × 1 ($0.00)',
      'Payment status: Paid → Refund due',
      'Balance: $0.00 → -$38.50',
      'Credited in total: $0.00 → $38.50',
    ]);
    expectNoRawCodes(credit.text);
    // The other shape an order.credit entry may have (a credit id, no before) reads as well.
    expect(show({ action: 'order.credit', before: null, after: { credit: 5, kind: 'goodwill', amount: 20, currency: 'CNY', reason: 'Late' } }).lines).toEqual([
      'Credit note: #5',
      'Credit type: Goodwill',
      'Amount: ¥20.00',
      'Reason: Late',
    ]);
    const restock = show({
      action: 'order.restock',
      before: null,
      after: { status: 'delivery', lines: [{ lineId: 7, itemId: 100001, name: 'Gan 356 M', quantity: 2, returned: 2 }] },
    });
    expect(restock.lines).toEqual(['Order status: In delivery', 'Lines: Gan 356 M × 2']);
  });

  it('reads catalog, stock and settings changes: prices in yuan, tiers, stock per type, nested settings, yes/no', () => {
    const item = show({
      action: 'item.update',
      before: { price: 129, priceTiers: [], hot: false, stock: { black: 10 }, descriptionEn: '<p>Fast &amp; smooth</p>' },
      after: { price: 119.5, priceTiers: [{ minQuantity: 12, price: 99 }], hot: true, stock: { black: 40 }, descriptionEn: '<p>Faster</p>' },
    });
    expect(item.lines).toEqual([
      'List price: ¥129.00 → ¥119.50',
      'Quantity prices: — → ¥99.00 from 12 pcs',
      'Hot: No → Yes',
      'Stock: black: 10 → black: 40',
      'Description (English): Fast & smooth → Faster',
    ]);
    expectNoRawCodes(item.text);
    const stock = show({ action: 'stock.adjust', before: { black: { onHand: 25, reserved: 2 } }, after: { black: { onHand: 24, reserved: 2 } } });
    expect(stock.lines).toEqual(['Stock · black: on hand 25, reserved 2 → on hand 24, reserved 2']);
    const settings = show({
      action: 'settings.update',
      before: { exchangeRate: { cnyPerUsd: 7.1 }, freeShipping: { thresholdUsdCents: 10000 }, carousel: { mode: 'newest', productIds: [] } },
      after: { exchangeRate: { cnyPerUsd: 7.25 }, freeShipping: { thresholdUsdCents: null }, carousel: { mode: 'picked', productIds: [100001, 100002] } },
    });
    expect(settings.lines).toEqual([
      'Exchange rate › CNY per USD: 7.1 → 7.25',
      'Free shipping › From (goods): $100.00 → No free shipping',
      'Home carousel › Mode: Newest products → Picked products',
      'Home carousel › Products: — → #100001, #100002',
    ]);
    const zone = show({
      action: 'shipping.update',
      before: { code: 'eu', regions: ['DE'], isDefault: false },
      after: { code: 'eu', regions: ['DE', 'FR'], isDefault: false },
    });
    expect(zone.lines).toEqual(['Regions: Germany → Germany, France']);
  });

  it('falls back to a humanised name for a field it does not know, never JSON, never a crash', () => {
    const unknown = show({
      action: 'order.packed',
      before: { packedBoxes: 1, warehouseNote: null, packing: { weightKg: 2, fragile: false } },
      after: { packedBoxes: 2, warehouseNote: 'Top shelf', packing: { weightKg: 2.5, fragile: true }, 'x-odd key': [{ a: 1 }] },
    });
    expect(unknown.lines).toEqual([
      'Packed boxes: 1 → 2',
      'Warehouse note: — → Top shelf',
      'Packing › Weight kg: 2 → 2.5',
      'Packing › Fragile: No → Yes',
      'X odd key: A: 1',
    ]);
    expectNoRawCodes(unknown.text);
    // Different values that read the same (a new QR picture) still say something changed.
    expect(show({ action: 'payment.update', before: { qrUrl: '/api/qr/1-a.png' }, after: { qrUrl: '/api/qr/1-b.png' } }).lines).toEqual([
      'QR code: Uploaded → changed (not shown)',
    ]);
    // Nothing changed: nothing shown.
    expect(show({ action: 'order.line', before: { actualQuantity: 3 }, after: { actualQuantity: 3 } }).lines).toEqual([]);
  });
});
