import { expect, test } from '../support/test.js';
import { createBuyer, signIn } from '../support/accounts.js';
import { waitForMail } from '../support/mailbox.js';
import { pageAs, placeOrder, shoot } from '../support/staff.js';

// Split shipments (docs/orders.md, Split shipments): the warehouse ships a paid order of two
// products in two parcels from the staff order page ("Ship a parcel": pieces per line, carrier,
// tracking number); after the first the order is partly shipped, after the second outbound; the
// buyer sees both parcels with their tracking links and gets a mail per parcel. In English and in
// Chinese. Screens go to .screenshots/.

const WORDS = {
  en: {
    ship: 'Ship a parcel',
    pieces: 'Pieces in this parcel',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    submit: 'Ship',
    partly: 'Partly shipped',
    track: 'Track the parcel',
    mail: (n: number, id: number) => `Parcel ${n} of your order ${id} has shipped`,
  },
  zh: {
    ship: '发出一个包裹',
    pieces: '本包裹件数',
    carrier: '承运商',
    tracking: '运单号',
    submit: '发货',
    partly: '部分发货',
    track: '查询物流',
    mail: (n: number, id: number) => `订单 ${id} 的第 ${n} 个包裹已发货`,
  },
} as const;

type Detail = {
  order: { status: string; fulfillment: string; money: { toPay: number }; currency: string; items: { id: number; name: string; actualQuantity: number }[] };
};

for (const lang of ['en', 'zh'] as const) {
  test(`staff ship an order in two parcels and the buyer sees both with tracking links (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const buyer = await createBuyer(request, lang, 'parcels');
    const id = await placeOrder(request, buyer.token, { lang, products: 2 });
    const sales = await signIn(request, 'demo_sales', 'Sales1234');
    // The lines' names in the page's language.
    const headers = { authorization: `Bearer ${sales.token}`, 'x-lang-type': lang };
    const before = (await (await request.get(`/api/admin/orders/${id}`, { headers })).json()) as Detail;
    const paid = await request.post(`/api/admin/orders/${id}/payments`, {
      headers,
      data: { kind: 'payment', amount: before.order.money.toPay, currency: before.order.currency, method: 'bankTransfer' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const [first, second] = before.order.items;
    const suffix = String(id).slice(-6);
    const trackingOne = `JD01${suffix}${lang === 'en' ? '1' : '3'}`;
    const trackingTwo = `SF77${suffix}${lang === 'en' ? '2' : '4'}`;

    // Parcel 1: the first line only.
    const warehouse = await pageAs(browser, await signIn(request, 'demo_warehouse', 'Warehouse1234'), lang, 1280);
    await warehouse.goto(`/admin/orders/${id}`);
    await warehouse.getByRole('button', { name: w.ship }).click();
    let dialog = warehouse.getByRole('dialog');
    await expect(dialog.getByLabel(new RegExp(`^${w.pieces}: ${escape(first!.name)}`))).toHaveValue(String(first!.actualQuantity));
    await dialog.getByLabel(new RegExp(`^${w.pieces}: ${escape(second!.name)}`)).fill('0');
    await dialog.getByLabel(w.carrier).selectOption('dhl');
    await dialog.getByLabel(w.tracking).fill(trackingOne);
    await shoot(warehouse, `shipments-dialog-${lang}-1280`, { fullPage: false });
    await dialog.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
    const parcels = warehouse.getByTestId('staff-shipments');
    await expect(parcels.getByTestId('order-parcel')).toHaveCount(1);
    await expect(warehouse.getByText(w.partly).first()).toBeVisible();

    // The buyer, on a phone, between the two parcels: one parcel with its link, more to come.
    const mine = await pageAs(browser, buyer, lang, 390);
    await mine.goto(`/order/${id}`);
    await expect(mine.getByTestId('order-parcel')).toHaveCount(1);
    await expect(mine.getByTestId('parcels-to-come')).toBeVisible();
    await shoot(mine, `shipments-buyer-partly-${lang}-390`);

    // Parcel 2: the rest (the dialog proposes exactly what is left).
    await warehouse.getByRole('button', { name: w.ship }).click();
    dialog = warehouse.getByRole('dialog');
    await expect(dialog.getByLabel(new RegExp(`^${w.pieces}: `))).toHaveCount(1);
    await dialog.getByLabel(w.carrier).selectOption('sf');
    await dialog.getByLabel(w.tracking).fill(trackingTwo);
    await dialog.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(parcels.getByTestId('order-parcel')).toHaveCount(2);
    await expect(warehouse.getByRole('button', { name: w.ship })).toHaveCount(0);
    await shoot(warehouse, `shipments-staff-${lang}-1280`);
    await warehouse.setViewportSize({ width: 390, height: 844 });
    await shoot(warehouse, `shipments-staff-${lang}-390`);
    const after = (await (await request.get(`/api/admin/orders/${id}`, { headers })).json()) as Detail;
    expect([after.order.status, after.order.fulfillment]).toEqual(['outbound', 'shipped']);

    // The buyer sees both parcels, each with the carrier's tracking link.
    await mine.reload();
    const mineParcels = mine.getByTestId('order-parcel');
    await expect(mineParcels).toHaveCount(2);
    await expect(mineParcels.nth(0).getByRole('link', { name: w.track })).toHaveAttribute('href', new RegExp(trackingOne));
    await expect(mineParcels.nth(1).getByRole('link', { name: w.track })).toHaveAttribute('href', new RegExp(trackingTwo));
    await expect(mine.getByTestId('parcels-to-come')).toHaveCount(0);
    await shoot(mine, `shipments-buyer-${lang}-390`);
    await mine.setViewportSize({ width: 1280, height: 800 });
    await shoot(mine, `shipments-buyer-${lang}-1280`);

    // One mail per parcel, in the buyer's language.
    const one = await waitForMail(request, buyer.email, 0, { subject: w.mail(1, id), timeout: 20_000 });
    expect(one.text).toContain(trackingOne);
    const two = await waitForMail(request, buyer.email, 0, { subject: w.mail(2, id), timeout: 20_000 });
    expect(two.text).toContain(trackingTwo);
  });
}

/** Text as a literal inside a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
