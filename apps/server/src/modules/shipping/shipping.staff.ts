import {
  EMPTY_PAYMENT_INSTRUCTIONS,
  type TStaffPaymentMethod,
  type TStaffShippingConfig,
  type TStaffShippingMethod,
  type TStaffShippingRate,
  type TStaffShippingZone,
  type TPaymentInstructionsSetting,
} from '@cubeshop/shared';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import { encodePaymentQr, qrName, qrUrlOf, type PaymentQrStorage } from './shipping.qr.js';
import type { PaymentRow, ShippingRepository, ShippingTables } from './shipping.repository.js';
import type { ShippingService } from './shipping.service.js';

export interface ShippingStaffDeps {
  shipping: Pick<ShippingService, 'announce'>;
  audit: Pick<AuditService, 'record'>;
  /** Whether a country or region id is known (modules/regions). */
  isRegion: (id: string) => boolean;
  /** Where payment methods' QR pictures are stored (the shipping service reads the same). */
  qr: PaymentQrStorage;
}

/** PUT /api/admin/payment-methods/{id}: instructions left out stay as they are. */
export type PaymentMethodInput = Omit<TStaffPaymentMethod, 'qrUrl' | 'instructions'> & { instructions?: TPaymentInstructionsSetting | undefined };

const paymentOut = (p: PaymentRow): TStaffPaymentMethod => ({
  id: p.id,
  nameZh: p.nameZh,
  nameEn: p.nameEn,
  surchargeBp: p.surchargeBp,
  position: p.position,
  active: p.active,
  instructions: { ...EMPTY_PAYMENT_INSTRUCTIONS, ...p.instructions },
  qrUrl: qrUrlOf(p.id, p.qrImage),
});

function toConfig(t: ShippingTables): TStaffShippingConfig {
  return {
    methods: t.methods.map((m) => ({
      id: m.id,
      nameZh: m.nameZh,
      nameEn: m.nameEn,
      position: m.position,
      active: m.active,
      excludedRegions: m.excludedRegions,
    })),
    zones: t.zones.map((z) => ({
      ...z,
      regions: t.zoneRegions
        .filter((r) => r.zoneCode === z.code)
        .map((r) => r.regionId)
        .sort(),
    })),
    rates: t.rates.map((r) => ({ ...r })),
    payments: t.payments.map(paymentOut),
  };
}

/**
 * The staff side of shipping and payment configuration (docs/orders.md): methods, zones with their
 * regions, the method × zone rate table and payment methods. Each write is audited in its
 * transaction (shipping.update / payment.update); afterwards every instance drops its cached
 * tables, so the next quote anywhere uses the new values. Methods and payment methods are never
 * deleted (orders name them): they are switched off.
 */
