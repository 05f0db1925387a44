import { staffCan, type TOrderMessage, type TOrderNote, type TOrderNoteCreate } from '@cubeshop/shared';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import type { OrderNoteRow, OrderNotesRepository } from './orders.notes.repository.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrdersRepository } from './orders.repository.js';

export interface OrderNotesDeps {
  audit: AuditService;
  notifier: OrderNotifier;
}

export const toNote = (row: OrderNoteRow): TOrderNote => ({
  id: row.id,
  kind: row.kind,
  body: row.body,
  author: row.authorName,
  createdTime: row.createdAt.toISOString(),
});

export const toMessage = (row: OrderNoteRow): TOrderMessage => ({ id: row.id, body: row.body, createdTime: row.createdAt.toISOString() });

/**
 * Staff notes on an order (docs/orders.md, Back office): an internal note (any staff member who
 * reads orders) or a message to the buyer (orders.sell: sales and owner), which is e-mailed in the
 * buyer's language through the outbox and shown on the buyer's order page. Audited; never edited.
 */
export function createOrderNotes(orders: OrdersRepository, repo: OrderNotesRepository, deps: OrderNotesDeps) {
  return {
    /** POST /api/admin/orders/{id}/notes */
    async add(actor: StaffActor, orderId: number, body: TOrderNoteCreate): Promise<TOrderNote> {
      if (!staffCan(actor.role, body.kind === 'message' ? 'orders.sell' : 'orders.read')) throw forbidden();
      const before = await orders.getAny(orderId);
      if (!before) throw notFound('orderNotFound');
      const buyer = body.kind === 'message' ? await deps.notifier.contactOf(before.userId) : undefined;
      const created = await orders.withOrderLock(orderId, async (tx, row) => {
        if (!row) throw notFound('orderNotFound');
        const note = await repo.insert(tx, { orderId, kind: body.kind, authorId: actor.id, authorName: actor.name, body: body.body });
        if (body.kind === 'message') await deps.notifier.queue(tx, buyer, 'message', row, { message: body.body, key: note.id });
        await deps.audit.record(tx, actor, [
          { action: body.kind === 'message' ? 'order.message' : 'order.note', entity: 'order', entityId: orderId, after: { body: body.body } },
        ]);
        return note;
      });
      if (body.kind === 'message') deps.notifier.sent();
      return toNote(created);
    },
    /** Every note and message (the staff order page). */
    async all(orderId: number): Promise<TOrderNote[]> {
      return (await repo.all(orderId)).map(toNote);
    },
    /** The messages to the buyer (the buyer's order page). */
    async messages(orderId: number): Promise<TOrderMessage[]> {
      return (await repo.messages(orderId)).map(toMessage);
    },
  };
}
export type OrderNotes = ReturnType<typeof createOrderNotes>;
