// Over 400 lines: a quote's whole life (ask, edit, send, withdraw, accept) in one service; placing its order is orders.quoted.ts.
import {
  formatMoney,
  minorToMajor,
  staffCan,
  toMinor,
  type TStaffQuote,
  type TStaffQuoteList,
  type TStaffQuoteQuery,
  type TLocale,
  type TOrderBuyer,
  type TQuote,
  type TQuoteAccept,
  type TQuoteAccepted,
  type TQuoteEvent,
  type TQuoteList,
  type TQuoteListQuery,
  type TQuoteRefusal,
  type TQuoteRequest,
  type TQuoteStatus,
  type TQuoteSummary,
  type TQuoteUpdate,
  type TQuoteWithdraw,
  type TStaffRole,
} from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { CartService } from '../cart/cart.service.js';
import { productImageUrls, type CatalogQuery, type PricingItem, type View } from '../catalog/catalog.module.js';
import { quotedTotals } from '../orders/orders.money.js';
import type { QuotedPlacementService } from '../orders/orders.quoted.js';
import { lineInput, priceGoods } from '../shipping/shipping.quote.js';
import { quoteRequestedMail, quoteSentMail } from './quotes.mail.js';
import type { NewQuoteLine, QuoteLineRow, QuoteRow, QuotesRepository } from './quotes.repository.js';

export interface QuotesDeps {
  /** The buyer's cart lines with their products at the buyer's prices (read, never changed). */
  cart: Pick<CartService, 'snapshot'>;
  /** Products staff add to a quote, and the exchange rate. */
  catalog: Pick<CatalogQuery, 'itemsForPricing' | 'exchangeRate'>;
  /** The orders module's seam: an order from these lines at these prices (orders.quoted.ts). */
  orders: QuotedPlacementService;
  audit: AuditService;
  /** Names, contacts and languages of buyers (the account module). */
  people: {
    buyers(ids: number[]): Promise<Map<number, TOrderBuyer>>;
    contact(id: number): Promise<{ email: string | null; locale: TLocale; name: string } | undefined>;
    /** Every staff account (the request mail goes to those who answer quotes). */
    staff(): Promise<{ id: number; account: string; name: string; email: string | null; role: TStaffRole | null; locale: TLocale; disabledAt: Date | null }[]>;
  };
  /** The transactional outbox (the "quote requested" mail to staff, the "quote sent" mail with its PDF). */
  outbox: { enqueue(tx: Db, rows: { kind: string; dedupeKey: string; payload: Record<string, unknown> }[]): Promise<void>; nudge(): void };
  /** Told when a request arrives or is answered: the dashboard's "open quotes and requests" is read again. */
  events?: Pick<ClusterEvents, 'publish'>;
  /** The quotation PDF (the documents module). */
  documents: { quote(quote: TQuote, buyer: string, locale: TLocale): Promise<{ fileName: string; pdf: Buffer }> };
  /** The shop's public address, for the link in the mail. */
  origin: string;
  now?: () => Date;
}

