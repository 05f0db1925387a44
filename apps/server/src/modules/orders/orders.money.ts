import { minorToMajor, paymentStatusOf, type TOrderMoney, type TPaymentStatus } from '@cubeshop/shared';
import { percentOf } from '../shipping/shipping.quote.js';
import type { OrderItemRow, OrderRow } from './orders.repository.js';

// An order's money, computed in one place (docs/orders.md, Money after the order). Every page,
// document, mail and export reads its figures from here. Pure functions of the rows; minor units
// of the order's currency.
//
//   charged = what was packed at the prices charged + freight + payment surcharge (the ordered
//             total until staff change a packed quantity, a price or the freight)
//   owed    = charged - credited (credit notes: returns, goodwill); 0 once the order is cancelled
//   balance = owed - (paid - refunded): > 0 the buyer owes it, < 0 the shop owes it back

export interface ActualTotals {
  pieceCount: number;
  goodsMinor: number;
  freightMinor: number;
  surchargeMinor: number;
  totalMinor: number;
}

export const lineQuantity = (line: Pick<OrderItemRow, 'quantity' | 'actualQuantity'>) => line.actualQuantity ?? line.quantity;
export const lineUnitPrice = (line: Pick<OrderItemRow, 'unitPriceMinor' | 'actualUnitPriceMinor'>) => line.actualUnitPriceMinor ?? line.unitPriceMinor;

/**
 * The order's actual figures: each line's packed quantity at its actual (or ordered) price, the
 * actual (or quoted) freight, and the payment surcharge at the order's rate on goods + freight,
 * rounded half up once, as at checkout.
 */
export function actualTotals(
  order: Pick<OrderRow, 'freightMinor' | 'actualFreightMinor' | 'surchargeBp'>,
  lines: readonly Pick<OrderItemRow, 'quantity' | 'actualQuantity' | 'unitPriceMinor' | 'actualUnitPriceMinor'>[],
): ActualTotals {
  let pieceCount = 0;
  let goodsMinor = 0;
  for (const line of lines) {
    const q = lineQuantity(line);
    pieceCount += q;
    goodsMinor += q * lineUnitPrice(line);
  }
  const freightMinor = order.actualFreightMinor ?? order.freightMinor;
  const surchargeMinor = percentOf(goodsMinor + freightMinor, order.surchargeBp);
  return { pieceCount, goodsMinor, freightMinor, surchargeMinor, totalMinor: goodsMinor + freightMinor + surchargeMinor };
}

export type MoneyRow = Pick<OrderRow, 'status' | 'totalMinor' | 'actualTotalMinor' | 'creditedMinor' | 'paidMinor' | 'refundedMinor'>;

/** What the order comes to after packing (the ordered total until staff changed something). */
export const chargedMinor = (order: Pick<OrderRow, 'totalMinor' | 'actualTotalMinor'>) => order.actualTotalMinor ?? order.totalMinor;

/** What the buyer owes for the order: charged less credit notes; nothing once it is cancelled. */
export const owedMinor = (order: Pick<OrderRow, 'status' | 'totalMinor' | 'actualTotalMinor' | 'creditedMinor'>) =>
  order.status === 'cancel' ? 0 : chargedMinor(order) - order.creditedMinor;

/** Owed less what the shop kept of the buyer's money (> 0: the buyer owes it; < 0: a refund is due). */
export const balanceMinor = (order: MoneyRow) => owedMinor(order) - (order.paidMinor - order.refundedMinor);

export const paymentStatus = (order: MoneyRow): TPaymentStatus => paymentStatusOf(owedMinor(order), order.paidMinor, order.refundedMinor);

type ChargeRow = Pick<
  OrderRow,
  'goodsMinor' | 'freightMinor' | 'surchargeMinor' | 'totalMinor' | 'actualGoodsMinor' | 'actualFreightMinor' | 'actualSurchargeMinor' | 'actualTotalMinor'
>;

/** Every figure of the order in major units, as the API, documents and mail show them. */
export function moneyOf(order: MoneyRow & ChargeRow): TOrderMoney {
  const balance = balanceMinor(order);
  const charged = {
    goods: order.actualGoodsMinor ?? order.goodsMinor,
    freight: order.actualFreightMinor ?? order.freightMinor,
    surcharge: order.actualSurchargeMinor ?? order.surchargeMinor,
    total: chargedMinor(order),
  };
  const ordered = { goods: order.goodsMinor, freight: order.freightMinor, surcharge: order.surchargeMinor, total: order.totalMinor };
  const major = (c: typeof charged) => ({
    goods: minorToMajor(c.goods),
    freight: minorToMajor(c.freight),
    surcharge: minorToMajor(c.surcharge),
    total: minorToMajor(c.total),
  });
  return {
    ordered: major(ordered),
    charged: major(charged),
    changed: charged.goods !== ordered.goods || charged.freight !== ordered.freight || charged.surcharge !== ordered.surcharge,
    credited: minorToMajor(order.creditedMinor),
    owed: minorToMajor(owedMinor(order)),
    paid: minorToMajor(order.paidMinor),
    refunded: minorToMajor(order.refundedMinor),
    balance: minorToMajor(balance),
    toPay: minorToMajor(Math.max(balance, 0)),
    refundDue: minorToMajor(Math.max(-balance, 0)),
  };
}

/**
 * A quote's figures (docs/orders.md, Quotes): its priced lines at the quoted prices plus the quoted
 * freight, by the same rule as an order's actual total (before a payment method's surcharge,
 * which the order adds when the quote is accepted).
 */
export function quotedTotals(lines: readonly { quantity: number; unitPriceMinor: number }[], freightMinor: number): ActualTotals {
  return actualTotals(
    { freightMinor, actualFreightMinor: null, surchargeBp: 0 },
    lines.map((l) => ({ quantity: l.quantity, actualQuantity: null, unitPriceMinor: l.unitPriceMinor, actualUnitPriceMinor: null })),
  );
}
