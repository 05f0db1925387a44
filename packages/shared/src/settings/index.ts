import { z } from 'zod';
import { ZRegionId } from '../account/authn.js';
import { ZEmail } from '../account/rules.js';

/**
 * Shop settings edited by the owner in the back office (GET|PUT /api/admin/settings), the shipping
 * and payment configuration (/api/admin/shipping/..., /api/admin/payment-methods) and what the
 * storefront reads of them (GET /api/shop/settings, /api/shop/carousel). Money in integer minor
 * units (USD cents, fen), weights in grams, surcharges in basis points.
 */

/** A missing value reads "required"; a wrong one keeps zod's own sentence. */
const missing = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'v.required' : undefined) };
const text = (max: number) => z.string(missing).trim().max(max, 'v.maxLength');
const required = (max: number) => z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(max, 'v.maxLength');
const productId = z.number({ error: 'v.number' }).int('v.integer').min(1, 'v.positive').max(Number.MAX_SAFE_INTEGER);

/** Most products the owner may pick for the home carousel. */
export const CAROUSEL_PICK_MAX = 12;

export const ZExchangeRateSetting = z.object({
  /** CNY per USD (CNY is the base currency). */
  cnyPerUsd: z.number({ error: 'v.number' }).positive('v.positive').max(1_000, 'v.numberRange'),
});
export const ZFreeShippingSetting = z.object({
  /** Free shipping from this many USD cents of goods; null: no free shipping. */
  thresholdUsdCents: z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(100_000_000, 'v.numberRange').nullable(),
});
export const ZCarouselSetting = z
  .object({
    /** newest: the newest products; picked: these products in this order. */
    mode: z.enum(['newest', 'picked'], missing),
    productIds: z.array(productId, missing).max(CAROUSEL_PICK_MAX, 'v.maxItems'),
  })
  .refine((c) => c.mode === 'newest' || c.productIds.length > 0, { message: 'v.required', path: ['productIds'] })
  .refine((c) => new Set(c.productIds).size === c.productIds.length, { message: 'v.carouselDuplicate', path: ['productIds'] });
export type TCarouselSetting = z.infer<typeof ZCarouselSetting>;

/** The storefront footer's contact details (and the contact page's), both languages where they differ. */
export const ZShopContact = z.object({
  email: ZEmail,
  phone: required(40).regex(/^[+\d][\d\s()-]{3,39}$/, 'v.phone'),
  wechat: text(60),
  whatsapp: text(40),
  addressZh: text(300),
  addressEn: text(300),
  hoursZh: text(120),
  hoursEn: text(120),
});
export type TShopContact = z.infer<typeof ZShopContact>;

/** The seller on order documents (proforma, packing list); null: the bank account's holder. */
export const ZDocumentSeller = z.object({ name: required(200), address: text(300) });
export type TDocumentSeller = z.infer<typeof ZDocumentSeller>;

/** Bank-transfer details as the owner types them (the rules of ZBankTransferDetails, with "required" for a missing field). */
export const ZBankTransferSetting = z.object({
  accountName: required(200),
  bank: required(200),
  bankAddress: text(300).nullable(),
  swift: z
    .string(missing)
    .trim()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'v.pattern'),
  accountNumber: z.string(missing).trim().min(4, 'v.minLength').max(60, 'v.maxLength'),
});

/** Days after an order is placed (0 or null: off). */
const afterDays = z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(365, 'v.numberRange').nullable();

/**
 * The unpaid-order follow-up (docs/orders.md, Unpaid orders): remind the buyer this many days
 * after the order was placed, cancel an order with nothing paid this many days after it was
 * placed; 0 or null: off. With both on, the cancel comes later than the reminder.
 */
export const ZUnpaidOrdersSetting = z
  .object({ remindAfterDays: afterDays, cancelAfterDays: afterDays })
  .refine((u) => !u.remindAfterDays || !u.cancelAfterDays || u.cancelAfterDays > u.remindAfterDays, {
    message: 'v.cancelAfterReminder',
    path: ['cancelAfterDays'],
  });
export type TUnpaidOrdersSetting = z.infer<typeof ZUnpaidOrdersSetting>;
/** Both off: no reminder, no cancel (the default). */
export const UNPAID_ORDERS_OFF: TUnpaidOrdersSetting = { remindAfterDays: null, cancelAfterDays: null };

/** Every owner-editable setting, as GET /api/admin/settings answers it (defaults filled in). */
export const ZStaffSettings = z.object({
  exchangeRate: ZExchangeRateSetting,
  freeShipping: ZFreeShippingSetting,
  bankTransfer: ZBankTransferSetting.nullable(),
  carousel: ZCarouselSetting,
  contact: ZShopContact,
  documentSeller: ZDocumentSeller.nullable(),
  unpaidOrders: ZUnpaidOrdersSetting,
});
export type TStaffSettings = z.infer<typeof ZStaffSettings>;

/** PUT /api/admin/settings: any of the keys; the others stay. Unknown keys are refused. */
export const ZStaffSettingsUpdate = ZStaffSettings.partial().strict();
export type TStaffSettingsUpdate = z.infer<typeof ZStaffSettingsUpdate>;