const SHOP_OFFSET_MS = 8 * 3_600_000;
/** The shop's day (UTC+8) of a time, YYYY-MM-DD. */
export const shopDay = (d: Date) => new Date(d.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
/** The last moment of a shop day. */
const endOfShopDay = (day: string) => new Date(Date.parse(`${day}T23:59:59.999+08:00`));

const pick = (zh: string | null, en: string | null, locale: TLocale) => (locale === 'zh' ? zh || en : en || zh) ?? '';
const unknownBuyer = (id: number): TOrderBuyer => ({ id, account: '', name: '', email: null, mobile: null });

/** What a quote is now: a sent quote past its validity date reads as expired. */
export function quoteStatus(row: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): TQuoteStatus {
  return row.status === 'sent' && row.validUntil && row.validUntil.getTime() < now.getTime() ? 'expired' : row.status;
}

/** 409 naming why a quote cannot be accepted now (details.reason), in the caller's language. */
function refuse(status: TQuoteStatus, row: QuoteRow) {
  const reason: TQuoteRefusal = status === 'expired' ? 'expired' : status === 'withdrawn' ? 'withdrawn' : 'notSent';
  if (reason === 'expired') return conflict('quoteExpired', { date: row.validUntil ? shopDay(row.validUntil) : '' }, { reason });
  if (reason === 'withdrawn')
    return row.withdrawReason ? conflict('quoteWithdrawnBecause', { reason: row.withdrawReason }, { reason }) : conflict('quoteWithdrawn', {}, { reason });
  return conflict('quoteNotSent', {}, { reason });
}

/**
 * Quotes (docs/orders.md, Quotes): a buyer asks from the cart with a message; sales staff change
 * quantities and prices, add or remove lines, set freight and a validity date and send it (mail
 * through the outbox); the buyer accepts it once, which places an order at the quoted prices
 * through the orders module. Every step is audited (entity quote) and shown on both sides.
 */
export function createQuotesService(repo: QuotesRepository, deps: QuotesDeps) {
  const now = deps.now ?? (() => new Date());

  function toLines(rows: readonly QuoteLineRow[], locale: TLocale): TQuote['lines'] {
    return rows.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      name: pick(l.nameZh, l.nameEn, locale),
      type: l.typeCode,
      typeName: l.typeNameZh || l.typeNameEn ? pick(l.typeNameZh, l.typeNameEn, locale) : null,
      quantity: l.quantity,
      unitPrice: l.unitPriceMinor === null ? null : minorToMajor(l.unitPriceMinor),
      catalogPrice: l.catalogPriceMinor === null ? null : minorToMajor(l.catalogPriceMinor),
      amount: l.unitPriceMinor === null ? null : minorToMajor(l.unitPriceMinor * l.quantity),
      thumbnail: productImageUrls(l.itemId, l.imageVersion).thumbnail,
    }));
  }

  /** The priced lines' figures (orders.money's rule). */
  const totalsOf = (row: QuoteRow, lines: readonly QuoteLineRow[]) =>
    quotedTotals(
      lines.flatMap((l) => (l.unitPriceMinor === null ? [] : [{ quantity: l.quantity, unitPriceMinor: l.unitPriceMinor }])),
      row.freightMinor ?? 0,
    );

  function summary(row: QuoteRow, lines: readonly QuoteLineRow[]): Omit<TQuoteSummary, 'lineCount' | 'pieceCount'> {
    const t = totalsOf(row, lines);
    return {
      id: row.id,
      status: quoteStatus(row, now()),
      currency: row.currency,
      message: row.message,
      goodsAmount: minorToMajor(t.goodsMinor),
      freight: row.freightMinor === null ? null : minorToMajor(row.freightMinor),
      totalAmount: minorToMajor(t.totalMinor),
      validUntil: row.validUntil ? shopDay(row.validUntil) : null,
      withdrawReason: row.withdrawReason,
      orderId: row.orderId,
      sentTime: row.sentAt?.toISOString() ?? null,
      createdTime: row.createdAt.toISOString(),
      updatedTime: row.updatedAt.toISOString(),
    };
  }

  async function history(id: number, audience: 'buyer' | 'staff'): Promise<TQuoteEvent[]> {
    const entries = await deps.audit.of('quote', id);
    return entries.reverse().map((e) => ({
      action: e.action as TQuoteEvent['action'],
      time: e.time,
      by: e.actor.role ? 'staff' : 'buyer',
      name: audience === 'staff' ? e.actor.name : null,
      note: e.action === 'quote.withdraw' || audience === 'staff' ? e.note : null,
    }));
  }

  async function view(row: QuoteRow, locale: TLocale, audience: 'buyer' | 'staff'): Promise<TQuote> {
    const [lines, events] = await Promise.all([repo.lines(row.id), history(row.id, audience)]);
    return { ...summary(row, lines), lines: toLines(lines, locale), history: events };
  }

  async function staffView(row: QuoteRow, locale: TLocale): Promise<TStaffQuote> {
    const [quote, buyers] = await Promise.all([view(row, locale, 'staff'), deps.people.buyers([row.userId])]);
    return { ...quote, buyer: buyers.get(row.userId) ?? unknownBuyer(row.userId), note: row.note };
  }

  async function own(userId: number, id: number): Promise<QuoteRow> {
    const row = await repo.get(id);
    if (!row || row.userId !== userId) throw notFound('quoteNotFound');
    return row;
  }

  async function staffRow(id: number): Promise<QuoteRow> {
    const row = await repo.get(id);
    if (!row) throw notFound('quoteNotFound');
    return row;
  }

  async function buyerActor(userId: number): Promise<StaffActor> {
    const b = (await deps.people.buyers([userId])).get(userId);
    return { id: userId, name: b?.name || b?.account || String(userId), role: null };
  }

  async function summaries(rows: readonly QuoteRow[]): Promise<Map<number, TQuoteSummary>> {
    const lines = await repo.linesOf(rows.map((r) => r.id));
    const out = new Map<number, TQuoteSummary>();
    for (const row of rows) {
      const mine = lines.filter((l) => l.quoteId === row.id);
      out.set(row.id, { ...summary(row, mine), lineCount: mine.length, pieceCount: mine.reduce((a, l) => a + l.quantity, 0) });
    }
    return out;
  }

  /** A line's snapshot from a product at the buyer's (or the shop's) price now. */
  function lineOf(
    position: number,
    item: PricingItem,
    typeCode: string,
    quantity: number,
    catalogPriceMinor: number,
    unitPriceMinor: number | null,
  ): NewQuoteLine {
    const type = item.types.find((t) => t.code === typeCode);
    return {
      position,
      itemId: item.id,
      typeCode,
      typeNameZh: type?.zh ?? null,
      typeNameEn: type?.en ?? null,
      nameZh: item.nameZh,
      nameEn: item.nameEn,
      imageVersion: item.imageVersion,
      quantity,
      catalogPriceMinor,
      unitPriceMinor,
    };
  }

  /** The quotation PDF as the buyer reads it (GET .../pdf and the "quote sent" mail). */
  async function quotation(row: QuoteRow, locale: TLocale): Promise<{ fileName: string; pdf: Buffer }> {
    const [quote, buyers] = await Promise.all([view(row, locale, 'buyer'), deps.people.buyers([row.userId])]);
    const b = buyers.get(row.userId);
    return deps.documents.quote(quote, [b?.name || b?.account, b?.email].filter(Boolean).join('\n'), locale);
  }

  /** Who is told of a new request: staff who answer quotes (orders.sell), not disabled, with an e-mail address. */
  async function quoteStaff() {
    return (await deps.people.staff()).filter((p) => staffCan(p.role, 'orders.sell') && p.disabledAt === null && !!p.email);
  }

  function announce(): void {
    deps.events?.publish('orders.changed', { count: 0 });
  }

  const service = {
    /** POST /api/quotes: the cart's lines (all, or cartItemIds), priced as the cart shows them; the cart stays as it is. */
    async request(userId: number, body: TQuoteRequest, viewOf: View): Promise<TQuote> {
      const [{ lines, items }, rate] = await Promise.all([deps.cart.snapshot(userId, body.cartItemIds), deps.catalog.exchangeRate()]);
      if (lines.length === 0 || (body.cartItemIds && lines.length !== new Set(body.cartItemIds).size))
        throw badRequest(body.cartItemIds ? 'cartItemsMissing' : 'cartEmpty');
      const goods = priceGoods(
        lines.map((l) => lineInput(l.quantity, items.get(l.itemId)!)),
        viewOf.currency,
        rate,
      );
      const newLines = lines.map((l, i) => {
        const price = goods.lines[i]!.unitPriceMinor;
        // Staff start from the buyer's catalog price and change what they quote.
        return lineOf(i, items.get(l.itemId)!, l.typeCode, l.quantity, price, price);
      });
      const [actor, contact, recipients] = await Promise.all([buyerActor(userId), deps.people.contact(userId), quoteStaff()]);
      const row = await repo.insert({ userId, currency: viewOf.currency, message: body.message }, newLines, async (tx, quote) => {
        await deps.audit.record(tx, actor, [
          {
            action: 'quote.request',
            entity: 'quote',
            entityId: quote.id,
            after: { status: 'requested', lines: newLines.length, currency: viewOf.currency },
            note: body.message,
          },
        ]);
        // Sales staff are told, each in their own language, with the link to price it.
        const buyer = [actor.name, contact?.email && contact.email !== actor.name ? `<${contact.email}>` : null].filter(Boolean).join(' ');
        await deps.outbox.enqueue(
          tx,
          recipients.map((p) => ({
            kind: 'mail',
            dedupeKey: `quote:${quote.id}:requested:${p.id}`,
            payload: {
              to: p.email!,
              ...quoteRequestedMail(
                {
                  quoteId: quote.id,
                  staffName: p.name || p.account,
                  buyer,
                  lineCount: newLines.length,
                  pieceCount: newLines.reduce((a, l) => a + l.quantity, 0),
                  message: body.message,
                  adminUrl: `${deps.origin}/admin/quotes/${quote.id}`,
                },
                p.locale,
              ),
            },
          })),
        );
      });
      if (recipients.length > 0) deps.outbox.nudge();
      announce();
      return view(row, viewOf.locale, 'buyer');
    },

    /** GET /api/quotes: the buyer's quotes, newest first. */
    async list(userId: number, q: TQuoteListQuery): Promise<TQuoteList> {
      const { rows, total } = await repo.ofBuyer(userId, q.recPerPage, (q.page - 1) * q.recPerPage);
      const figures = await summaries(rows);
      return { data: rows.map((r) => figures.get(r.id)!), pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },

    /** GET /api/quotes/{id}: the buyer's own quote only (404 otherwise). */
    async detail(userId: number, id: number, locale: TLocale): Promise<TQuote> {
      return view(await own(userId, id), locale, 'buyer');
    },

    /** GET /api/quotes/{id}/pdf (the buyer's own) and /api/admin/quotes/{id}/pdf: the quotation as the buyer reads it. */
    async pdf(viewer: { userId: number; staff: boolean }, id: number, locale: TLocale): Promise<{ fileName: string; pdf: Buffer }> {
      return quotation(viewer.staff ? await staffRow(id) : await own(viewer.userId, id), locale);
    },

    /** The quotation attached to the "quote sent" mail, rendered when the outbox delivers it (the same PDF); undefined: no such quote. */
    async mailDocument(id: number, locale: TLocale): Promise<{ fileName: string; pdf: Buffer } | undefined> {
      const row = await repo.get(id);
      return row ? quotation(row, locale) : undefined;
    },

    /**
     * POST /api/quotes/{id}/accept. Places the order at the quoted prices and freight through the
     * orders module, once: the quote row is locked, and an accepted quote answers its order again
     * (replayed). A quote not sent yet, expired or withdrawn is a 409 with details.reason.
     */
    async accept(userId: number, id: number, body: TQuoteAccept, locale: TLocale): Promise<TQuoteAccepted> {
      const row = await own(userId, id);
      if (row.status === 'accepted' && row.orderId !== null) return { orderId: row.orderId, replayed: true };
      const status = quoteStatus(row, now());
      if (status !== 'sent') throw refuse(status, row);
      const lines = await repo.lines(id);
      const draft = await deps.orders.prepare(
        userId,
        body,
        {
          key: `quote-${id}`,
          currency: row.currency,
          freightMinor: row.freightMinor ?? 0,
          lines: lines.map((l) => ({ itemId: l.itemId, typeCode: l.typeCode, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor ?? 0 })),
        },
        locale,
      );
      const actor = await buyerActor(userId);
      const placed = await deps.orders.place(draft, (write) =>
        repo.withLock(id, async (tx, locked) => {
          if (!locked) throw notFound('quoteNotFound');
          if (locked.status === 'accepted' && locked.orderId !== null) return { id: locked.orderId, replayed: true };
          const now2 = quoteStatus(locked, now());
          if (now2 !== 'sent') throw refuse(now2, locked);
          // Staff changed and sent it again while this acceptance was being prepared: read it again.
          if (locked.updatedAt.getTime() !== row.updatedAt.getTime()) throw conflict('quoteChanged', {}, { reason: 'changed' });
          // The order: an order already placed with the quote's key is the answer.
          const order = await write(tx);
          if (order.replayed) return order;
          await repo.update(tx, id, { status: 'accepted', orderId: order.id });
          await deps.audit.record(tx, actor, [
            { action: 'quote.accept', entity: 'quote', entityId: id, before: { status: 'sent' }, after: { status: 'accepted', order: order.id } },
          ]);
          return order;
        }),
      );
      if (!placed.replayed) announce();
      return { orderId: placed.id, replayed: placed.replayed };
    },

    // ---- staff (orders.sell) ----

    /** GET /api/admin/quotes */
    async queue(q: TStaffQuoteQuery): Promise<TStaffQuoteList> {
      const { rows, total } = await repo.page(q.status, now(), q.recPerPage, (q.page - 1) * q.recPerPage);
      const [figures, buyers] = await Promise.all([summaries(rows), deps.people.buyers([...new Set(rows.map((r) => r.userId))])]);
      return {
        data: rows.map((r) => ({ ...figures.get(r.id)!, buyer: buyers.get(r.userId) ?? unknownBuyer(r.userId) })),
        pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total },
      };
    },

    /** GET /api/admin/quotes/{id} */
    async staffDetail(id: number, locale: TLocale): Promise<TStaffQuote> {
      return staffView(await staffRow(id), locale);
    },

    /**
     * PUT /api/admin/quotes/{id}: the lines (quantities, prices, added and removed products),
     * freight, validity date and internal note. A sent quote goes back to requested until it is
     * sent again, so the buyer never accepts figures that are being changed.
     */
    async update(actor: StaffActor, id: number, body: TQuoteUpdate, locale: TLocale): Promise<TStaffQuote> {
      const row = await staffRow(id);
      if (row.status === 'accepted' || row.status === 'withdrawn') throw conflict('quoteClosed', {}, { status: row.status });
      const [before, items, rate] = await Promise.all([
        repo.lines(id),
        deps.catalog.itemsForPricing([...new Set(body.lines.map((l) => l.itemId))]),
        deps.catalog.exchangeRate(),
      ]);
      const lines = body.lines.map((l, position) => {
        const item = items.get(l.itemId);
        if (!item) throw badRequest('quoteProductGone', { id: l.itemId }, { field: `lines.${position}.itemId` });
        const offered = item.types.length > 0 ? item.types.some((t) => t.code === l.type) : l.type === '';
        if (!offered) throw badRequest('quoteTypeUnknown', { id: l.itemId, type: l.type }, { field: `lines.${position}.type` });
        const kept = before.find((b) => b.itemId === l.itemId && b.typeCode === l.type);
        const catalogPrice = kept?.catalogPriceMinor ?? priceGoods([lineInput(l.quantity, item)], row.currency, rate).lines[0]!.unitPriceMinor;
        return lineOf(position, item, l.type, l.quantity, catalogPrice, l.unitPrice === null ? null : toMinor(l.unitPrice));
      });
      const validUntil = body.validUntil ? endOfShopDay(body.validUntil) : null;
      const patch = { status: 'requested' as const, freightMinor: body.freight === null ? null : toMinor(body.freight), validUntil, note: body.note };
      const figures = (
        r: Pick<QuoteRow, 'status' | 'freightMinor' | 'validUntil' | 'note'>,
        ls: readonly Pick<NewQuoteLine, 'itemId' | 'typeCode' | 'quantity' | 'unitPriceMinor'>[],
      ) => ({
        status: r.status,
        freight: r.freightMinor,
        validUntil: r.validUntil ? shopDay(r.validUntil) : null,
        note: r.note,
        lines: ls.map((l) => `${l.itemId}${l.typeCode ? `/${l.typeCode}` : ''} × ${l.quantity} @ ${l.unitPriceMinor ?? '-'}`),
      });
      await repo.withLock(id, async (tx, locked) => {
        if (!locked || locked.status === 'accepted' || locked.status === 'withdrawn') throw conflict('quoteClosed', {}, { status: locked?.status ?? 'gone' });
        await repo.update(tx, id, patch, lines);
        const b = figures(locked, before);
        const a = figures({ ...locked, ...patch }, lines);
        await deps.audit.record(tx, actor, [{ action: 'quote.update', entity: 'quote', entityId: id, before: b, after: a }]);
      });
      return staffView((await repo.get(id))!, locale);
    },

    /** POST /api/admin/quotes/{id}/send: every line priced, freight and a validity date from today on; the buyer is mailed. */
    async send(actor: StaffActor, id: number, locale: TLocale): Promise<TStaffQuote> {
      const row = await staffRow(id);
      if (row.status !== 'requested') throw conflict(row.status === 'sent' ? 'quoteAlreadySent' : 'quoteClosed', {}, { status: row.status });
      const lines = await repo.lines(id);
      if (lines.length === 0) throw badRequest('quoteNoLines', {}, { field: 'lines' });
      if (lines.some((l) => l.unitPriceMinor === null)) throw badRequest('quoteUnpriced', {}, { field: 'lines' });
      if (row.freightMinor === null) throw badRequest('quoteNoFreight', {}, { field: 'freight' });
      if (!row.validUntil || row.validUntil.getTime() < now().getTime()) throw badRequest('quoteValidity', {}, { field: 'validUntil' });
      const contact = await deps.people.contact(row.userId);
      const t = totalsOf(row, lines);
      await repo.withLock(id, async (tx, locked) => {
        if (!locked || locked.status !== 'requested' || locked.updatedAt.getTime() !== row.updatedAt.getTime()) throw conflict('conflictExists');
        await repo.update(tx, id, { status: 'sent', sentAt: now() });
        await deps.audit.record(tx, actor, [
          {
            action: 'quote.send',
            entity: 'quote',
            entityId: id,
            before: { status: 'requested' },
            after: { status: 'sent', total: t.totalMinor, currency: row.currency, validUntil: shopDay(row.validUntil!) },
          },
        ]);
        if (contact?.email) {
          const mail = quoteSentMail(
            {
              quoteId: id,
              buyerName: contact.name,
              total: formatMoney(t.totalMinor, row.currency),
              validUntil: shopDay(row.validUntil!),
              quoteUrl: `${deps.origin}/quotes/${id}`,
            },
            contact.locale,
          );
          // The quotation PDF goes with it, rendered when the mail leaves (the outbox holds no blobs).
          const attachments = [{ document: 'quote', quoteId: id, locale: contact.locale }];
          await deps.outbox.enqueue(tx, [
            { kind: 'mail', dedupeKey: `quote:${id}:sent:${row.updatedAt.getTime()}`, payload: { to: contact.email, ...mail, attachments } },
          ]);
        }
      });
      deps.outbox.nudge();
      announce();
      return staffView((await repo.get(id))!, locale);
    },

    /** POST /api/admin/quotes/{id}/withdraw: the buyer can no longer accept it and reads the reason. */
    async withdraw(actor: StaffActor, id: number, body: TQuoteWithdraw, locale: TLocale): Promise<TStaffQuote> {
      await staffRow(id);
      await repo.withLock(id, async (tx, locked) => {
        if (!locked) throw notFound('quoteNotFound');
        if (locked.status === 'accepted' || locked.status === 'withdrawn') throw conflict('quoteClosed', {}, { status: locked.status });
        await repo.update(tx, id, { status: 'withdrawn', withdrawReason: body.reason ?? null });
        await deps.audit.record(tx, actor, [
          {
            action: 'quote.withdraw',
            entity: 'quote',
            entityId: id,
            before: { status: quoteStatus(locked, now()) },
            after: { status: 'withdrawn' },
            note: body.reason ?? null,
          },
        ]);
      });
      announce();
      return staffView((await repo.get(id))!, locale);
    },

    /** Requests waiting for staff (the dashboard). */
    openCount(): Promise<number> {
      return repo.countRequested();
    },
  };
  return service;
}
export type QuotesService = ReturnType<typeof createQuotesService>;
