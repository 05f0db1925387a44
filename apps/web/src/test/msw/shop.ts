import type {
  TAddress,
  TCartInfo,
  TCartItem,
  TExpressChoice,
  TExpressFee,
  TLocale,
  TOrderDetail,
  TPaymentMethodOption,
  TProduct,
  TTransitDays,
  TUser,
} from '@cubeshop/shared';
import { BUYER, round2 } from './fixtures';

/**
 * The fake shop behind the MSW handlers: what one signed-in buyer has on the server (cart,
 * addresses, orders, favourites) and the shop's shipping and payment set-up. Tests put what
 * they need in `shop` before rendering; it starts empty again after every test (setup.ts).
 * The rules mirror the real server (apps/server modules cart, shipping, addresses, orders):
 * the quote is computed here from the cart, never taken from the client.
 */

export interface TTestMethod {
  id: string;
  name: Record<TLocale, string>;
  transitDays: TTransitDays;
  /** Regions served; other regions get "does not deliver". */
  regions: string[];
  /** Heaviest cart it carries (kg, chargeable weight); null: no limit. */
  maxKg: number | null;
  /** Freight: the first kg, and each further (started) kg. */
  firstKg: number;
  extraKg: number;
}

export interface TShop {
  user: TUser;
  cart: TCartItem[];
  addresses: TAddress[];
  orders: TOrderDetail[];
  favorites: TProduct[];
  methods: TTestMethod[];
  payments: { id: string; name: Record<TLocale, string>; surchargePercent: number }[];
  /** The free-shipping threshold in the cart's currency (null: none). */
  freeShippingThreshold: number | null;
  /** GET /api/stock/summary: products on sale with pieces available. */
  productsInStock: number;
  nextId: number;
}

const DHL: TTestMethod = {
  id: 'DHL',
  name: { en: 'DHL Express', zh: 'DHL 快递' },
  transitDays: { min: 3, max: 5 },
  regions: ['US', 'DE', 'CN'],
  maxKg: null,
  firstKg: 150,
  extraKg: 50,
};
const EMS: TTestMethod = {
  id: 'EMS',
  name: { en: 'EMS', zh: 'EMS' },
  transitDays: { min: 5, max: 10 },
  regions: ['US', 'DE', 'CN'],
  maxKg: 30,
  firstKg: 120,
  extraKg: 30,
};
const POST: TTestMethod = {
  id: 'CHINAPOST',
  name: { en: 'China Post', zh: '中国邮政' },
  transitDays: { min: 10, max: 20 },
  regions: ['US', 'DE', 'CN'],
  maxKg: 2,
  firstKg: 60,
  extraKg: 20,
};

function initial(): TShop {
  return {
    user: BUYER,
    cart: [],
    addresses: [],
    orders: [],
    favorites: [],
    methods: [DHL, EMS, POST],
    payments: [
      { id: 'ALIPAY', name: { en: 'Alipay', zh: '支付宝' }, surchargePercent: 0 },
      { id: 'PAYPAL', name: { en: 'PayPal', zh: 'PayPal' }, surchargePercent: 4.4 },
    ],
    freeShippingThreshold: null,
    productsInStock: 3187,
    nextId: 9000,
  };
}

export const shop: TShop = initial();

/** Empties the shop (after every test). */
export function resetShop(): void {
  Object.assign(shop, initial());
}

const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);

/** GET /api/cart/info of the current cart. */
export function cartInfo(): TCartInfo {
  const lines = shop.cart;
  const amount = round2(sum(lines.map((l) => l.price * l.quantity)));
  const goodsAmount = round2(sum(lines.map((l) => l.amount)));
  return {
    currency: lines[0]?.currency ?? 'CNY',
    lineCount: lines.length,
    pieceCount: sum(lines.map((l) => l.quantity)),
    amount,
    discount: round2(amount - goodsAmount),
    tierSaving: round2(sum(lines.map((l) => l.tierSaving))),
    goodsAmount,
    totalNw: round2(sum(lines.map((l) => l.totalNw)) * 10_000) / 10_000,
    totalGw: round2(sum(lines.map((l) => l.totalGw)) * 10_000) / 10_000,
    totalVolume: round2(sum(lines.map((l) => l.totalVolume)) * 10_000) / 10_000,
    totalVolumeWeight: round2(sum(lines.map((l) => l.totalVolumeWeight)) * 10_000) / 10_000,
    freeShippingThreshold: shop.freeShippingThreshold,
    freeShipping: shop.freeShippingThreshold !== null && goodsAmount >= shop.freeShippingThreshold,
    problemCount: lines.filter((l) => l.problem).length,
  };
}

