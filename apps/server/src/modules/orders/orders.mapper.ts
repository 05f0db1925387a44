import {
  buyerDocuments,
  chargeableWeightG,
  fulfillmentOf,
  minorToMajor,
  trackingUrl,
  type TBankTransferDetails,
  type TCurrency,
  type TLocale,
  type TOrderCredit,
  type TOrderDetail,
  type TOrderLine,
  type TOrderMessage,
  type TOrderPayment,
  type TOrderPaymentInstructions,
  type TOrderSummary,
} from '@cubeshop/shared';
import { productImageUrls } from '../catalog/catalog.module.js';
import { balanceMinor, chargedMinor, lineQuantity, lineUnitPrice, moneyOf } from './orders.money.js';
import { eventTo } from './orders.line-events.js';
import type { PricingItem } from '../catalog/catalog.module.js';
import type { CreditRow, NewOrderItemRow, OrderEventRow, OrderItemRow, OrderRow, PaymentRow } from './orders.repository.js';
import type { ShipmentWithLines } from './orders.shipments.repository.js';
import { toShipment } from './orders.shipments.view.js';

// Stored orders as the API shows them (pure functions of the rows and the reader's language).

/** Lines shown per order in the list. */
export const PREVIEW_LINES = 3;

export const pick = (zh: string | null, en: string | null, locale: TLocale) => (locale === 'zh' ? zh || en : en || zh);
const kg = (g: number) => g / 1000;
const m3 = (cm3: number) => cm3 / 1_000_000;

export function toLine(row: OrderItemRow, currency: TCurrency, locale: TLocale): TOrderLine {
  const gw = row.gwG ?? row.nwG;
  const q = row.quantity;
  return {
    id: row.id,
    orderId: row.orderId,
    itemId: row.itemId,
    name: pick(row.nameZh, row.nameEn, locale) ?? '',
    supplier: pick(row.supplierNameZh, row.supplierNameEn, locale) ?? '',
    type: row.typeCode,
    typeName: pick(row.typeNameZh, row.typeNameEn, locale),
    quantity: q,
    actualQuantity: lineQuantity(row),
    currency,
    price: minorToMajor(row.listPriceMinor),
    discountPrice: minorToMajor(row.unitPriceMinor),
    amount: minorToMajor(row.amountMinor),
    tierMinQuantity: row.tierMinQuantity ?? null,
    actualPrice: minorToMajor(lineUnitPrice(row)),
    actualAmount: minorToMajor(lineUnitPrice(row) * lineQuantity(row)),
    shippedQuantity: row.shippedQuantity,
    creditedQuantity: row.creditedQuantity,
    returnedQuantity: row.returnedQuantity,
    moq: row.moq,
    orderMultiple: row.orderMultiple,
    nw: row.nwG === null ? null : kg(row.nwG),
    gw: gw === null ? null : kg(gw),
    volume: row.volumeCm3 === null ? null : m3(row.volumeCm3),
    volumeWeight: row.volumeWeightG === null ? null : kg(row.volumeWeightG),
    totalGw: gw === null ? null : kg(gw * q),
    totalVolume: row.volumeCm3 === null ? null : m3(row.volumeCm3 * q),
    totalVolumeWeight: row.volumeWeightG === null ? null : kg(row.volumeWeightG * q),
    ...productImageUrls(row.itemId, row.imageVersion),
    createdTime: row.createdAt.toISOString(),
  };
}

/** `lapse`: when the unpaid-order follow-up cancels the order (orders.lapse.ts `lapsesAt`), null when it never will. */
export function toSummary(row: OrderRow, preview: OrderItemRow[], locale: TLocale, lapse: Date | null = null): TOrderSummary {
  return {
    id: row.id,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
    status: row.status,
    logisticsStatus: row.logisticsStatus,
    trackingNumber: row.trackingNumber,
    currency: row.currency,
    lineCount: row.lineCount,
    quantity: row.pieceCount,
    actualQuantity: row.actualPieceCount ?? row.pieceCount,
    goodsAmount: minorToMajor(row.goodsMinor),
    discount: minorToMajor(row.listMinor - row.goodsMinor),
    expressFee: minorToMajor(row.freightMinor),
    surcharge: minorToMajor(row.surchargeMinor),
    totalAmount: minorToMajor(row.totalMinor),
    actualTotalPrice: minorToMajor(chargedMinor(row)),
    paymentStatus: row.paymentStatus,
    balance: minorToMajor(balanceMinor(row)),
    expressMethod: { id: row.expressMethodId, name: pick(row.expressNameZh, row.expressNameEn, locale) ?? row.expressMethodId },
    payMethod: { id: row.payMethodId, name: pick(row.payNameZh, row.payNameEn, locale) ?? row.payMethodId },
    deliveryRegionId: row.regionId,
    deliveryUser: row.receiver,
    preview: preview.map((l) => ({
      itemId: l.itemId,
      name: pick(l.nameZh, l.nameEn, locale) ?? '',
      type: l.typeCode,
      quantity: l.quantity,
      thumbnail: productImageUrls(l.itemId, l.imageVersion).thumbnail,
    })),
    lapsesAt: lapse?.toISOString() ?? null,
  };
}

