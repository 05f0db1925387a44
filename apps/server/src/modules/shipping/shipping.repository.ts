import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentMethods, shippingMethods, shippingRates, shippingZoneRegions, shippingZones } from '../../db/schema/index.js';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type ZoneRegionRow = typeof shippingZoneRegions.$inferSelect;
export type MethodRow = Omit<typeof shippingMethods.$inferSelect, 'updatedAt'>;
export type RateRow = typeof shippingRates.$inferSelect;
export type PaymentRow = typeof paymentMethods.$inferSelect;

export interface ShippingTables {
  zones: ZoneRow[];
  zoneRegions: ZoneRegionRow[];
  methods: MethodRow[];
  rates: RateRow[];
  payments: PaymentRow[];
}

export function createShippingRepository(db: Db) {
  return {
    async load(): Promise<ShippingTables> {
      const [zones, zoneRegions, methods, rates, payments] = await Promise.all([
        db.select().from(shippingZones).orderBy(shippingZones.position, shippingZones.code),
        db.select().from(shippingZoneRegions),
        db
          .select({
            id: shippingMethods.id,
            nameZh: shippingMethods.nameZh,
            nameEn: shippingMethods.nameEn,
            position: shippingMethods.position,
            active: shippingMethods.active,
            excludedRegions: shippingMethods.excludedRegions,
          })
          .from(shippingMethods)
          .orderBy(shippingMethods.position, shippingMethods.id),
        db.select().from(shippingRates),
        db.select().from(paymentMethods).orderBy(paymentMethods.position, paymentMethods.id),
      ]);
      return { zones, zoneRegions, methods, rates, payments };
    },

    /** Runs `work` in one transaction (a staff change and its audit entry commit together). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async upsertMethod(tx: Db, m: MethodRow): Promise<void> {
      await tx
        .insert(shippingMethods)
        .values(m)
        .onConflictDoUpdate({
          target: shippingMethods.id,
          set: { nameZh: m.nameZh, nameEn: m.nameEn, position: m.position, active: m.active, excludedRegions: m.excludedRegions, updatedAt: sql`now()` },
        });
    },

    /** Writes a zone and makes `regions` exactly its regions (a region listed here leaves its old zone); one default zone at most. */
    async upsertZone(tx: Db, z: ZoneRow, regions: string[]): Promise<void> {
      await tx
        .insert(shippingZones)
        .values(z)
        .onConflictDoUpdate({ target: shippingZones.code, set: { nameZh: z.nameZh, nameEn: z.nameEn, position: z.position, isDefault: z.isDefault } });
      if (z.isDefault) await tx.update(shippingZones).set({ isDefault: false }).where(ne(shippingZones.code, z.code));
      await tx.delete(shippingZoneRegions).where(eq(shippingZoneRegions.zoneCode, z.code));
      if (regions.length > 0) {
        await tx.delete(shippingZoneRegions).where(inArray(shippingZoneRegions.regionId, regions));
        await tx.insert(shippingZoneRegions).values(regions.map((regionId) => ({ regionId, zoneCode: z.code })));
      }
    },

    /** Deletes a zone with its regions and rates; false when there was none. */
    async deleteZone(tx: Db, code: string): Promise<boolean> {
      return (await tx.delete(shippingZones).where(eq(shippingZones.code, code)).returning({ code: shippingZones.code })).length > 0;
    },

    async upsertRate(tx: Db, r: RateRow): Promise<void> {
      const { methodId: _m, zoneCode: _z, ...rest } = r;
      await tx
        .insert(shippingRates)
        .values(r)
        .onConflictDoUpdate({ target: [shippingRates.methodId, shippingRates.zoneCode], set: rest });
    },

    async deleteRate(tx: Db, methodId: string, zoneCode: string): Promise<boolean> {
      const rows = await tx
        .delete(shippingRates)
        .where(and(eq(shippingRates.methodId, methodId), eq(shippingRates.zoneCode, zoneCode)))
        .returning({ methodId: shippingRates.methodId });
      return rows.length > 0;
    },

    /** Writes a payment method by id (its QR picture stays: setPaymentQr). */
    async upsertPayment(tx: Db, p: Omit<PaymentRow, 'qrImage'>): Promise<void> {
      await tx
        .insert(paymentMethods)
        .values(p)
        .onConflictDoUpdate({
          target: paymentMethods.id,
          set: { nameZh: p.nameZh, nameEn: p.nameEn, surchargeBp: p.surchargeBp, position: p.position, active: p.active, instructions: p.instructions },
        });
    },

    /** Sets (or clears) a payment method's stored QR picture; false when there is no such method. */
    async setPaymentQr(tx: Db, id: string, qrImage: string | null): Promise<boolean> {
      return (await tx.update(paymentMethods).set({ qrImage }).where(eq(paymentMethods.id, id)).returning({ id: paymentMethods.id })).length > 0;
    },

    async countMethods(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(shippingMethods);
      return row?.n ?? 0;
    },

    /** Writes the tables (insert or update by key) in one transaction; rows not given stay. */
    async upsert(tables: ShippingTables): Promise<void> {
      await db.transaction(async (tx) => {
        for (const z of tables.zones) {
          await tx
            .insert(shippingZones)
            .values(z)
            .onConflictDoUpdate({ target: shippingZones.code, set: { nameZh: z.nameZh, nameEn: z.nameEn, position: z.position, isDefault: z.isDefault } });
        }
        if (tables.zoneRegions.length > 0) {
          await tx
            .insert(shippingZoneRegions)
            .values(tables.zoneRegions)
            .onConflictDoUpdate({ target: shippingZoneRegions.regionId, set: { zoneCode: sql`excluded.zone_code` } });
        }
        for (const m of tables.methods) {
          await tx
            .insert(shippingMethods)
            .values(m)
            .onConflictDoUpdate({
              target: shippingMethods.id,
              set: { nameZh: m.nameZh, nameEn: m.nameEn, position: m.position, active: m.active, excludedRegions: m.excludedRegions, updatedAt: sql`now()` },
            });
        }
        for (const r of tables.rates) {
          const { methodId: _m, zoneCode: _z, ...rest } = r;
          await tx
            .insert(shippingRates)
            .values(r)
            .onConflictDoUpdate({ target: [shippingRates.methodId, shippingRates.zoneCode], set: rest });
        }
        for (const p of tables.payments) {
          // the QR picture is the owner's upload: a seed run neither sets nor clears it
          const { qrImage: _q, ...row } = p;
          await tx
            .insert(paymentMethods)
            .values(row)
            .onConflictDoUpdate({
              target: paymentMethods.id,
              set: { nameZh: p.nameZh, nameEn: p.nameEn, surchargeBp: p.surchargeBp, position: p.position, active: p.active, instructions: p.instructions },
            });
        }
      });
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