export function createShippingStaff(repo: ShippingRepository, deps: ShippingStaffDeps) {
  const config = async () => toConfig(await repo.load());
  const paymentRow = async (id: string): Promise<PaymentRow> => {
    const row = (await repo.load()).payments.find((p) => p.id === id);
    if (!row) throw notFound('paymentMethodNotFound');
    return row;
  };

  const checkRegions = (ids: string[], field: string) => {
    const unknown = ids.find((id) => !deps.isRegion(id));
    if (unknown) throw badRequest('regionUnknown', {}, { field, region: unknown });
  };

  async function write(work: Parameters<ShippingRepository['transaction']>[0]): Promise<void> {
    await repo.transaction(work);
    deps.shipping.announce();
  }

  return {
    config,

    async putMethod(actor: StaffActor, method: TStaffShippingMethod): Promise<TStaffShippingMethod> {
      checkRegions(method.excludedRegions, 'excludedRegions');
      const before = (await config()).methods.find((m) => m.id === method.id) ?? null;
      await write(async (tx) => {
        await repo.upsertMethod(tx, method);
        await deps.audit.record(tx, actor, [{ action: 'shipping.update', entity: 'shipping_method', entityId: method.id, before, after: method }]);
      });
      return method;
    },

    async putZone(actor: StaffActor, zone: TStaffShippingZone): Promise<TStaffShippingZone> {
      checkRegions(zone.regions, 'regions');
      const now = await config();
      const before = now.zones.find((z) => z.code === zone.code) ?? null;
      // one zone takes every region no zone lists: it may move, never vanish
      if (!zone.isDefault && before?.isDefault) throw badRequest('shippingZoneNoDefault', {}, { field: 'isDefault' });
      const regions = [...new Set(zone.regions)].sort();
      const { regions: _r, ...row } = zone;
      await write(async (tx) => {
        await repo.upsertZone(tx, row, regions);
        await deps.audit.record(tx, actor, [{ action: 'shipping.update', entity: 'shipping_zone', entityId: zone.code, before, after: { ...zone, regions } }]);
      });
      return { ...zone, regions };
    },

    async deleteZone(actor: StaffActor, code: string): Promise<void> {
      const before = (await config()).zones.find((z) => z.code === code);
      if (!before) throw notFound('shippingZoneNotFound');
      if (before.isDefault) throw badRequest('shippingZoneDefault');
      await write(async (tx) => {
        await repo.deleteZone(tx, code);
        await deps.audit.record(tx, actor, [{ action: 'shipping.update', entity: 'shipping_zone', entityId: code, before, after: null }]);
      });
    },

    async putRate(actor: StaffActor, rate: TStaffShippingRate): Promise<TStaffShippingRate> {
      const now = await config();
      if (!now.methods.some((m) => m.id === rate.methodId)) throw badRequest('expressUnknown', { method: rate.methodId }, { field: 'methodId' });
      if (!now.zones.some((z) => z.code === rate.zoneCode)) throw badRequest('shippingZoneUnknown', { zone: rate.zoneCode }, { field: 'zoneCode' });
      const before = now.rates.find((r) => r.methodId === rate.methodId && r.zoneCode === rate.zoneCode) ?? null;
      await write(async (tx) => {
        await repo.upsertRate(tx, rate);
        await deps.audit.record(tx, actor, [
          { action: 'shipping.update', entity: 'shipping_rate', entityId: `${rate.methodId}|${rate.zoneCode}`, before, after: rate },
        ]);
      });
      return rate;
    },

    async deleteRate(actor: StaffActor, methodId: string, zoneCode: string): Promise<void> {
      const before = (await config()).rates.find((r) => r.methodId === methodId && r.zoneCode === zoneCode);
      if (!before) throw notFound('shippingRateNotFound');
      await write(async (tx) => {
        await repo.deleteRate(tx, methodId, zoneCode);
        await deps.audit.record(tx, actor, [{ action: 'shipping.update', entity: 'shipping_rate', entityId: `${methodId}|${zoneCode}`, before, after: null }]);
      });
    },

    async putPayment(actor: StaffActor, input: PaymentMethodInput): Promise<TStaffPaymentMethod> {
      const before = (await config()).payments.find((p) => p.id === input.id) ?? null;
      const payment: TStaffPaymentMethod = {
        ...input,
        instructions: input.instructions ?? before?.instructions ?? EMPTY_PAYMENT_INSTRUCTIONS,
        qrUrl: before?.qrUrl ?? null,
      };
      const { qrUrl: _q, ...row } = payment;
      await write(async (tx) => {
        await repo.upsertPayment(tx, row);
        await deps.audit.record(tx, actor, [{ action: 'payment.update', entity: 'payment_method', entityId: payment.id, before, after: payment }]);
      });
      return payment;
    },

    /**
     * PUT /api/admin/payment-methods/{id}/qr: checks and re-encodes the picture (400 naming the
     * file), stores it, points the method at it (audited as payment.update) and removes the
     * picture it replaces. 404 for an unknown method.
     */
    async putQr(actor: StaffActor, id: string, upload: Buffer): Promise<TStaffPaymentMethod> {
      const row = await paymentRow(id);
      const png = await encodePaymentQr(upload);
      const name = qrName(id, png);
      await deps.qr.write(name, png);
      try {
        await write(async (tx) => {
          if (!(await repo.setPaymentQr(tx, id, name))) throw notFound('paymentMethodNotFound');
          await deps.audit.record(tx, actor, [
            {
              action: 'payment.update',
              entity: 'payment_method',
              entityId: id,
              before: { qrUrl: qrUrlOf(id, row.qrImage) },
              after: { qrUrl: qrUrlOf(id, name) },
            },
          ]);
        });
      } catch (err) {
        if (name !== row.qrImage) await deps.qr.remove(name).catch(() => undefined);
        throw err;
      }
      // The replaced picture goes; one the storage failed to remove costs bytes, not the answer.
      if (row.qrImage && row.qrImage !== name) await deps.qr.remove(row.qrImage).catch(() => undefined);
      return paymentOut({ ...row, qrImage: name });
    },

    /** DELETE /api/admin/payment-methods/{id}/qr: the method has no picture any more (audited when it had one). */
    async deleteQr(actor: StaffActor, id: string): Promise<TStaffPaymentMethod> {
      const row = await paymentRow(id);
      if (!row.qrImage) return paymentOut(row);
      await write(async (tx) => {
        await repo.setPaymentQr(tx, id, null);
        await deps.audit.record(tx, actor, [
          { action: 'payment.update', entity: 'payment_method', entityId: id, before: { qrUrl: qrUrlOf(id, row.qrImage) }, after: { qrUrl: null } },
        ]);
      });
      await deps.qr.remove(row.qrImage).catch(() => undefined);
      return paymentOut({ ...row, qrImage: null });
    },
  };
}
export type ShippingStaff = ReturnType<typeof createShippingStaff>;
