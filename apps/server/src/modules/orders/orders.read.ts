import type { TBankTransferDetails, TLocale, TOrderDetail, TOrderPaymentInstructions, TUnpaidOrdersSetting } from '@cubeshop/shared';
import { lapsesAt } from './orders.lapse.js';
import { toDetail, type OrderAudience } from './orders.mapper.js';
import type { OrderNotesRepository } from './orders.notes.repository.js';
import { toMessage } from './orders.notes.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { ShipmentsRepository } from './orders.shipments.repository.js';

export interface OrderReaderDeps {
  /** The shop's bank-transfer details (settings), shown on T/T orders. */
  bankDetails: () => Promise<TBankTransferDetails | undefined>;
  /** Messages from staff to the buyer (order_notes). */
  notes: Pick<OrderNotesRepository, 'messages'>;
  /** How to pay by a payment method other than bank transfer (the shipping module's payment methods). */
  paymentInstructions: (methodId: string, locale: TLocale) => Promise<Omit<TOrderPaymentInstructions, 'reference'> | null>;
  /** The order's parcels (docs/orders.md, Split shipments). */
  shipments: Pick<ShipmentsRepository, 'ofOrder'>;
  /** The unpaid-order follow-up's days (the settings): when an unpaid order lapses (docs/orders.md, Unpaid orders). */
  unpaidPolicy: () => Promise<TUnpaidOrdersSetting>;
}

/**
 * An order's detail as every reader sees it (the buyer's page, the staff page, documents, mail
 * attachments): the row and everything around it read at once, then mapped by one function, so
 * all of them show the same figures. Staff also see who issued each credit note and the notes
 * staff gave with status changes; the buyer's view (`audience: 'buyer'`) never carries staff text.
 */
export function createOrderReader(repo: OrdersRepository, deps: OrderReaderDeps) {
  return {
    async detail(row: OrderRow, locale: TLocale, audience: OrderAudience, staffNames?: (ids: number[]) => Promise<Map<number, string>>): Promise<TOrderDetail> {
      const [lines, events, credits, payments, bank, messages, instructions, shipments, policy] = await Promise.all([
        repo.lines(row.id),
        repo.events(row.id),
        repo.credits(row.id),
        repo.payments(row.id),
        deps.bankDetails(),
        deps.notes.messages(row.id),
        deps.paymentInstructions(row.payMethodId, locale),
        deps.shipments.ofOrder(row.id),
        deps.unpaidPolicy(),
      ]);
      // The staff queue's rule and the reminder mail's date (orders.lapse.ts), computed here once.
      const lapse = lapsesAt(row, policy, new Date());
      const authors = [...new Set(credits.flatMap((c) => (c.createdBy === null ? [] : [c.createdBy])))];
      const names = staffNames ? await staffNames(authors) : undefined;
      return toDetail(
        row,
        {
          lines,
          events,
          credits,
          payments,
          bank,
          messages: messages.map(toMessage),
          instructions,
          staffNames: names,
          shipments,
          lapse: lapse && { at: lapse, days: policy.cancelAfterDays! },
        },
        locale,
        audience,
      );
    },
  };
}
export type OrderReader = ReturnType<typeof createOrderReader>;
