import { IDEMPOTENCY_KEY_MAX, type TCurrency, type TLocale } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { PricingItem } from '../catalog/catalog.module.js';
import type { Quote } from '../shipping/shipping.service.js';
import type { StockService } from '../stock/stock.service.js';
import { orderRowOf, type OrderAddressInput } from './orders.draft.js';
import { lineSnapshot, type LinePrices } from './orders.mapper.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrderReaderDeps } from './orders.read.js';
import type { OrdersRepository } from './orders.repository.js';
import type { StockMoved } from './orders.stock.js';

// The one place an order is placed (docs/orders.md, Placing an order): the buyer's checkout
// (orders.service.ts), an accepted quote (orders.quoted.ts) and an order staff take for a buyer
// (orders.staff-placed.ts) each price their lines their own way and hand the priced draft here.

/** Who placed it: the buyer from the cart, the buyer accepting a quote, or staff (the order's first event and its audit entry). */
export type OrderSource =
  | { kind: 'checkout' }
  | { kind: 'quote' }
  | {
      kind: 'staff';
      actor: StaffActor;
      /** The `order.place` audit entry's figures (the buyer is added here). */
      audit: Record<string, unknown>;
    };

export interface DraftLine {
  item: PricingItem;
  typeCode: string;
  quantity: number;
  /** Unit, list and line prices in both ledgers, as priced by the caller. */
  prices: LinePrices;
  /** The quantity break the line was sold at, or null. */
  tierMinQuantity?: number | null | undefined;
}

/** An order priced and ready to be written: buyer, lines, address, method and freight, payment method, currency, source, key. */
export interface PricedDraft {
  source: OrderSource;
  buyerId: number;
  /** The Idempotency-Key: one order per key and buyer. */
  key: string;
  /** The request's hash: the same key with another request is refused (409), except for a quote's key. */
  hash: string;
  currency: TCurrency;
  rate: number;
  /** Method, zone, transit days, payment method and the totals in both ledgers (freight and surcharge as charged). */
  quote: Quote;
  address: OrderAddressInput;
  lines: readonly DraftLine[];
  /** The language of a stock shortfall's 400. */
  locale: TLocale;
}

export interface Placed {
  id: number;
  replayed: boolean;
}

/**
 * Writes the order inside the transaction `within` opens: the key checked again (an order already
 * placed with it is the answer), then, when the caller's `ready` (its state under its lock) says
 * so, stock reserved, the order written, the mail queued, the audit entry. Undefined: not ready.
 */
export interface Write {
  (tx: Db): Promise<Placed>;
  (tx: Db, ready: () => boolean): Promise<Placed | undefined>;
}

export interface PlacingDeps {
  orders: Pick<OrdersRepository, 'findByKey' | 'insert'>;
  stock: Pick<StockService, 'reserve'>;
  stockMoved: StockMoved;
  events: Pick<ClusterEvents, 'publish'>;
  notifier: OrderNotifier;
  paymentInstructions: OrderReaderDeps['paymentInstructions'];
  audit: Pick<AuditService, 'record'>;
}

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