/** GET /api/admin/settings/exchange-rates: one rate the shop used, newest first. */
export const ZExchangeRateEntry = z.object({
  id: z.number().int(),
  cnyPerUsd: z.number(),
  /** Who set it; null for the seed or the command line. */
  setBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  time: z.string(),
});
export type TExchangeRateEntry = z.infer<typeof ZExchangeRateEntry>;
export const ZExchangeRateHistory = z.object({ data: z.array(ZExchangeRateEntry) });
export type TExchangeRateHistory = z.infer<typeof ZExchangeRateHistory>;

/** GET /api/shop/settings: what the storefront shows of the settings (public). */
export const ZShopPublicSettings = z.object({
  contact: ZShopContact,
  carousel: z.object({ mode: z.enum(['newest', 'picked']) }),
  freeShippingThresholdUsdCents: z.number().int().nullable(),
});
export type TShopPublicSettings = z.infer<typeof ZShopPublicSettings>;

// ---- shipping and payment configuration (staff) ----

/** Ids and codes of methods, zones and payment methods. */
export const ZConfigCode = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .max(40, 'v.maxLength')
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'v.code');
const name = required(100);
const position = z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(10_000, 'v.numberRange');
const grams = (min: number) => z.number({ error: 'v.number' }).int('v.integer').min(min, 'v.minimum').max(10_000_000, 'v.numberRange');
const fen = z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(100_000_000, 'v.numberRange');
const days = z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(365, 'v.numberRange');
const regions = z.array(ZRegionId, missing).max(300, 'v.maxItems');
const flag = z.boolean(missing);

export const ZStaffShippingMethod = z.object({ id: ZConfigCode, nameZh: name, nameEn: name, position, active: flag, excludedRegions: regions });
export type TStaffShippingMethod = z.infer<typeof ZStaffShippingMethod>;
export const ZStaffShippingMethodInput = ZStaffShippingMethod.omit({ id: true });

export const ZStaffShippingZone = z.object({ code: ZConfigCode, nameZh: name, nameEn: name, position, isDefault: flag, regions });
export type TStaffShippingZone = z.infer<typeof ZStaffShippingZone>;
export const ZStaffShippingZoneInput = ZStaffShippingZone.omit({ code: true });

export const ZStaffShippingRate = z
  .object({
    methodId: ZConfigCode,
    zoneCode: ZConfigCode,
    firstWeightG: grams(0),
    firstPriceFen: fen,
    stepWeightG: grams(1),
    stepPriceFen: fen,
    minChargeFen: fen,
    maxWeightG: grams(1),
    transitMinDays: days,
    transitMaxDays: days,
  })
  .refine((r) => r.transitMaxDays >= r.transitMinDays, { message: 'v.rangeOrder', path: ['transitMaxDays'] })
  .refine((r) => r.maxWeightG >= r.firstWeightG, { message: 'v.rangeOrder', path: ['maxWeightG'] });
export type TStaffShippingRate = z.infer<typeof ZStaffShippingRate>;

/**
 * How buyers pay by a method (shown on the order page, in the order mail and on the proforma, with
 * the order number as the reference to quote): who receives the money, the account to send it to,
 * and what to do, in both languages. Blank fields are left out; all blank: no instructions.
 */
export const ZPaymentInstructionsSetting = z.object({
  receiver: text(200),
  account: text(200),
  noteZh: text(1000),
  noteEn: text(1000),
});
export type TPaymentInstructionsSetting = z.infer<typeof ZPaymentInstructionsSetting>;
export const EMPTY_PAYMENT_INSTRUCTIONS: TPaymentInstructionsSetting = { receiver: '', account: '', noteZh: '', noteEn: '' };

export const ZStaffPaymentMethod = z.object({
  id: ZConfigCode,
  nameZh: name,
  nameEn: name,
  /** Basis points of goods + freight (440 = 4.4 %). */
  surchargeBp: z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(10_000, 'v.numberRange'),
  position,
  active: flag,
  instructions: ZPaymentInstructionsSetting,
  /** The uploaded QR picture to scan (PUT|DELETE /api/admin/payment-methods/{id}/qr); read-only here. */
  qrUrl: z.string().nullable(),
});
export type TStaffPaymentMethod = z.infer<typeof ZStaffPaymentMethod>;
/** PUT /api/admin/payment-methods/{id}: instructions may be left out (they stay as they are). */
export const ZStaffPaymentMethodInput = ZStaffPaymentMethod.omit({ id: true, qrUrl: true }).extend({ instructions: ZPaymentInstructionsSetting.optional() });

/** GET /api/admin/shipping: the whole configuration at once (the settings screen). */
export const ZStaffShippingConfig = z.object({
  methods: z.array(ZStaffShippingMethod),
  zones: z.array(ZStaffShippingZone),
  rates: z.array(ZStaffShippingRate),
  payments: z.array(ZStaffPaymentMethod),
});
export type TStaffShippingConfig = z.infer<typeof ZStaffShippingConfig>;

export const ZConfigCodeParams = z.object({ id: ZConfigCode });
export const ZRateParams = z.object({ methodId: ZConfigCode, zoneCode: ZConfigCode });
