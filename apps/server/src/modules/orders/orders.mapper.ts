import { buyerDocuments, minorToMajor, trackingUrl, type TBankTransferDetails,
  type TOrderMessage, type TCarrier, type TCurrency, type TLocale, type TOrderDetail, type TOrderLine, type TOrderSummary } from '@cubeshop/shared';
import { productImageUrls } from '../catalog/catalog.module.js';
import { balanceMinor, dueMinor, lineQuantity, lineUnitPrice } from './orders.actuals.js';
import type { PricingItem } from '../catalog/catalog.module.js';
import type { NewOrderItemRow, OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.js';

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

export function toSummary(row: OrderRow, preview: OrderItemRow[], locale: TLocale): TOrderSummary {
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
    actualTotalPrice: minorToMajor(dueMinor(row)),
    paymentStatus: row.paymentStatus,
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
  };
}

/** The payment method id of bank transfer (T/T): its orders show the shop's bank details. */
export const BANK_TRANSFER_METHOD = 'tt';

export function toDetail(row: OrderRow, lines: OrderItemRow[], events: OrderEventRow[], locale: TLocale, bank?: TBankTransferDetails, messages: TOrderMessage[] = []): TOrderDetail {
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
    balance: minorToMajor(balanceMinor(row)),
    carrier: (row.carrier as TCarrier | null) ?? null,
    trackingUrl: row.trackingNumber ? trackingUrl(row.carrier as TCarrier | null, row.trackingNumber) : null,
    cancelReason: row.cancelReason,
    bankTransfer: row.payMethodId === BANK_TRANSFER_METHOD && bank ? { ...bank, reference: String(row.id) } : null,
    items: lines.map((l) => toLine(l, row.currency, locale)),
    history: events.map((e) => ({ type: e.type, from: e.fromValue, to: e.toValue, time: e.createdAt.toISOString(), note: e.note })),
    messages,
    documents: buyerDocuments(row.id, row.status),
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
