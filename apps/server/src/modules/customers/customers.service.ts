import type { TAddress, TCustomerChat, TCustomerDetail, TCustomerList, TCustomerNote, TCustomerQuery, TCustomerRow, TLocale } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { BuyerFacts } from '../account/account.service.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { BuyerOrderStats, OrdersBuyers } from '../orders/orders.buyers.js';
import type { CustomerNoteRow, CustomersRepository } from './customers.repository.js';

/** What the customers pages need from the other modules (wired in services.ts). */
export interface CustomersDeps {
  /** The users' owner: buyers, search, disabling. */
  account: {
    buyerPage(q: {
      text?: string | undefined;
      alsoIds?: number[] | undefined;
      limit: number;
      offset: number;
      counted?: boolean;
    }): Promise<{ rows: BuyerFacts[]; total: number }>;
    buyer(id: number): Promise<BuyerFacts | undefined>;
    setDisabled(tx: Db, id: number, disabled: boolean): Promise<{ before: BuyerFacts; after: BuyerFacts } | undefined>;
  };
  /** Sessions: a disabled buyer's tokens end in the change's transaction, their sockets right after it. */
  sessions: { revokeAllForUserIn(tx: Db, userId: number): Promise<() => void> };
  orders: Pick<OrdersBuyers, 'statsOf' | 'statsFor' | 'latestOf' | 'buyersContaining'>;
  addresses: { list(userId: number): Promise<TAddress[]> };
  /** The buyer's past conversations (chat module); absent: none shown. */
  chat?: { of(buyerId: number, locale: TLocale): Promise<TCustomerChat[]> } | undefined;
  audit: AuditService;
}

/** At most this many buyers found through their orders take part in one search. */
const ORDER_BUYER_MATCHES = 1000;
/** The search box looks for buyers among this many of the newest orders the text finds. */
const FIND_ORDERS = 50;

const AUDIT_ENTITY = 'customer';

function toRow(b: BuyerFacts, s: BuyerOrderStats): TCustomerRow {
  return {
    id: b.id,
    account: b.account,
    name: b.name,
    email: b.email,
    mobile: b.mobile,
    country: b.regionId,
    registeredTime: b.createdAt.toISOString(),
    disabledTime: b.disabledAt?.toISOString() ?? null,
    orderCount: s.orderCount,
    spent: s.spent,
    lastOrderTime: s.lastOrderAt?.toISOString() ?? null,
  };
}

const toNote = (row: CustomerNoteRow): TCustomerNote => ({ id: row.id, body: row.body, author: row.authorName, createdTime: row.createdAt.toISOString() });

/**
 * Customers (docs/orders.md, Customers): staff list and search buyers, read a buyer's page
 * (orders, money received, addresses, chat, notes), write notes, and disable or enable an
 * account. Disabling ends the buyer's tokens in the same transaction as the change and its audit
 * entry, then closes their chat sockets on every instance ('sessions.revoked'); sign-in refuses
 * the account until staff enable it. This module owns only customer_notes; the rest is asked of
 * the modules that own it.
 */
export function createCustomersService(repo: CustomersRepository, deps: CustomersDeps) {
  const { account, orders, audit } = deps;

  async function mustBuyer(id: number): Promise<BuyerFacts> {
    const buyer = await account.buyer(id);
    if (!buyer) throw notFound('customerNotFound');
    return buyer;
  }

  async function setDisabled(actor: StaffActor, id: number, disabled: boolean, reason: string | undefined): Promise<void> {
    const announce = await repo.transaction(async (tx) => {
      const changed = await account.setDisabled(tx, id, disabled);
      if (!changed) throw notFound('customerNotFound');
      // Disabling again still ends whatever session appeared meanwhile (there should be none).
      const ended = disabled ? await deps.sessions.revokeAllForUserIn(tx, id) : undefined;
      const was = changed.before.disabledAt !== null;
      if (was !== disabled) {
        await audit.record(tx, actor, [
          {
            action: disabled ? 'customer.disable' : 'customer.enable',
            entity: AUDIT_ENTITY,
            entityId: id,
            before: { disabled: was },
            after: { disabled },
            note: reason ?? null,
          },
        ]);
      }
      return ended;
    });
    announce?.();
  }

  return {
    /**
     * GET /api/admin/customers: a page of buyers with their order figures (docs/orders.md, Staff
     * search). `q` finds buyers whose account, name, nickname, e-mail or mobile contain every
     * word, and buyers with an order whose number, receiver, company or phone contain every word.
     */
    async list(q: TCustomerQuery): Promise<TCustomerList> {
      const text = q.q?.trim() || undefined;
      const alsoIds = text ? await orders.buyersContaining(text, ORDER_BUYER_MATCHES) : undefined;
      const { rows, total } = await account.buyerPage({ text, alsoIds, limit: q.recPerPage, offset: (q.page - 1) * q.recPerPage });
      const stats = await orders.statsOf(rows.map((r) => r.id));
      return {
        data: rows.map((b) => toRow(b, orders.statsFor(stats, b.id))),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total },
      };
    },

    /**
     * The staff search box: the newest `limit` buyers the text finds as the list's q does (by
     * their orders: among the newest FIND_ORDERS orders it finds), and whether there are more; no
     * count, no order figures.
     */
    async find(text: string, limit: number): Promise<{ rows: BuyerFacts[]; more: boolean }> {
      const alsoIds = await orders.buyersContaining(text, FIND_ORDERS, FIND_ORDERS);
      const { rows } = await account.buyerPage({ text, alsoIds, limit: limit + 1, offset: 0, counted: false });
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** A buyer's latest orders with their status and amounts, nothing else (the chat console: GET /api/groups/{gid}/buyer). */
    latestOrders: (buyerId: number) => orders.latestOf(buyerId, 20),

    /** GET /api/admin/customers/{id}: the buyer's page. */
    async detail(id: number, locale: TLocale): Promise<TCustomerDetail> {
      const buyer = await mustBuyer(id);
      const [stats, latest, addresses, chats, notes, history] = await Promise.all([
        orders.statsOf([id]),
        orders.latestOf(id),
        deps.addresses.list(id),
        deps.chat ? deps.chat.of(id, locale) : Promise.resolve([]),
        repo.notesOf(id),
        audit.of(AUDIT_ENTITY, id, 100),
      ]);
      return {
        customer: { ...toRow(buyer, orders.statsFor(stats, id)), nickname: buyer.nickname, locale: buyer.locale, subscribeEmail: buyer.subscribeEmail },
        orders: latest,
        addresses,
        chats,
        notes: notes.map(toNote),
        audit: history,
      };
    },

    /** POST /api/admin/customers/{id}/notes: an internal note (never shown to the buyer). */
    async addNote(actor: StaffActor, id: number, body: string): Promise<TCustomerNote> {
      await mustBuyer(id);
      const row = await repo.transaction(async (tx) => {
        const note = await repo.insertNote(tx, { userId: id, authorId: actor.id, authorName: actor.name, body });
        await audit.record(tx, actor, [{ action: 'customer.note', entity: AUDIT_ENTITY, entityId: id, after: { note: note.id } }]);
        return note;
      });
      return toNote(row);
    },

    /** POST /api/admin/customers/{id}/disable: no sign-in, every token and socket ends now. */
    disable: (actor: StaffActor, id: number, reason: string) => setDisabled(actor, id, true, reason),
    /** POST /api/admin/customers/{id}/enable: the buyer may sign in again (old sessions stay ended). */
    enable: (actor: StaffActor, id: number, reason?: string) => setDisabled(actor, id, false, reason),
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
