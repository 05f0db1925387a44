import {
  minorToMajor,
  staffCan,
  type TStaffOrderRequest,
  type TCreditCreate,
  type TStaffRequestList,
  type TStaffRequestQuery,
  type TLocale,
  type TOrderBuyer,
  type TOrderRequest,
  type TOrderRequestCreate,
  type TOrderRequests,
  type TRequestDecided,
  type TRequestDecision,
  type TStaffRole,
} from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { OrderFacts, OrderFactsService } from '../orders/orders.facts.js';
import { requestDecisionMail } from './aftersales.mail.js';
import type { RequestPhotoStore } from './aftersales.photos.js';
import type { AftersalesRepository, RequestRow } from './aftersales.repository.js';
import { allowed, refusal } from './aftersales.rules.js';

export interface AftersalesDeps {
  /** The orders module: facts about an order, and its row lock. */
  orders: OrderFactsService;
  /** The orders module's staff side: approving a cancellation cancels through the state machine; approving a return may credit it. */
  ordersStaff: {
    transition(actor: StaffActor, id: number, body: { status: 'cancel'; reason: string }, also?: (tx: Db) => Promise<void>): Promise<void>;
    credit(actor: StaffActor, orderId: number, body: TCreditCreate, opts?: { requestId?: number; also?: (tx: Db) => Promise<void> }): Promise<number>;
  };
  audit: AuditService;
  /** Names, contacts and languages of buyers and staff (the account module). */
  people: {
    buyers(ids: number[]): Promise<Map<number, TOrderBuyer>>;
    contact(id: number): Promise<{ email: string | null; locale: TLocale; name: string } | undefined>;
  };
  photos: RequestPhotoStore;
  /** The transactional outbox (decision mail). */
  outbox: { enqueue(tx: Db, rows: { kind: string; dedupeKey: string; payload: Record<string, unknown> }[]): Promise<void>; nudge(): void };
  /** The shop's public address, for the link in the mail. */
  origin: string;
  now?: () => Date;
}

/** Who reads a photo: the order's buyer, or staff who may read orders. */
export interface PhotoReader {
  userId: number;
  role: TStaffRole | null;
}

const unknownBuyer = (id: number): TOrderBuyer => ({ id, account: '', name: '', email: null, mobile: null });

function toRequest(row: RequestRow): TOrderRequest {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    reason: row.reason,
    photos: row.photos.map((_name, i) => `/api/orders/${row.orderId}/requests/${row.id}/photos/${i}`),
    status: row.status,
    decisionNote: row.decisionNote,
    decidedTime: row.decidedAt?.toISOString() ?? null,
    createdTime: row.createdAt.toISOString(),
  };
}

/**
 * After-sales requests (docs/orders.md, After-sales): buyers ask to cancel or return an order
 * with a reason and photos; sales staff approve or refuse with a note. The order is read and
 * changed only through the orders module; every decision is audited and mailed to the buyer in
 * its transaction.
 */
