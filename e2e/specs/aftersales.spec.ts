import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { pageAs, placeOrder, shoot, type Locale } from '../support/staff.js';
import { waitForMail } from '../support/mailbox.js';

// After-sales end to end (docs/orders.md, After-sales; Money after the order): a buyer whose
// order was delivered asks for a return with a photo from the order page; sales approves it,
// choosing the returned pieces, which issues a credit note; the refund it leaves owing is offered
// at once, prefilled with exactly the credit, and recorded; the buyer sees the credit note, what
// was paid, credited and refunded, and nothing due either way. Once with staff in Chinese and the
// buyer in English, once the other way round. Screens go to .screenshots/.

/** An 8x8 PNG (the photo the buyer picks). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y2yMFTEMLQkACspMgcuiywsAAAAASUVORK5CYII=',
  'base64',
);

const BUYER = {
  en: {
    returnUntil: /Returns can be requested until/,
    cancel: 'Request cancellation',
    ask: 'Request a return',
    reason: 'Reason',
    send: 'Send request',
    waiting: 'Waiting for our answer',
    photo: 'Photo 1',
    approved: 'Approved',
    paid: 'Paid',
    credit: 'Credit note',
    settled: 'Nothing left to pay',
    subject: (id: number) => `Your return request for order ${id} was approved`,
    creditSubject: (id: number) => `Credit note CN-${id}-1 for order ${id}`,
  },
  zh: {
    returnUntil: /可申请退货至/,
    cancel: '申请取消订单',
    ask: '申请退货',
    reason: '原因',
    send: '提交申请',
    waiting: '等待处理',
    photo: '第 1 张照片',
    approved: '已通过',
    paid: '已付款',
    credit: '减免单',
    settled: '已结清',
    subject: (id: number) => `订单 ${id} 的退货申请已通过`,
    creditSubject: (id: number) => `订单 ${id} 的减免单 CN-${id}-1`,
  },
} as const;

const STAFF = {
  zh: {
    heading: '售后申请',
    order: (id: number) => `订单 ${id}`,
    photo: '第 1 张照片',
    note: '给买家的说明（拒绝时必填）',
    approve: '同意退货',
    all: /^全部 \d+$/,
    approveCredit: /^批准并减免/,
    refundTitle: '退款',
    amount: /退款金额/,
    record: '登记退款',
    recorded: '退款已登记',
    settled: '已结清',
    creditRow: '减免单',
  },
  en: {
    heading: 'After-sales requests',
    order: (id: number) => `Order ${id}`,
    photo: 'Photo 1',
    note: 'Note to the buyer (needed to refuse)',
    approve: 'Approve the return',
    all: /^All \d+$/,
    approveCredit: /^Approve and credit/,
    refundTitle: 'Refund',
    amount: /Refund \(/,
    record: 'Record the refund',
    recorded: 'Refund recorded',
    settled: 'Settled',
    creditRow: 'Credit CN-',
  },
} as const;

/** A T/T order placed through the API; then paid, shipped and delivered by sales through the API. Answers its id and total. */
async function deliveredOrder(
  request: APIRequestContext,
  buyerToken: string,
  salesToken: string,
  lang: Locale,
): Promise<{ id: number; total: number; currency: 'CNY' | 'USD' }> {
  const id = await placeOrder(request, buyerToken, {
    lang,
    currency: lang === 'zh' ? 'CNY' : 'USD',
    minQuantity: 3,
    address: { deliveryUser: 'After Sales Buyer' },
  });
  const staff = { authorization: `Bearer ${salesToken}`, 'x-lang-type': 'en' };
  const detail = (await (await request.get(`/api/admin/orders/${id}`, { headers: staff })).json()) as { due: number; order: { currency: 'CNY' | 'USD' } };
  const paid = await request.post(`/api/admin/orders/${id}/payments`, {
    headers: staff,
    data: { kind: 'payment', amount: detail.due, currency: detail.order.currency, method: 'bankTransfer', reference: 'TT-E2E' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  for (const body of [
    { status: 'outbound', logisticsStatus: 'inTransit', trackingNumber: 'SF1234567890', carrier: 'sf' },
    { status: 'delivery', logisticsStatus: 'outForDelivery' },
    { logisticsStatus: 'delivered' },
  ]) {
    const moved = await request.post(`/api/admin/orders/${id}/transitions`, { headers: staff, data: body });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { id, total: detail.due, currency: detail.order.currency };
}

for (const [staffLang, buyerLang] of [
  ['zh', 'en'],
  ['en', 'zh'],
] as const) {
  test(`a return: sales credits the returned pieces and refunds exactly that; the buyer owes nothing and is owed nothing (staff ${staffLang}, buyer ${buyerLang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const b = BUYER[buyerLang];
    const s = STAFF[staffLang];
    const buyer = await createBuyer(request, buyerLang, 'aftersales');
    const salesSession = await signIn(request, 'demo_sales', 'Sales1234');
    const order = await deliveredOrder(request, buyer.token, salesSession.token, buyerLang);
    const money = (v: number) => `${order.currency === 'CNY' ? '¥' : '$'}${v.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // The buyer (phone width): the order page offers a return until 7 days after delivery.
    const mine = await pageAs(browser, buyer, buyerLang, 390);
    await mine.goto(`/order/${order.id}`);
    const block = mine.getByTestId('order-requests');
    await expect(block.getByText(b.returnUntil)).toBeVisible();
    await expect(block.getByRole('button', { name: b.cancel })).toHaveCount(0);
    await block.getByRole('button', { name: b.ask }).click();
    const dialog = mine.getByRole('dialog', { name: b.ask });
    await dialog.getByLabel(b.reason).fill('One cube arrived with a cracked corner.');
    await dialog.getByTestId('request-photo-input').setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: b.photo })).toBeVisible();
    await shoot(mine, `aftersales-request-${buyerLang}-390`);
    await dialog.getByRole('button', { name: b.send }).click();
    await expect(dialog).toHaveCount(0);
    await expect(block.getByTestId('order-request-status')).toHaveText(b.waiting);
    await expect(block.getByRole('img', { name: b.photo })).toHaveAttribute('src', /^blob:/);

    // Sales: the requests section lists it; approving asks what comes back.
    const sales = await pageAs(browser, salesSession, staffLang);
    await sales.goto('/admin/requests');
    await expect(sales.getByRole('heading', { name: s.heading })).toBeVisible();
    const item = sales.getByTestId('staff-request').filter({ hasText: s.order(order.id) });
    await expect(item).toContainText('One cube arrived with a cracked corner.');
    await expect(item.getByRole('img', { name: s.photo })).toHaveAttribute('src', /^blob:/);
    await item.getByLabel(s.note).fill('Sorry about the cracked cube; we refund it.');
    await item.getByRole('button', { name: s.approve }).click();
    const approval = sales.getByRole('dialog').filter({ has: sales.getByTestId('return-credit-total') });
    await expect(approval.getByRole('spinbutton').or(approval.getByRole('textbox')).first()).toBeVisible();
    // One piece of the first line comes back.
    await approval.getByRole('textbox').first().fill('1');
    await expect(approval.getByTestId('return-credit-total')).not.toContainText(money(0));
    const creditText = (await approval.getByTestId('return-credit-total').textContent()) ?? '';
    const credit = Number(/([\d,]+\.\d{2})/.exec(creditText)![1]!.replace(/,/g, ''));
    expect(credit).toBeGreaterThan(0);
    await shoot(sales, `aftersales-approve-${staffLang}-1440`);
    const beforeDecision = Date.now() - 1;
    await approval.getByRole('button', { name: s.approveCredit }).click();

    // The request leaves the open list, but the refund step stays, prefilled with exactly the credit.
    await expect(item).toHaveCount(0);
    const refund = sales.getByRole('form', { name: s.refundTitle });
    await expect(refund.getByLabel(s.amount)).toHaveValue(credit.toFixed(2));
    await shoot(sales, `aftersales-refund-${staffLang}-1440`);
    await refund.getByRole('button', { name: s.record }).click();
    await expect(sales.getByText(s.recorded)).toBeVisible();
    await expect(refund).toHaveCount(0);

    // The buyer is e-mailed in their language: the decision and the credit note.
    const decisionMail = await waitForMail(request, buyer.email, beforeDecision, { subject: b.subject(order.id) });
    expect(decisionMail.text).toContain('Sorry about the cracked cube; we refund it.');
    const creditMail = await waitForMail(request, buyer.email, beforeDecision, { subject: b.creditSubject(order.id) });
    expect(creditMail.text).toContain(money(credit));

    // Staff: the order settles at 0 with the credit note listed.
    await sales.goto(`/admin/orders/${order.id}`);
    await expect(sales.getByTestId('staff-balance')).toHaveText(money(0));
    await expect(sales.getByTestId('staff-money')).toContainText(s.settled);
    await expect(sales.getByTestId('staff-money')).toContainText(s.creditRow);
    await sales.setViewportSize({ width: 390, height: 844 });
    await shoot(sales, `aftersales-order-${staffLang}-390`);

    // The buyer sees the decision, the credit note, paid, credited and refunded, and nothing due either way.
    await mine.reload();
    await expect(block.getByTestId('order-request-status')).toHaveText(b.approved);
    await expect(mine.getByTestId('order-payment-status')).toHaveText(b.paid);
    const figures = mine.getByTestId('order-money');
    await expect(figures).toContainText(`${b.credit} CN-${order.id}-1`);
    await expect(mine.getByTestId('order-paid')).toHaveText(money(order.total));
    await expect(mine.getByTestId('order-refunded')).toHaveText(money(credit));
    await expect(mine.getByTestId('order-owed')).toHaveText(money(Math.round((order.total - credit) * 100) / 100));
    await expect(mine.getByTestId('order-balance')).toHaveText(money(0));
    await expect(figures).toContainText(b.settled);
    await expect(mine.getByTestId('bank-transfer')).toHaveCount(0);
    await shoot(mine, `aftersales-approved-${buyerLang}-390`);
  });
}
