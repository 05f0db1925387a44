import { z } from 'zod';
import { ZStaffSettings, ZPaymentInstructionsSetting } from '@cubeshop/shared';
import { toMinor } from './parts';

// The settings forms' schemas: what the owner types (text, in yuan, dollars), turned into the
// API's body and piped into the shared rules of that body. A field keeps its path through the
// pipe, so a rule's message, or the server's refusal, lands on the field that was typed.

const typed = z.string();
/** A number as typed ("7.1"); NaN when it is none, which the shared rule calls "Enter a number". */
const decimal = typed.transform((v) => (v.trim() === '' ? Number.NaN : Number(v.trim())));

/** Exchange rate: CNY per USD. */
export const ZRateForm = z.object({ exchangeRate: z.object({ cnyPerUsd: decimal }) }).pipe(ZStaffSettings.pick({ exchangeRate: true }));

/** Free shipping from a threshold typed in dollars (sent in cents); empty: none. */
export const ZFreeShippingForm = z
  .object({ freeShipping: z.object({ thresholdUsdCents: typed.transform((v) => (v.trim() === '' ? null : toMinor(v))) }) })
  .pipe(ZStaffSettings.pick({ freeShipping: true }));

/** Days typed ("3"); empty: off (null); anything else but digits is NaN ("Enter a number"). */
const days = typed.transform((v) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN));

/** The unpaid-order follow-up: remind after, cancel after (days; empty or 0: off). */
export const ZUnpaidOrdersForm = z
  .object({ unpaidOrders: z.object({ remindAfterDays: days, cancelAfterDays: days }) })
  .pipe(ZStaffSettings.pick({ unpaidOrders: true }));

/** The storefront footer's contacts. */
export const ZContactForm = ZStaffSettings.pick({ contact: true });

/** Bank-transfer details; every field empty: none (no T/T details on orders). */
export const ZBankForm = z
  .object({ bankTransfer: z.object({ accountName: typed, bank: typed, bankAddress: typed, swift: typed, accountNumber: typed }) })
  .transform(({ bankTransfer: b }) => ({
    bankTransfer: Object.values(b).every((v) => v.trim() === '')
      ? null
      : { ...b, bankAddress: b.bankAddress.trim() || null, swift: b.swift.trim().toUpperCase() },
  }))
  .pipe(ZStaffSettings.pick({ bankTransfer: true }));

/** The seller on documents; name and address empty: the bank account's holder. */
export const ZSellerForm = z
  .object({ documentSeller: z.object({ name: typed, address: typed }) })
  .transform(({ documentSeller: d }) => ({ documentSeller: d.name.trim() || d.address.trim() ? d : null }))
  .pipe(ZStaffSettings.pick({ documentSeller: true }));

/** A payment method's instructions to buyers. */
export const ZInstructionsForm = z.object({ instructions: ZPaymentInstructionsSetting });