export function createAftersalesService(repo: AftersalesRepository, deps: AftersalesDeps) {
  const now = deps.now ?? (() => new Date());

  async function buyersOrder(userId: number, orderId: number) {
    const facts = await deps.orders.get(orderId);
    if (!facts || facts.userId !== userId) throw notFound('orderNotFound');
    return facts;
  }

  async function staffViews(rows: readonly RequestRow[]): Promise<TStaffOrderRequest[]> {
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const [people, facts] = await Promise.all([
      deps.people.buyers([...new Set(rows.flatMap((r) => (r.decidedBy === null ? [r.userId] : [r.userId, r.decidedBy])))]),
      deps.orders.many(orderIds),
    ]);
    return rows.flatMap((row) => {
      const order = facts.get(row.orderId);
      if (!order) return [];
      const decider = row.decidedBy === null ? undefined : people.get(row.decidedBy);
      return [
        {
          ...toRequest(row),
          buyer: people.get(row.userId) ?? unknownBuyer(row.userId),
          decidedBy: row.decidedBy === null ? null : decider?.name || decider?.account || String(row.decidedBy),
          order: {
            status: order.status,
            paymentStatus: order.paymentStatus,
            currency: order.currency,
            payMethod: order.payMethodId,
            totalAmount: minorToMajor(order.chargedMinor),
            credited: minorToMajor(order.creditedMinor),
            owed: minorToMajor(order.owedMinor),
            netPaid: minorToMajor(order.paidMinor - order.refundedMinor),
            refundDue: minorToMajor(Math.max(-order.balanceMinor, 0)),
          },
        },
      ];
    });
  }

  const service = {
    /** GET /api/orders/{id}/requests: the buyer's own order only (404 otherwise). */
    async forBuyer(userId: number, orderId: number): Promise<TOrderRequests> {
      const facts = await buyersOrder(userId, orderId);
      const rows = await repo.ofOrder(orderId);
      return { data: rows.map(toRequest), canRequest: allowed({ status: facts.status, deliveredAt: facts.deliveredAt, requests: rows }, now()) };
    },

    /** POST /api/orders/{id}/requests */
    async create(userId: number, orderId: number, body: TOrderRequestCreate): Promise<TOrderRequests> {
      const facts = await buyersOrder(userId, orderId);
      // Refused early, before any photo is decoded; checked again under the order's lock.
      const early = refusal(body.kind, { status: facts.status, deliveredAt: facts.deliveredAt, requests: await repo.ofOrder(orderId) }, now());
      if (early) throw early;
      const photos = await deps.photos.saveAll(body.photos ?? []);
      const buyer = (await deps.people.buyers([userId])).get(userId);
      await deps.orders.locked(orderId, async (tx, locked) => {
        if (!locked) throw notFound('orderNotFound');
        const rows = await repo.ofOrder(orderId, tx);
        const refused = refusal(body.kind, { status: locked.status, deliveredAt: facts.deliveredAt, requests: rows }, now());
        if (refused) throw refused;
        const created = await repo.insert(tx, { orderId, userId, kind: body.kind, reason: body.reason, photos });
        if (!created) throw conflict('requestAlreadyOpen', {}, { reason: 'alreadyOpen' });
        // The buyer's request is part of the order's audited history (actor: the buyer, no staff role).
        await deps.audit.record(tx, { id: userId, name: buyer?.name || buyer?.account || String(userId), role: null }, [
          {
            action: 'request.create',
            entity: 'order',
            entityId: orderId,
            after: { request: created.id, kind: body.kind, status: 'open', photos: photos.length },
            note: body.reason,
          },
        ]);
      });
      return service.forBuyer(userId, orderId);
    },

    /** A request's photo (WebP bytes), for the order's buyer and for staff who read orders; 404 to anyone else. */
    async photo(reader: PhotoReader, orderId: number, requestId: number, index: number): Promise<Buffer> {
      const row = await repo.get(requestId);
      if (!row || row.orderId !== orderId) throw notFound('requestNotFound');
      if (row.userId !== reader.userId && !staffCan(reader.role, 'orders.read')) throw notFound('requestNotFound');
      const name = row.photos[index];
      const bytes = name === undefined ? undefined : await deps.photos.read(name);
      if (!bytes) throw notFound('requestNotFound');
      return bytes;
    },

    /** GET /api/admin/orders/{id}/requests */
    async forOrder(orderId: number): Promise<{ data: TStaffOrderRequest[] }> {
      if (!(await deps.orders.get(orderId))) throw notFound('orderNotFound');
      return { data: await staffViews(await repo.ofOrder(orderId)) };
    },

    /** GET /api/admin/requests */
    async queue(q: TStaffRequestQuery): Promise<TStaffRequestList> {
      const { rows, total } = await repo.page(q.status, q.recPerPage, (q.page - 1) * q.recPerPage);
      return { data: await staffViews(rows), pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },

    /**
     * POST /api/admin/requests/{id}/decision (orders.sell). Approving a cancellation cancels the
     * order through the order state machine, with the buyer's reason, in the same transaction;
     * approving a return only marks it (staff then record the refund as a payment). Refusing
     * needs a note. The buyer is mailed either way.
     */
    async decide(actor: StaffActor, id: number, body: TRequestDecision): Promise<TRequestDecided> {
      if (!staffCan(actor.role, 'orders.sell')) throw forbidden();
      const request = await repo.get(id);
      if (!request) throw notFound('requestNotFound');
      if (request.status !== 'open') throw conflict('requestAlreadyDecided', {}, { status: request.status });
      const note = body.note ?? null;
      if (body.decision === 'refuse' && !note) throw badRequest('requestNoteRequired', {}, { field: 'note', rule: 'v.required' });
      const status = body.decision === 'approve' ? 'approved' : 'refused';
      const [contact, before] = await Promise.all([deps.people.contact(request.userId), deps.orders.get(request.orderId)]);
      if (!before) throw notFound('orderNotFound');

      if (body.credit && !(body.decision === 'approve' && request.kind === 'return')) throw badRequest('requestCreditOnlyReturn', {}, { field: 'credit' });
      const record = async (tx: Db, order: Pick<OrderFacts, 'paidMinor' | 'refundedMinor'>) => {
        const decided = await repo.decide(tx, id, { status, decidedBy: actor.id, decisionNote: note });
        if (!decided) throw conflict('requestAlreadyDecided', {}, { status: 'decided' });
        await deps.audit.record(tx, actor, [
          {
            action: `request.${body.decision}`,
            entity: 'order',
            entityId: request.orderId,
            before: { request: id, kind: request.kind, status: 'open' },
            after: { request: id, kind: request.kind, status },
            note,
          },
        ]);
        if (contact?.email) {
          const mail = requestDecisionMail(
            {
              orderId: request.orderId,
              buyerName: contact.name,
              kind: request.kind,
              decision: status,
              note,
              refundFollows: status === 'approved' && order.paidMinor > order.refundedMinor,
              orderUrl: `${deps.origin}/order/${request.orderId}`,
            },
            contact.locale,
          );
          await deps.outbox.enqueue(tx, [{ kind: 'mail', dedupeKey: `request:${id}:decided`, payload: { to: contact.email, ...mail } }]);
        }
      };

      let creditId: number | null = null;
      if (body.decision === 'approve' && request.kind === 'cancel' && before.status !== 'cancel') {
        await deps.ordersStaff.transition(actor, request.orderId, { status: 'cancel', reason: request.reason }, (tx) => record(tx, before));
      } else if (body.credit) {
        // The return's credit note and the decision commit together (the refund follows from the new balance).
        const credit = { kind: 'return' as const, reason: body.credit.reason ?? note ?? request.reason, lines: body.credit.lines, amount: body.credit.amount };
        creditId = await deps.ordersStaff.credit(actor, request.orderId, credit, { requestId: id, also: (tx) => record(tx, before) });
      } else {
        await deps.orders.locked(request.orderId, async (tx, order) => {
          if (!order) throw notFound('orderNotFound');
          await record(tx, order);
        });
      }
      deps.outbox.nudge();
      const [view] = await staffViews([(await repo.get(id))!]);
      return { request: view!, refundDue: view!.order.refundDue, creditId };
    },
  };
  return service;
}
export type AftersalesService = ReturnType<typeof createAftersalesService>;
