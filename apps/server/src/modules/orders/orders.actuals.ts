import { paymentStatusOf, type TPaymentStatus } from '@cubeshop/shared';
import { percentOf } from '../shipping/shipping.quote.js';
import type { OrderItemRow, OrderRow } from './orders.repository.js';

// What an order comes to after staff recorded what was packed (the spec's "actual quantity /
// actual total price"), and what the buyer still owes. Pure functions of the rows.

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
 * The order's actual figures in minor units of its currency: each line's packed quantity at its
 * actual (or ordered) price, the actual (or quoted) freight, and the payment surcharge at the
 * order's rate on goods + freight, rounded half up once, as at checkout.
 */
export function actualTotals(order: Pick<OrderRow, 'freightMinor' | 'actualFreightMinor' | 'surchargeBp'>, lines: readonly OrderItemRow[]): ActualTotals {
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

/** What the buyer owes: the actual total once staff adjusted the order, else the ordered total. */
export const dueMinor = (order: Pick<OrderRow, 'totalMinor' | 'actualTotalMinor'>) => order.actualTotalMinor ?? order.totalMinor;

/**
 * Due minus payments plus refunds (negative: the buyer paid more than is due). A cancelled order
 * owes nothing: its balance is what was received and not yet refunded, as a negative (a refund due).
 */
export const balanceMinor = (order: Pick<OrderRow, 'status' | 'totalMinor' | 'actualTotalMinor' | 'paidMinor' | 'refundedMinor'>) =>
  (order.status === 'cancel' ? 0 : dueMinor(order)) - order.paidMinor + order.refundedMinor;

export const paymentStatus = (order: Pick<OrderRow, 'totalMinor' | 'actualTotalMinor' | 'paidMinor' | 'refundedMinor'>): TPaymentStatus =>
  paymentStatusOf(dueMinor(order), order.paidMinor, order.refundedMinor);