export function createOrderPlacing(deps: PlacingDeps) {
  const { orders } = deps;

  /** The same key again: the same request answers its order (replayed), another request is 409. */
  function replay(found: { id: number; requestHash: string }, hash: string): Placed {
    if (found.requestHash !== hash) throw conflict('idempotencyKeyReused');
    return { id: found.id, replayed: true };
  }
  // A quote's key (quote-{id}) is the quote's own: whatever the acceptance chose, its order is the answer.
  const replayOf = (draft: PricedDraft, found: { id: number; requestHash: string }): Placed =>
    draft.source.kind === 'quote' ? { id: found.id, replayed: true } : replay(found, draft.hash);

  return {
    /** The request's Idempotency-Key, trimmed: 400 without one or when it is not 1-100 visible ASCII characters. */
    idempotencyKey(key: string | undefined): string {
      const trimmed = key?.trim();
      if (!trimmed) throw badRequest('idempotencyKeyRequired');
      if (trimmed.length > IDEMPOTENCY_KEY_MAX || !IDEMPOTENCY_KEY_PATTERN.test(trimmed))
        throw badRequest('idempotencyKeyInvalid', { max: IDEMPOTENCY_KEY_MAX });
      return trimmed;
    },

    /** The order this buyer already placed with the key (inside a transaction: pass its handle), or undefined; 409 for another request. */
    async replayed(buyerId: number, key: string, hash: string, tx?: Db): Promise<Placed | undefined> {
      const found = await orders.findByKey(tx, buyerId, key);
      return found ? replay(found, hash) : undefined;
    },

    /**
     * Places the order: an order already placed with the key is the answer; the buyer's contact
     * and payment instructions are read (before any transaction: PGlite runs one at a time); then
     * `within` opens the transaction holding the caller's lock (the cart, the quote, or none) and
     * calls `write`; after the commit the catalog's stock states, the staff queue's counts
     * ('orders.changed') and the outbox are told. Two placements with one key at once make one order.
     */
    async place<R extends Placed | undefined>(draft: PricedDraft, within: (write: Write) => Promise<R>): Promise<R> {
      const { buyerId, key, source } = draft;
      const earlier = await orders.findByKey(undefined, buyerId, key);
      if (earlier) return replayOf(draft, earlier) as R;
      const contact = await deps.notifier.contactOf(buyerId);
      const payMethod = draft.quote.payment!.id;
      const instructions = contact?.email ? await deps.paymentInstructions(payMethod, contact.locale) : undefined;
      const order = orderRowOf(buyerId, key, draft.hash, draft.currency, draft.rate, draft.quote, draft.address);
      const lines = draft.lines.map((l, i) => lineSnapshot(i, l.item, l.typeCode, l.quantity, l.prices, l.tierMinQuantity ?? null));

      const write = (async (tx: Db, ready?: () => boolean): Promise<Placed | undefined> => {
        const dup = await orders.findByKey(tx, buyerId, key);
        if (dup) return replayOf(draft, dup);
        if (ready && !ready()) return undefined;
        // Stock for every line, in this transaction: a shortfall refuses the whole order (400, rolled back).
        const reserved = await deps.stock.reserve(
          tx,
          draft.lines.map((l) => ({
            itemId: l.item.id,
            typeCode: l.typeCode,
            quantity: l.quantity,
            preorder: l.item.preorder,
            nameZh: l.item.nameZh,
            nameEn: l.item.nameEn,
          })),
          draft.locale,
        );
        const id = await orders.insert(
          tx,
          order,
          lines.map((l, i) => ({ ...l, stockReserved: reserved[i] ?? 0 })),
          source.kind === 'staff'
            ? { type: 'created', fromValue: null, toValue: 'confirm', actor: 'staff', note: source.actor.name }
            : { type: 'created', fromValue: null, toValue: 'confirm', actor: 'buyer', note: null },
        );
        await deps.notifier.queue(
          tx,
          contact,
          'placed',
          { ...order, id, status: 'confirm', actualTotalMinor: null, creditedMinor: 0, paidMinor: 0, refundedMinor: 0, carrier: null, trackingNumber: null },
          { instructions: instructions ?? null },
        );
        if (source.kind === 'staff')
          await deps.audit.record(tx, source.actor, [
            {
              action: 'order.place',
              entity: 'order',
              entityId: id,
              before: null,
              after: { buyer: `${contact?.name ?? ''} (#${buyerId})`.trim(), ...source.audit },
            },
          ]);
        return { id, replayed: false };
      }) as Write;

      let outcome: R;
      try {
        outcome = await within(write);
      } catch (err) {
        // The same key placed at the same moment by another request: its order is the answer.
        if (!isUniqueViolation(err)) throw err;
        const found = await orders.findByKey(undefined, buyerId, key);
        if (!found) throw err;
        return replayOf(draft, found) as R;
      }
      if (outcome && !outcome.replayed) {
        deps.stockMoved([...new Set(draft.lines.map((l) => l.item.id))]);
        deps.events.publish('orders.changed', { count: 1 });
        deps.notifier.sent();
      }
      return outcome;
    },
  };
}
export type OrderPlacing = ReturnType<typeof createOrderPlacing>;
