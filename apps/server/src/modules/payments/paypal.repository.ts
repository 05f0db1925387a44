import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paypalOrders } from '../../db/schema/index.js';

export type PayPalOrderRow = typeof paypalOrders.$inferSelect;

/**
 * Statuses of a PayPal order that may still be captured: waiting for the buyer or for our capture.
 * CAPTURING (ours) is open too: a capture is under way. The partial unique index
 * paypal_orders_open_key allows one open row per shop order (docs/orders.md, PayPal).
 */
export const PAYPAL_WAITING = ['CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED'] as const;

/** The PayPal orders made for the shop's orders (table paypal_orders): what was asked of PayPal. */
export function createPayPalRepository(db: Db) {
  return {
    /** False: not stored, because the shop order already has an open PayPal order (another tab was first). */
    async insert(row: Pick<PayPalOrderRow, 'paypalOrderId' | 'orderId' | 'amountMinor' | 'currency' | 'status' | 'approveUrl'>): Promise<boolean> {
      const stored = await db.insert(paypalOrders).values(row).onConflictDoNothing().returning({ id: paypalOrders.paypalOrderId });
      return stored.length > 0;
    },
    /** With `lock` (inside a transaction, `tx`): the row stays locked to the end of the transaction. */
    async get(paypalOrderId: string, options: { tx?: Db; lock?: boolean } = {}): Promise<PayPalOrderRow | undefined> {
      const query = (options.tx ?? db).select().from(paypalOrders).where(eq(paypalOrders.paypalOrderId, paypalOrderId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    /** The shop order's open PayPal order (waiting or being captured), if any. */
    async open(orderId: number): Promise<PayPalOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paypalOrders)
        .where(and(eq(paypalOrders.orderId, orderId), inArray(paypalOrders.status, [...PAYPAL_WAITING, 'CAPTURING'])));
      return row;
    },
    /** The shop order's PayPal orders, oldest first. */
    async ofOrder(orderId: number): Promise<PayPalOrderRow[]> {
      return db.select().from(paypalOrders).where(eq(paypalOrders.orderId, orderId)).orderBy(paypalOrders.createdAt, paypalOrders.paypalOrderId);
    },
    /** Sets the status; with `from`, only while the status is one of those. False: nothing changed. */
    async setStatus(paypalOrderId: string, status: string, options: { from?: readonly string[]; tx?: Db } = {}): Promise<boolean> {
      const changed = await (options.tx ?? db)
        .update(paypalOrders)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(paypalOrders.paypalOrderId, paypalOrderId), options.from ? inArray(paypalOrders.status, [...options.from]) : undefined))
        .returning({ id: paypalOrders.paypalOrderId });
      return changed.length > 0;
    },
  };
}
export type PayPalRepository = ReturnType<typeof createPayPalRepository>;