/** The payment method id of bank transfer (T/T): its orders show the shop's bank details. */
export const BANK_TRANSFER_METHOD = 'tt';

/** What an order's detail is made of besides its row (read by orders.read.ts). */
export interface DetailParts {
  lines: OrderItemRow[];
  events: OrderEventRow[];
  credits: CreditRow[];
  payments: PaymentRow[];
  bank?: TBankTransferDetails | undefined;
  messages?: TOrderMessage[] | undefined;
  /** How to pay by the order's method (not bank transfer), without the reference. */
  instructions?: Omit<TOrderPaymentInstructions, 'reference'> | null | undefined;
  /** Staff only: who issued each credit note (by user id). The buyer's page shows no names. */
  staffNames?: Map<number, string> | undefined;
  /** The parcels that left (docs/orders.md, Split shipments). */
  shipments?: ShipmentWithLines[] | undefined;
  /** When the unpaid-order follow-up cancels the order (orders.lapse.ts `lapsesAt`), and after how many days it cancels. */
  lapse?: { at: Date; days: number } | null | undefined;
}

/** A credit note as the API shows it: its lines named from the order's lines. */
export function toCredit(row: CreditRow, orderId: number, lines: readonly OrderItemRow[], locale: TLocale, staffNames?: Map<number, string>): TOrderCredit {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return {
    id: row.id,
    number: `CN-${orderId}-${row.seq}`,
    kind: row.kind,
    amount: minorToMajor(row.amountMinor),
    reason: row.reason,
    lines: row.lines.map((c) => {
      const line = byId.get(c.lineId);
      return {
        lineId: c.lineId,
        itemId: line?.itemId ?? 0,
        name: line ? (pick(line.nameZh, line.nameEn, locale) ?? '') : '',
        typeName: line ? pick(line.typeNameZh, line.typeNameEn, locale) : null,
        quantity: c.quantity,
        unitPrice: minorToMajor(c.unitPriceMinor),
        amount: minorToMajor(c.amountMinor),
      };
    }),
    extra: minorToMajor(row.extraMinor),
    requestId: row.requestId,
    createdBy: staffNames ? (row.createdBy === null ? 'system' : (staffNames.get(row.createdBy) ?? String(row.createdBy))) : null,
    createdTime: row.createdAt.toISOString(),
  };
}

export const toPayment = (row: PaymentRow): TOrderPayment => ({
  kind: row.kind,
  amount: minorToMajor(row.amountMinor),
  currency: row.currency,
  orderAmount: minorToMajor(row.orderAmountMinor),
  method: row.method,
  paidAt: row.paidAt.toISOString(),
});

/** Weights and volume of what was packed (each line's packed quantity; an unknown gross weight counts as the net one). */
export function packedWeights(lines: readonly OrderItemRow[]) {
  let nw = 0;
  let gw = 0;
  let volume = 0;
  let vw = 0;
  for (const l of lines) {
    const q = lineQuantity(l);
    nw += (l.nwG ?? 0) * q;
    gw += (l.gwG ?? l.nwG ?? 0) * q;
    volume += (l.volumeCm3 ?? 0) * q;
    vw += (l.volumeWeightG ?? 0) * q;
  }
  return { totalNw: kg(nw), totalGw: kg(gw), totalVolume: m3(volume), totalVolumeWeight: kg(vw), chargeableWeight: kg(chargeableWeightG(gw, vw)) };
}

/**
 * Who reads an order's detail. Staff text (the reason for shipping unpaid, a note given with a
 * status change) reaches only staff: what a buyer reads (their order page, their mail, the
 * documents, whoever downloads them) is the `buyer` view (docs/orders.md, Notes and messages).
 */
export type OrderAudience = 'buyer' | 'staff';

/**
 * The note of a history event as the audience may read it. Event notes are staff text; the one a
 * buyer is told is why the order was cancelled (`cancelReason`, also in the cancellation mail).
 */
export function eventNote(
  event: Pick<OrderEventRow, 'type' | 'toValue' | 'note'>,
  row: Pick<OrderRow, 'cancelReason'>,
  audience: OrderAudience,
): string | null {
  if (audience === 'staff') return event.note;
  return event.type === 'status' && event.toValue === 'cancel' ? row.cancelReason : null;
}

