import { create } from 'zustand';
import type { TCurrency, TPaymentRecordMethod } from '@cubeshop/shared';

/** After a decision that leaves money owed back: the refund to record next (shown by RefundFollowUp). */
export interface RefundFollowUpState {
  orderId: number;
  currency: TCurrency;
  refundDue: number;
  method: TPaymentRecordMethod;
}

/**
 * The follow-up lives outside the request's card: once a request is decided it leaves the open
 * list (its card unmounts), and the refund step must stay on screen until staff record it or
 * choose to do it later.
 */
export const useRefundFollowUp = create<{ current: RefundFollowUpState | null; show: (f: RefundFollowUpState) => void; close: () => void }>()((set) => ({
  current: null,
  show: (current) => set({ current }),
  close: () => set({ current: null }),
}));
