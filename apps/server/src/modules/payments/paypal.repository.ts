import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paypalOrders } from '../../db/schema/index.js';

export type PayPalOrderRow = typeof paypalOrders.$inferSelect;

/** The PayPal orders made for the shop's orders (table paypal_orders): what was asked of PayPal. */
export function createPayPalRepository(db: Db) {
  return {
    async insert(row: Pick<PayPalOrderRow, 'paypalOrderId' | 'orderId' | 'amountMinor' | 'currency' | 'status'>): Promise<void> {
      await db.insert(paypalOrders).values(row).onConflictDoNothing();
    },
    async get(paypalOrderId: string): Promise<PayPalOrderRow | undefined> {
      const [row] = await db.select().from(paypalOrders).where(eq(paypalOrders.paypalOrderId, paypalOrderId));
      return row;
    },
    async setStatus(paypalOrderId: string, status: string): Promise<void> {
      await db.update(paypalOrders).set({ status, updatedAt: sql`now()` }).where(eq(paypalOrders.paypalOrderId, paypalOrderId));
    },
  };
}
export type PayPalRepository = ReturnType<typeof createPayPalRepository>;
