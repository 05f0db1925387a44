import type { TAddress, TCartItem, TLocale, TOrderDetail, TRegion, TUser } from '@cubeshop/shared';

/**
 * Test data in the shapes of the shared API contract (@cubeshop/shared): what the fake shop of
 * ./shop.ts holds and what its handlers answer. Builders take overrides; derived figures
 * (amounts, line totals) follow the overrides the way the server computes them.
 */

/** Countries as GET /api/selector/region lists them: mainland China first. `name` follows the request language. */
export const REGIONS: TRegion[] = [
  { id: 'CN', name: 'China', zh: '中国', en: 'China', dialCode: '86' },
  { id: 'DE', name: 'Germany', zh: '德国', en: 'Germany', dialCode: '49' },
  { id: 'US', name: 'United States of America', zh: '美国', en: 'United States of America', dialCode: '1' },
];

export const regionsIn = (locale: TLocale): TRegion[] => REGIONS.map((r) => ({ ...r, name: locale === 'zh' ? r.zh : r.en }));

/** The signed-in buyer of the account tests. */
export const BUYER: TUser = {
  id: 7,
  account: 'li_wei',
  username: 'li_wei',
  name: 'Li Wei',
  nickname: '',
  admin: false,
  role: null,
  mobile: null,
  email: 'li@example.com',
  regionId: 'DE',
  subscribeEmail: null,
};

const TIME = '2026-03-01T08:00:00.000Z';
/** Money as the API sends it: major units, 2 decimals. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
const times = (value: number | null, quantity: number) => (value === null ? null : round2(value * quantity * 10_000) / 10_000);

/** The per-line figures the server derives from a line's quantity and unit values. */
export function withQuantity(line: TCartItem, quantity: number): TCartItem {
  return {
    ...line,
    quantity,
    amount: round2(line.discountPrice * quantity),
    totalNw: times(line.nw, quantity),
    totalGw: times(line.gw, quantity),
    totalVolume: times(line.volume, quantity),
    totalVolumeWeight: times(line.volumeWeight, quantity),
    problem: quantity < line.moq ? 'moq' : line.orderMultiple && quantity % line.orderMultiple !== 0 ? 'multiple' : line.problem === 'type' ? 'type' : null,
    stockShort: line.available !== null && !line.preorder && quantity > line.available,
  };
}

/** A cart line (GET /api/cart/items) in CNY; quantity-dependent figures follow `quantity`. */
export function cartLine(overrides: Partial<TCartItem> & Pick<TCartItem, 'id' | 'itemId' | 'name'>): TCartItem {
  const base: TCartItem = {
    supplier: { id: 1, name: 'GAN' },
    type: '',
    typeName: null,
    quantity: 1,
    currency: 'CNY',
    price: 100,
    discountPrice: 100,
    discountPercent: 0,
    amount: 100,
    tierMinQuantity: null,
    tierSaving: 0,
    moq: 1,
    minOrderQuantity: 1,
    orderMultiple: null,
    nw: 0.1,
    gw: 0.12,
    volume: 0.0004,
    volumeWeight: 0.08,
    totalNw: null,
    totalGw: null,
    totalVolume: null,
    totalVolumeWeight: null,
    image: `/api/items/${overrides.itemId}/image`,
    thumbnail: `/api/items/${overrides.itemId}/thumbnail`,
    problem: null,
    stockStatus: 'in_stock',
    available: null,
    stockShort: false,
    preorder: false,
    createdTime: TIME,
    updatedTime: TIME,
    ...overrides,
  };
  return withQuantity({ ...base, minOrderQuantity: base.moq }, base.quantity);
}

/** A saved delivery address (GET /api/address). */
export function address(overrides: Partial<TAddress> & Pick<TAddress, 'id'>): TAddress {
  return {
    deliveryRegionId: 'US',
    deliveryState: 'NY',
    deliveryCity: 'New York',
    deliveryPostalCode: '10001',
    deliveryUser: 'Jane Doe',
    deliveryPhone: '+1 (212) 555-0100',
    deliveryCompany: null,
    deliveryTaxId: null,
    deliveryShippingMark: null,
    deliveryAddress: '350 Fifth Avenue',
    deliveryAddress2: null,
    asDefault: false,
    createdTime: TIME,
    updatedTime: TIME,
    ...overrides,
  };
}

