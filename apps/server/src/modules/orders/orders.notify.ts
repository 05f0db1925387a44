import { trackingUrl, type TLocale, type TOrderPaymentInstructions } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { balanceMinor, chargedMinor, owedMinor } from './orders.money.js';
import { orderMail, type OrderMailKind, type RenderedMail } from './orders.mail.js';
import type { OrderRow } from './orders.repository.js';

/** Where a buyer's order mail goes. */
export interface BuyerContact {
  email: string | null;
  locale: TLocale;
  name: string;
}

export interface OrderNotifierDeps {
  /** The transactional outbox (modules/outbox). */
  outbox: { enqueue(tx: Db, rows: { kind: string; dedupeKey: string; payload: Record<string, unknown> }[]): Promise<void>; nudge(): void };
  /** The buyer's e-mail, language and name (the account module). */
  contact: (userId: number) => Promise<BuyerContact | undefined>;
  /** The shop's public address, for the links in the mail. */
  origin: string;
  /** How to pay by a method, as lines of the "order placed" mail (notifications/payment-instructions.mail.ts). */
  instructionLines: (instructions: Omit<TOrderPaymentInstructions, 'reference'>, orderId: number, locale: TLocale) => string[];
}

type OrderFacts = Pick<
  OrderRow,
  | 'id'
  | 'status'
  | 'currency'
  | 'totalMinor'
  | 'actualTotalMinor'
  | 'creditedMinor'
  | 'paidMinor'
  | 'refundedMinor'
  | 'carrier'
  | 'trackingNumber'
  | 'payMethodId'
>;

export interface MailExtra {
  amountMinor?: number;
  reason?: string | null;
  message?: string;
  key?: string | number;
  /** A credit note's number (credited). */
  credit?: string;
  /** How to pay by the order's method (placed), in the buyer's language; null: none. */
  instructions?: Omit<TOrderPaymentInstructions, 'reference'> | null;
  /** When an unpaid order will be cancelled unless paid (reminder); null: it will not. */
  cancelAt?: Date | null;
  /** The line staff added or removed (changed), labelled in each language. */
  change?: { kind: 'added' | 'removed'; label: Record<TLocale, string> };
}

/** The shop's day (UTC+8) of a time, as YYYY-MM-DD. */
const shopDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The buyer's e-mails about orders (docs/orders.md, Buyer e-mail): read the buyer's contact
 * before the change's transaction (`contactOf`), queue the mail inside it (`queue`), and nudge the
 * outbox after the commit (`sent`). Each mail has a key (order, kind and, for payments, the
 * payment), so a retried change queues it once.
 */
export function createOrderNotifier(deps: OrderNotifierDeps) {
  return {
    contactOf: (userId: number) => deps.contact(userId),
    async queue(tx: Db, contact: BuyerContact | undefined, kind: OrderMailKind, order: OrderFacts, extra: MailExtra = {}): Promise<void> {
      if (!contact?.email) return;
      const carrier = order.carrier;
      const mail = orderMail(
        kind,
        {
          orderId: order.id,
          buyerName: contact.name,
          currency: order.currency,
          totalMinor: chargedMinor(order),
          orderedMinor: order.totalMinor,
          creditedMinor: order.creditedMinor,
          refundedMinor: order.refundedMinor,
          owedMinor: owedMinor(order),
          balanceMinor: balanceMinor(order),
          amountMinor: extra.amountMinor,
          credit: extra.credit,
          instructionLines: extra.instructions && order.payMethodId !== 'tt' ? deps.instructionLines(extra.instructions, order.id, contact.locale) : undefined,
          carrier,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingNumber ? trackingUrl(carrier, order.trackingNumber) : null,
          reason: extra.reason,
          message: extra.message,
          orderUrl: `${deps.origin}/order/${order.id}`,
          bankTransfer: order.payMethodId === 'tt',
          cancelOn: extra.cancelAt ? shopDay(extra.cancelAt) : undefined,
          change: extra.change ? { kind: extra.change.kind, label: extra.change.label[contact.locale] } : undefined,
        },
        contact.locale,
      );
      await deps.outbox.enqueue(tx, [
        {
          kind: 'mail',
          dedupeKey: `order:${order.id}:${kind}${extra.key === undefined ? '' : `:${extra.key}`}`,
          // The placed mail carries the proforma invoice, rendered when the mail is delivered (modules/documents).
          payload: {
            to: contact.email,
            ...mail,
            ...(kind === 'placed' ? { attachments: [{ document: 'proforma', orderId: order.id, locale: contact.locale }] } : {}),
          },
        },
      ]);
    },
    /**
     * A mail its caller renders (a parcel's, orders.shipments.mail.ts) with the buyer's name and the
     * order page's link, keyed `order:<id>:<key>` so a retried change queues it once.
     */
    async queueRendered(
      tx: Db,
      contact: BuyerContact | undefined,
      orderId: number,
      key: string,
      render: (buyerName: string, orderUrl: string, locale: TLocale) => RenderedMail,
    ): Promise<void> {
      if (!contact?.email) return;
      const mail = render(contact.name, `${deps.origin}/order/${orderId}`, contact.locale);
      await deps.outbox.enqueue(tx, [{ kind: 'mail', dedupeKey: `order:${orderId}:${key}`, payload: { to: contact.email, ...mail } }]);
    },
    /** After the commit: deliver now rather than at the worker's next pass. */
    sent(): void {
      deps.outbox.nudge();
    },
  };
}
export type OrderNotifier = ReturnType<typeof createOrderNotifier>;
