import type { TCurrency } from '@cubeshop/shared';
import type { Quote } from '../shipping/shipping.service.js';
import type { NewOrderRow } from './orders.repository.js';

/** The address, method and comment fields of an order request (the buyer's checkout or staff taking an order). */
export interface OrderAddressInput {
  deliveryRegionId: string;
  deliveryState?: string | undefined;
  deliveryCity: string;
  deliveryPostalCode: string;
  deliveryUser: string;
  deliveryPhone: string;
  deliveryCompany?: string | undefined;
  deliveryTaxId?: string | undefined;
  deliveryShippingMark?: string | undefined;
  deliveryAddress: string;
  deliveryAddress2?: string | undefined;
  comment?: string | undefined;
}

/**
 * The order row as stored: the quote's totals in both ledgers, the method, zone, payment method
 * and address as chosen (docs/orders.md, Placing an order). Called by the one placement
 * (orders.place.ts) for every way an order is made (checkout, a quote, staff for a buyer), so they
 * store the same snapshot.
 */
export function orderRowOf(userId: number, key: string, hash: string, currency: TCurrency, rate: number, quote: Quote, input: OrderAddressInput): NewOrderRow {
  const t = quote.totals;
  const payment = quote.payment!;
  return {
    userId,
    idempotencyKey: key,
    requestHash: hash,
    currency,
    exchangeRate: rate,
    lineCount: t.lineCount,
    pieceCount: t.pieceCount,
    listFen: t.list.fen,
    goodsFen: t.goods.fen,
    freightBaseFen: t.freightBase.fen,
    freightFen: t.freight.fen,
    surchargeFen: t.surcharge.fen,
    totalFen: t.total.fen,
    listMinor: t.list.minor,
    goodsMinor: t.goods.minor,
    freightBaseMinor: t.freightBase.minor,
    freightMinor: t.freight.minor,
    surchargeMinor: t.surcharge.minor,
    totalMinor: t.total.minor,
    freeShipping: t.freeShipping,
    freeShippingThresholdMinor: t.freeShippingThresholdMinor,
    totalNwG: t.totalNwG,
    totalGwG: t.totalGwG,
    totalVolumeCm3: t.totalVolumeCm3,
    totalVolumeWeightG: t.totalVolumeWeightG,
    chargeableWeightG: t.chargeableWeightG,
    expressMethodId: quote.method.id,
    expressNameZh: quote.method.nameZh,
    expressNameEn: quote.method.nameEn,
    zoneCode: quote.zone.code,
    zoneNameZh: quote.zone.nameZh,
    zoneNameEn: quote.zone.nameEn,
    transitMinDays: quote.rate.transitMinDays,
    transitMaxDays: quote.rate.transitMaxDays,
    payMethodId: payment.id,
    payNameZh: payment.nameZh,
    payNameEn: payment.nameEn,
    surchargeBp: payment.surchargeBp,
    regionId: input.deliveryRegionId.toUpperCase(),
    state: input.deliveryState ?? null,
    city: input.deliveryCity,
    postalCode: input.deliveryPostalCode,
    receiver: input.deliveryUser,
    phone: input.deliveryPhone,
    company: input.deliveryCompany ?? null,
    taxId: input.deliveryTaxId ?? null,
    shippingMark: input.deliveryShippingMark ?? null,
    address: input.deliveryAddress,
    address2: input.deliveryAddress2 ?? null,
    comment: input.comment ?? null,
  };
}