/** An order's money as the server computes it, from the charge (ordered = charged unless given) and what was paid, credited and refunded. */
export function orderMoney(
  charged: TOrderDetail['money']['charged'],
  more: { ordered?: TOrderDetail['money']['ordered']; credited?: number; paid?: number; refunded?: number; cancelled?: boolean } = {},
): TOrderDetail['money'] {
  const ordered = more.ordered ?? charged;
  const credited = more.credited ?? 0;
  const owed = more.cancelled ? 0 : round2(charged.total - credited);
  const balance = round2(owed - (more.paid ?? 0) + (more.refunded ?? 0));
  return {
    ordered,
    charged,
    changed: ordered.goods !== charged.goods || ordered.freight !== charged.freight || ordered.surcharge !== charged.surcharge,
    credited,
    owed,
    paid: more.paid ?? 0,
    refunded: more.refunded ?? 0,
    balance,
    toPay: Math.max(balance, 0),
    refundDue: Math.max(-balance, 0),
  };
}

/** An order (GET /api/orders/{id}): two lines, DHL to New York, paid with PayPal (4.4 %), in CNY. */
export function orderDetail(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  const line = (id: number, itemId: number, name: string, quantity: number, price: number) => ({
    id,
    orderId: 5001,
    itemId,
    name,
    supplier: 'GAN',
    type: '',
    typeName: null,
    quantity,
    actualQuantity: quantity,
    currency: 'CNY' as const,
    price,
    discountPrice: price,
    amount: round2(price * quantity),
    tierMinQuantity: null,
    actualPrice: price,
    actualAmount: round2(price * quantity),
    shippedQuantity: null,
    creditedQuantity: 0,
    returnedQuantity: 0,
    moq: 1,
    orderMultiple: null,
    nw: 0.1,
    gw: 0.12,
    volume: 0.0004,
    volumeWeight: 0.08,
    totalGw: round2(0.12 * quantity),
    totalVolume: 0.0004 * quantity,
    totalVolumeWeight: round2(0.08 * quantity),
    image: `/api/items/${itemId}/image`,
    thumbnail: `/api/items/${itemId}/thumbnail`,
    createdTime: TIME,
  });
  return {
    id: 5001,
    createdTime: TIME,
    updatedTime: TIME,
    status: 'confirm',
    logisticsStatus: 'pending',
    trackingNumber: null,
    currency: 'CNY',
    lineCount: 2,
    quantity: 12,
    actualQuantity: 12,
    goodsAmount: 1000,
    discount: 0,
    expressFee: 200,
    surcharge: 52.8,
    totalAmount: 1252.8,
    actualTotalPrice: 1252.8,
    paymentStatus: 'unpaid',
    expressMethod: { id: 'DHL', name: 'DHL Express' },
    payMethod: { id: 'PAYPAL', name: 'PayPal' },
    deliveryRegionId: 'US',
    deliveryUser: 'Jane Doe',
    preview: [],
    amount: 1000,
    freeShipping: false,
    expressFeeBase: 200,
    surchargePercent: 4.4,
    chargeableWeight: 1.44,
    totalNw: 1.2,
    totalGw: 1.44,
    totalVolume: 0.0048,
    totalVolumeWeight: 0.96,
    zone: { code: 'NA', name: 'North America' },
    transitDays: { min: 3, max: 5 },
    exchangeRate: 7.2,
    cny: { goodsAmount: 1000, expressFee: 200, surcharge: 52.8, totalAmount: 1252.8 },
    deliveryState: 'NY',
    deliveryCity: 'New York',
    deliveryPostalCode: '10001',
    deliveryPhone: '+1 (212) 555-0100',
    deliveryCompany: null,
    deliveryTaxId: null,
    deliveryShippingMark: null,
    deliveryAddress: '350 Fifth Avenue',
    deliveryAddress2: null,
    comment: null,
    actualGoodsAmount: 1000,
    actualExpressFee: 200,
    actualSurcharge: 52.8,
    actualTotalNw: 1.2,
    actualTotalGw: 1.44,
    actualTotalVolume: 0.0048,
    actualTotalVolumeWeight: 0.96,
    actualChargeableWeight: 1.44,
    balance: 1252.8,
    money: orderMoney({ goods: 1000, freight: 200, surcharge: 52.8, total: 1252.8 }),
    credits: [],
    payments: [],
    paymentInstructions: null,
    carrier: null,
    trackingUrl: null,
    cancelReason: null,
    bankTransfer: null,
    items: [line(1, 100001, 'GAN 356 M', 10, 80), line(2, 100002, 'MoYu RS3M', 2, 100)],
    history: [{ type: 'created', from: null, to: 'confirm', time: TIME, note: null }],
    messages: [],
    documents: [{ kind: 'proforma', url: '/api/orders/5001/documents/proforma.pdf' }],
    fulfillment: 'none',
    shipments: [],
    lapsesAt: null,
    lapseAfterDays: null,
    ...overrides,
  };
}
