import { z } from 'zod';
import { digitsToNumber } from '../validation/numbers.js';
import { optionalField } from '../account/authn.js';
import { ZDeliveryFields } from '../addresses/index.js';
import { MAX_CART_LINES } from '../constants/shop.js';
import { ZPager } from '../catalog/product.js';
import { ZCurrency } from '../money/currency.schema.js';
import { ZNamedRef, ZTransitDays } from '../shipping/index.js';
import { ZOrderCredit, ZOrderMoney, ZOrderPayment, ZOrderPaymentInstructions, ZPaymentStatus } from './money.js';

/** Orders (docs/requirements.md, Data, States and API; docs/orders.md). */

/**
 * confirm (confirmed, waiting to leave the warehouse) -> outbound -> delivery -> complete;
 * cancel from confirm or outbound.
 */
export const ORDER_STATUSES = ['confirm', 'outbound', 'delivery', 'complete', 'cancel'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const ORDER_STATUS_NEXT: Record<TOrderStatus, readonly TOrderStatus[]> = {
  confirm: ['outbound', 'cancel'],
  outbound: ['delivery', 'cancel'],
  delivery: ['complete'],
  complete: [],
  cancel: [],
};

/**
 * pending -> inTransit -> outForDelivery -> delivered; inTransit or outForDelivery -> failed;
 * failed -> inTransit (sent again).
 */
export const LOGISTICS_STATUSES = ['pending', 'inTransit', 'outForDelivery', 'delivered', 'failed'] as const;
export const ZLogisticsStatus = z.enum(LOGISTICS_STATUSES);
export type TLogisticsStatus = z.infer<typeof ZLogisticsStatus>;
export const LOGISTICS_STATUS_NEXT: Record<TLogisticsStatus, readonly TLogisticsStatus[]> = {
  pending: ['inTransit'],
  inTransit: ['outForDelivery', 'failed'],
  outForDelivery: ['delivered', 'failed'],
  delivered: [],
  failed: ['inTransit'],
};
/** Order statuses in which a parcel exists: logistics may leave pending and a tracking number may be set. */
export const SHIPPED_ORDER_STATUSES: readonly TOrderStatus[] = ['outbound', 'delivery'];

/** Parcel carriers with a public tracking page ({n}: the tracking number). */
export const CARRIERS = {
  dhl: { name: 'DHL Express', url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  sf: { name: 'SF Express', url: 'https://www.sf-international.com/us/en/dynamic_function/waybill/#search/bill-number/{n}' },
  ems: { name: 'EMS', url: 'https://t.17track.net/en#nums={n}' },
  chinaPost: { name: 'China Post', url: 'https://t.17track.net/en#nums={n}' },
  other: { name: '', url: 'https://t.17track.net/en#nums={n}' },
} as const;
export type TCarrier = keyof typeof CARRIERS;
export const ZCarrier = z.enum(Object.keys(CARRIERS) as [TCarrier, ...TCarrier[]]);

/** The carrier's public tracking page for a parcel. */
export function trackingUrl(carrier: TCarrier | null | undefined, trackingNumber: string): string {
  return CARRIERS[carrier ?? 'other'].url.replace('{n}', encodeURIComponent(trackingNumber));
}

/** Where buyers who pay by bank transfer (T/T) send the money: a shop setting (docs/orders.md). */
export const ZBankTransferDetails = z.object({
  accountName: z.string().trim().min(1).max(200),
  bank: z.string().trim().min(1).max(200),
  bankAddress: z.string().trim().max(300).nullable(),
  swift: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'v.pattern'),
  accountNumber: z.string().trim().min(4).max(60),
});
export type TBankTransferDetails = z.infer<typeof ZBankTransferDetails>;

/** Longest order comment. */
export const ORDER_COMMENT_MAX = 500;
/** Longest Idempotency-Key header. */
export const IDEMPOTENCY_KEY_MAX = 100;

const id = z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/**
 * POST /api/orders (docs/requirements.md, Data, Order create payload) with header Idempotency-Key. Prices,
 * totals and weights are never read from the client: anything else in the body is ignored.
 * cartItemIds (optional) orders only those lines; by default the whole cart.
 */
export const ZOrderCreate = z.object({
  expressMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  payMethod: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(40),
  ...ZDeliveryFields,
  comment: optionalField(z.string().trim().max(ORDER_COMMENT_MAX, 'v.maxLength')),
  cartItemIds: z.array(id).min(1).max(MAX_CART_LINES).optional(),
});
export type TOrderCreate = z.infer<typeof ZOrderCreate>;

export const ZOrderCreated = z.object({ id: z.number().int() });
export type TOrderCreated = z.infer<typeof ZOrderCreated>;

export const ZOrderIdParams = z.object({ id });

export const ZOrderEvent = z.object({
  /** created, status, logistics or tracking; lineAdded / lineRemoved: staff changed the lines before the goods left (`to`: the line as "name (type) × pieces"). */
  type: z.enum(['created', 'status', 'logistics', 'tracking', 'lineAdded', 'lineRemoved']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  time: z.string(),
  note: z.string().nullable(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

/** One order line: what was bought, as it was when the order was placed. Money in the order's currency. */
export const ZOrderLine = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  supplier: z.string(),
  type: z.string(),
  typeName: z.string().nullable(),
  quantity: z.number().int(),
  /** Pieces packed; equal to quantity until staff record a difference. */
  actualQuantity: z.number().int(),
  currency: ZCurrency,
  price: z.number(),
  discountPrice: z.number(),
  amount: z.number(),
  /** The quantity break the line was sold at (its minQuantity), or null (docs/catalog.md, Prices). */
  tierMinQuantity: z.number().int().nullable(),
  /** Unit price and line amount as charged after packing (equal to discountPrice and amount until staff change them). */
  actualPrice: z.number(),
  actualAmount: z.number(),
  /** Pieces that left the warehouse with the order (null until it went outbound). */
  shippedQuantity: z.number().int().nullable(),
  /** Pieces a credit note took off (a return): no longer charged. */
  creditedQuantity: z.number().int(),
  /** Pieces the warehouse received back into stock. */
  returnedQuantity: z.number().int(),
  moq: z.number().int(),
  orderMultiple: z.number().int().nullable(),
  nw: z.number().nullable(),
  gw: z.number().nullable(),
  volume: z.number().nullable(),
  volumeWeight: z.number().nullable(),
  totalGw: z.number().nullable(),
  totalVolume: z.number().nullable(),
  totalVolumeWeight: z.number().nullable(),
  image: z.string(),
  thumbnail: z.string(),
  createdTime: z.string(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZOrderPreviewLine = z.object({ itemId: z.number().int(), name: z.string(), type: z.string(), quantity: z.number().int(), thumbnail: z.string() });

/** An order in the buyer's list. Money in the order's own currency (fixed when it was placed). */
export const ZOrderSummary = z.object({
  id: z.number().int(),
  createdTime: z.string(),
  updatedTime: z.string(),
  status: ZOrderStatus,
  logisticsStatus: ZLogisticsStatus,
  trackingNumber: z.string().nullable(),
  currency: ZCurrency,
  lineCount: z.number().int(),
  /** Total pieces. */
  quantity: z.number().int(),
  actualQuantity: z.number().int(),
  goodsAmount: z.number(),
  discount: z.number(),
  /** Freight charged (0 with free shipping). */
  expressFee: z.number(),
  surcharge: z.number(),
  totalAmount: z.number(),
  /** The total after staff recorded what was packed (equal to totalAmount until then): what is due. */
  actualTotalPrice: z.number(),
  paymentStatus: ZPaymentStatus,
  /** What the buyer still owes after credits, payments and refunds; negative: the shop owes it back. */
  balance: z.number(),
  expressMethod: ZNamedRef,
  payMethod: ZNamedRef,
  deliveryRegionId: z.string(),
  deliveryUser: z.string(),
  /** The first few lines, for the list. */
  preview: z.array(ZOrderPreviewLine),
  /**
   * Unpaid orders the shop cancels: when this one is cancelled unless paid first (the staff queue's
   * and the reminder mail's date; docs/orders.md, Unpaid orders); null once paid or cancelled, or
   * when the shop does not cancel. The buyer's list shows it on each such row, the order page too.
   */
  lapsesAt: z.string().nullable(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

/** A message from the shop to the buyer about an order. */
export const ZOrderMessage = z.object({ id: z.number().int(), body: z.string(), createdTime: z.string() });
export type TOrderMessage = z.infer<typeof ZOrderMessage>;

/** Order documents (PDF): proforma invoice, commercial invoice, packing list. */
export const ORDER_DOCUMENT_KINDS = ['proforma', 'invoice', 'packing-list'] as const;
export const ZOrderDocumentKind = z.enum(ORDER_DOCUMENT_KINDS);
export type TOrderDocumentKind = z.infer<typeof ZOrderDocumentKind>;
/** A document to download: `url` is the API path (GET with the bearer token). */
export const ZOrderDocument = z.object({ kind: ZOrderDocumentKind, url: z.string() });
export type TOrderDocument = z.infer<typeof ZOrderDocument>;

/**
 * How much of an order has left the warehouse (docs/orders.md, Split shipments), derived: none,
 * partial (one or more parcels left, packed pieces still to come), shipped (everything left).
 */
export const FULFILLMENT_STATES = ['none', 'partial', 'shipped'] as const;
export const ZFulfillment = z.enum(FULFILLMENT_STATES);
export type TFulfillment = z.infer<typeof ZFulfillment>;

/** A parcel of an order: carrier, tracking number and link, the pieces in it, its packing list. */
export const ZOrderShipment = z.object({
  id: z.number().int(),
  /** 1, 2, ... within the order. */
  number: z.number().int(),
  carrier: ZCarrier.nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  lines: z.array(
    z.object({ lineId: z.number().int(), itemId: z.number().int(), name: z.string(), typeName: z.string().nullable(), quantity: z.number().int() }),
  ),
  pieces: z.number().int(),
  /** The parcel's packing list (PDF, GET with the bearer token). */
  packingListUrl: z.string(),
  createdTime: z.string(),
});
export type TOrderShipment = z.infer<typeof ZOrderShipment>;

export const ZOrderDetail = ZOrderSummary.extend({
  /** Sum of list prices. */
  amount: z.number(),
  freeShipping: z.boolean(),
  /** Freight by the rate table, before free shipping. */
  expressFeeBase: z.number(),
  surchargePercent: z.number(),
  chargeableWeight: z.number(),
  totalNw: z.number(),
  totalGw: z.number(),
  totalVolume: z.number(),
  totalVolumeWeight: z.number(),
  zone: z.object({ code: z.string(), name: z.string() }),
  transitDays: ZTransitDays,
  /** CNY per USD when the order was placed. */
  exchangeRate: z.number(),
  /** The same amounts in CNY (the shop's books). */
  cny: z.object({ goodsAmount: z.number(), expressFee: z.number(), surcharge: z.number(), totalAmount: z.number() }),
  deliveryState: z.string().nullable(),
  deliveryCity: z.string(),
  deliveryPostalCode: z.string(),
  deliveryPhone: z.string(),
  deliveryCompany: z.string().nullable(),
  deliveryTaxId: z.string().nullable(),
  deliveryShippingMark: z.string().nullable(),
  deliveryAddress: z.string(),
  deliveryAddress2: z.string().nullable(),
  comment: z.string().nullable(),
  /** After packing (equal to the ordered figures until staff change them). */
  actualGoodsAmount: z.number(),
  actualExpressFee: z.number(),
  actualSurcharge: z.number(),
  /** Weights and volume of what was packed (equal to the ordered ones until staff change quantities). */
  actualTotalNw: z.number(),
  actualTotalGw: z.number(),
  actualTotalVolume: z.number(),
  actualTotalVolumeWeight: z.number(),
  actualChargeableWeight: z.number(),
  /** Every money figure of the order (the one source for pages, documents and mail). */
  money: ZOrderMoney,
  /** Credit notes, oldest first. */
  credits: z.array(ZOrderCredit),
  /** Payments received and refunds given, oldest first. */
  payments: z.array(ZOrderPayment),
  /** How to pay by the order's payment method (methods other than bank transfer; null: nothing set). */
  paymentInstructions: ZOrderPaymentInstructions.nullable(),
  carrier: ZCarrier.nullable(),
  /** The carrier's public tracking page, once there is a tracking number. */
  trackingUrl: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** T/T orders: where to send the money, with the order id as the payment reference. */
  bankTransfer: ZBankTransferDetails.extend({ reference: z.string() }).nullable(),
  items: z.array(ZOrderLine),
  /** Oldest first. */
  history: z.array(ZOrderEvent),
  /** Messages from the shop about this order (staff wrote them; also sent by e-mail), oldest first. */
  messages: z.array(ZOrderMessage),
  /** The PDF documents the reader may download now (docs/orders.md, Documents). */
  documents: z.array(ZOrderDocument),
  /** How much has left (docs/orders.md, Split shipments). */
  fulfillment: ZFulfillment,
  /** The parcels that left, oldest first. */
  shipments: z.array(ZOrderShipment),
  /** The days after which the shop cancels unpaid orders (set with `lapsesAt`, which the summary carries). */
  lapseAfterDays: z.number().int().nullable(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const page = z.preprocess(digitsToNumber, z.number().int().min(1).max(10_000).default(1));

export const ORDER_PAGE_SIZE = 20;
export const ZOrderListQuery = z.object({
  page,
  recPerPage: z.preprocess(digitsToNumber, z.number().int().min(1).max(120).default(ORDER_PAGE_SIZE)),
  status: z.preprocess(blankToUndefined, ZOrderStatus.optional()),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;
export const ZOrderList = z.object({ data: z.array(ZOrderSummary), pager: ZPager });
export type TOrderList = z.infer<typeof ZOrderList>;

export const ZOrderItemsQuery = z.object({
  page,
  recPerPage: z.preprocess(digitsToNumber, z.number().int().min(1).max(200).default(120)),
  orderId: id.optional(),
});
export type TOrderItemsQuery = z.infer<typeof ZOrderItemsQuery>;
export const ZOrderItemList = z.object({ data: z.array(ZOrderLine), pager: ZPager });
export type TOrderItemList = z.infer<typeof ZOrderItemList>;

/** POST /api/orders/reorder */
export const ZReorderBody = z.object({ id });
export const REORDER_UNAVAILABLE_REASONS = ['removed', 'type', 'stock', 'cartFull'] as const;
export const ZReorderResult = z.object({
  added: z.array(
    z.object({
      cartItemId: z.number().int(),
      itemId: z.number().int(),
      type: z.string(),
      name: z.string(),
      /** Pieces added (raised to today's minimum order quantity or multiple when needed). */
      quantity: z.number().int(),
      adjusted: z.boolean(),
    }),
  ),
  unavailable: z.array(
    z.object({
      itemId: z.number().int(),
      type: z.string(),
      name: z.string(),
      /** removed: the product is gone; type: its type is no longer offered; stock: not that many pieces of the style left (no pre-orders); cartFull: no room in the cart. */
      reason: z.enum(REORDER_UNAVAILABLE_REASONS),
    }),
  ),
});
export type TReorderResult = z.infer<typeof ZReorderResult>;