export function toDetail(row: OrderRow, parts: DetailParts, locale: TLocale, audience: OrderAudience): TOrderDetail {
  const { lines, events } = parts;
  const packed = packedWeights(lines);
  return {
    ...toSummary(row, lines.slice(0, PREVIEW_LINES), locale),
    amount: minorToMajor(row.listMinor),
    freeShipping: row.freeShipping,
    expressFeeBase: minorToMajor(row.freightBaseMinor),
    surchargePercent: row.surchargeBp / 100,
    chargeableWeight: kg(row.chargeableWeightG),
    totalNw: kg(row.totalNwG),
    totalGw: kg(row.totalGwG),
    totalVolume: m3(row.totalVolumeCm3),
    totalVolumeWeight: kg(row.totalVolumeWeightG),
    zone: { code: row.zoneCode, name: pick(row.zoneNameZh, row.zoneNameEn, locale) ?? row.zoneCode },
    transitDays: { min: row.transitMinDays, max: row.transitMaxDays },
    exchangeRate: row.exchangeRate,
    cny: {
      goodsAmount: minorToMajor(row.goodsFen),
      expressFee: minorToMajor(row.freightFen),
      surcharge: minorToMajor(row.surchargeFen),
      totalAmount: minorToMajor(row.totalFen),
    },
    deliveryState: row.state,
    deliveryCity: row.city,
    deliveryPostalCode: row.postalCode,
    deliveryPhone: row.phone,
    deliveryCompany: row.company,
    deliveryTaxId: row.taxId,
    deliveryShippingMark: row.shippingMark,
    deliveryAddress: row.address,
    deliveryAddress2: row.address2,
    comment: row.comment,
    actualGoodsAmount: minorToMajor(row.actualGoodsMinor ?? row.goodsMinor),
    actualExpressFee: minorToMajor(row.actualFreightMinor ?? row.freightMinor),
    actualSurcharge: minorToMajor(row.actualSurchargeMinor ?? row.surchargeMinor),
    actualTotalNw: packed.totalNw,
    actualTotalGw: packed.totalGw,
    actualTotalVolume: packed.totalVolume,
    actualTotalVolumeWeight: packed.totalVolumeWeight,
    actualChargeableWeight: packed.chargeableWeight,
    money: moneyOf(row),
    credits: parts.credits.map((c) => toCredit(c, row.id, lines, locale, parts.staffNames)),
    payments: parts.payments.map(toPayment),
    paymentInstructions: row.payMethodId !== BANK_TRANSFER_METHOD && parts.instructions ? { ...parts.instructions, reference: String(row.id) } : null,
    carrier: row.carrier,
    trackingUrl: row.trackingNumber ? trackingUrl(row.carrier, row.trackingNumber) : null,
    cancelReason: row.cancelReason,
    bankTransfer: row.payMethodId === BANK_TRANSFER_METHOD && parts.bank ? { ...parts.bank, reference: String(row.id) } : null,
    items: lines.map((l) => toLine(l, row.currency, locale)),
    history: events.map((e) => ({
      type: e.type,
      from: e.fromValue,
      to: eventTo(e, locale),
      time: e.createdAt.toISOString(),
      note: eventNote(e, row, audience),
    })),
    messages: parts.messages ?? [],
    documents: buyerDocuments(row.id, row.status),
    fulfillment: fulfillmentOf(row.status, parts.shipments?.length ?? 0),
    shipments: (parts.shipments ?? []).map((s) => toShipment(s, lines, locale)),
    lapsesAt: parts.lapse?.at.toISOString() ?? null,
    lapseAfterDays: parts.lapse?.days ?? null,
  };
}

/** The prices of one line, in fen and in minor units of the order's currency. */
export interface LinePrices {
  listPriceFen: number;
  unitPriceFen: number;
  amountFen: number;
  listPriceMinor: number;
  unitPriceMinor: number;
  amountMinor: number;
}

/** An order line as stored: the product as it is now (names, type, weights) and its prices. */
export function lineSnapshot(
  position: number,
  item: PricingItem,
  typeCode: string,
  quantity: number,
  prices: LinePrices,
  /** The quantity break the line was sold at (docs/catalog.md, Prices), or null. */
  tierMinQuantity: number | null = null,
): NewOrderItemRow {
  const type = item.types.find((x) => x.code === typeCode);
  return {
    position,
    itemId: item.id,
    typeCode,
    typeNameZh: type?.zh ?? null,
    typeNameEn: type?.en ?? null,
    nameZh: item.nameZh,
    nameEn: item.nameEn,
    supplierNameZh: item.supplierNameZh,
    supplierNameEn: item.supplierNameEn,
    imageVersion: item.imageVersion,
    quantity,
    moq: item.moq,
    orderMultiple: item.orderMultiple,
    listPriceFen: prices.listPriceFen,
    unitPriceFen: prices.unitPriceFen,
    amountFen: prices.amountFen,
    listPriceMinor: prices.listPriceMinor,
    unitPriceMinor: prices.unitPriceMinor,
    amountMinor: prices.amountMinor,
    tierMinQuantity,
    nwG: item.nwG,
    gwG: item.gwG,
    volumeCm3: item.volumeCm3,
    volumeWeightG: item.volumeWeightG,
  };
}