/** The payment methods as GET /api/selector/payment lists them. */
export function paymentsIn(locale: TLocale): TPaymentMethodOption[] {
  return shop.payments.map((p) => ({ id: p.id, name: p.name[locale], surchargePercent: p.surchargePercent }));
}

const ZONES: Record<string, { code: string; name: Record<TLocale, string> }> = {
  US: { code: 'NA', name: { en: 'North America', zh: '北美' } },
  DE: { code: 'EU', name: { en: 'Europe', zh: '欧洲' } },
  CN: { code: 'CN', name: { en: 'Mainland China', zh: '中国大陆' } },
};

/** Why a method cannot carry the cart to a region (null: it can). */
function unavailable(method: TTestMethod, regionId: string, weight: number, locale: TLocale): TExpressChoice['reason'] {
  const name = method.name[locale];
  if (!method.regions.includes(regionId)) {
    return { code: 'expressUnavailable', message: locale === 'zh' ? `${name} 不配送到该地区` : `${name} does not deliver to this country or region` };
  }
  if (method.maxKg !== null && weight > method.maxKg) {
    const message =
      locale === 'zh'
        ? `${name} 每票最多 ${method.maxKg} kg；本订单重 ${weight} kg`
        : `${name} carries at most ${method.maxKg} kg per shipment; this order weighs ${weight} kg`;
    return { code: 'expressTooHeavy', message };
  }
  return null;
}

/** The shipping quote of the current cart (GET /api/cart/info/express-fee), or why there is none. */
export function quote(
  methodId: string,
  regionId: string,
  payMethodId: string | undefined,
  locale: TLocale,
): { fee: TExpressFee } | { reason: NonNullable<TExpressChoice['reason']> } | null {
  const method = shop.methods.find((m) => m.id === methodId);
  if (!method) return null;
  const info = cartInfo();
  const weight = Math.max(info.totalGw, info.totalVolumeWeight);
  const reason = unavailable(method, regionId, weight, locale);
  if (reason) return { reason };
  const payment = shop.payments.find((p) => p.id === payMethodId) ?? null;
  const base = round2(method.firstKg + method.extraKg * Math.max(0, Math.ceil(weight) - 1));
  const freight = info.freeShipping ? 0 : base;
  const percent = payment?.surchargePercent ?? 0;
  const surcharge = round2(((info.goodsAmount + freight) * percent) / 100);
  const zone = ZONES[regionId] ?? { code: 'WORLD', name: { en: 'Rest of the world', zh: '其他地区' } };
  return {
    fee: {
      currency: info.currency,
      totalPrice: round2(freight + surcharge),
      freight,
      base,
      surcharge,
      surchargePercent: percent,
      freeShipping: info.freeShipping,
      freeShippingThreshold: info.freeShippingThreshold,
      goodsAmount: info.goodsAmount,
      grandTotal: round2(info.goodsAmount + freight + surcharge),
      chargeableWeight: weight,
      totalGw: info.totalGw,
      totalVolumeWeight: info.totalVolumeWeight,
      zone: { code: zone.code, name: zone.name[locale] },
      expressMethod: { id: method.id, name: method.name[locale] },
      payMethod: payment ? { id: payment.id, name: payment.name[locale] } : null,
      transitDays: method.transitDays,
    },
  };
}

/** Every method quoted at once (GET /api/cart/info/express-fees). */
export function quotes(regionId: string, payMethodId: string | undefined, locale: TLocale): TExpressChoice[] {
  return shop.methods.map((method) => {
    const result = quote(method.id, regionId, payMethodId, locale);
    const name = method.name[locale];
    return result && 'fee' in result
      ? { id: method.id, name, available: true, fee: result.fee, reason: null }
      : { id: method.id, name, available: false, fee: null, reason: result?.reason ?? null };
  });
}

/** The refusal of a quantity the server would refuse (docs/requirements.md, Errors), or null. */
export function quantityRefusal(line: TCartItem, quantity: number, locale: TLocale): string | null {
  if (quantity < line.moq)
    return locale === 'zh' ? `商品 ${line.name} 数量低于最小起订量` : `Product ${line.name} quantity is less than the minimum order quantity`;
  if (line.orderMultiple && quantity % line.orderMultiple !== 0) {
    return locale === 'zh' ? `商品 ${line.name} 数量须为起订倍数的整数倍` : `Product ${line.name} quantity must be a multiple of its order multiple`;
  }
  return null;
}
