import type { TExpressMethodOption, TLocale, TPaymentMethodOption } from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MethodRow, PaymentRow, RateRow, ShippingRepository, ShippingTables, ZoneRow } from './shipping.repository.js';
import { freightFen, totalOrder, type GoodsTotals, type OrderTotals } from './shipping.quote.js';
import { qrUrlOf, qrVersionOf, type PaymentQrStorage } from './shipping.qr.js';

export interface ShippingDeps {
  /** Whether a country or region id is known (modules/regions). */
  isRegion: (id: string) => boolean;
  /** A region's name in a language (for messages); the id itself for an unknown region (modules/regions). */
  regionName: (id: string, locale: TLocale) => string;
  /** The free-shipping threshold is a shop setting (settings.freeShipping). */
  settings: Pick<SettingsService, 'freeShippingThresholdUsdCents' | 'set' | 'setIfMissing'>;
  /** Cluster events: a staff change on one instance drops the cached tables on every instance. */
  events: Pick<ClusterEvents, 'publish' | 'on'>;
  /** Lifetime of the cached tables, ms (default 60 s). */
  ttlMs?: number;
  now?: () => number;
  /** Where the payment methods' QR pictures are stored. */
  qr: PaymentQrStorage;
}

/**
 * How to pay by a method, in one language (the order page, mail and proforma add the order
 * number as the reference): blank fields are null, the note falls back to the other language.
 */
export interface PaymentInstructions {
  method: { id: string; name: string };
  receiver: string | null;
  account: string | null;
  note: string | null;
  qrUrl: string | null;
}

/** Bank transfer has instructions of its own (the bankTransfer setting). */
export const BANK_TRANSFER_METHOD = 'tt';

interface Config {
  zones: Map<string, ZoneRow>;
  defaultZone: ZoneRow | undefined;
  zoneOfRegion: Map<string, string>;
  methods: MethodRow[];
  methodById: Map<string, MethodRow>;
  rates: Map<string, RateRow>;
  payments: PaymentRow[];
  paymentById: Map<string, PaymentRow>;
  /** Every payment method, switched-off ones too (an order placed before keeps its instructions). */
  anyPaymentById: Map<string, PaymentRow>;
}

export interface ResolvedShipping {
  method: MethodRow;
  zone: ZoneRow;
  rate: RateRow;
}

export interface Quote extends ResolvedShipping {
  payment: PaymentRow | null;
  totals: OrderTotals;
}

const pick = (row: { nameZh: string; nameEn: string }, locale: TLocale) => (locale === 'zh' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh);
const kg = (g: number) => Math.round(g) / 1000;

/**
 * Shipping methods, zones, rate tables and payment methods (docs/orders.md). The tables are small
 * and read on every quote, so they are kept in memory for a minute (invalidate() after a change).
 */
export function createShippingService(repo: ShippingRepository, deps: ShippingDeps) {
  const ttl = deps.ttlMs ?? 60_000;
  const now = deps.now ?? Date.now;
  let cached: { value: Config; until: number } | undefined;
  let loading: Promise<Config> | undefined;
  const { regionName } = deps;

  async function build(): Promise<Config> {
    const tables = await repo.load();
    return {
      zones: new Map(tables.zones.map((z) => [z.code, z])),
      defaultZone: tables.zones.find((z) => z.isDefault),
      zoneOfRegion: new Map(tables.zoneRegions.map((r) => [r.regionId, r.zoneCode])),
      methods: tables.methods.filter((m) => m.active),
      methodById: new Map(tables.methods.filter((m) => m.active).map((m) => [m.id, m])),
      rates: new Map(tables.rates.map((r) => [`${r.methodId}|${r.zoneCode}`, r])),
      payments: tables.payments.filter((p) => p.active),
      paymentById: new Map(tables.payments.filter((p) => p.active).map((p) => [p.id, p])),
      anyPaymentById: new Map(tables.payments.map((p) => [p.id, p])),
    };
  }

  async function config(): Promise<Config> {
    if (cached && cached.until > now()) return cached.value;
    loading ??= build()
      .then((value) => {
        cached = { value, until: now() + ttl };
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  function zoneOf(c: Config, regionId: string): ZoneRow | undefined {
    const code = c.zoneOfRegion.get(regionId);
    return (code ? c.zones.get(code) : undefined) ?? c.defaultZone;
  }

  /** The rate row when the method serves the region, else undefined. */
  function rateFor(c: Config, method: MethodRow, regionId: string): { zone: ZoneRow; rate: RateRow } | undefined {
    if (method.excludedRegions.includes(regionId)) return undefined;
    const zone = zoneOf(c, regionId);
    const rate = zone ? c.rates.get(`${method.id}|${zone.code}`) : undefined;
    return zone && rate ? { zone, rate } : undefined;
  }

  function checkRegion(regionId: string): string {
    const id = regionId.trim().toUpperCase();
    if (!deps.isRegion(id)) throw badRequest('regionUnknown');
    return id;
  }

  // A table written on another instance: the next quote here reads the new tables.
  deps.events.on('shipping.changed', () => {
    cached = undefined;
  });

  const service = {
    invalidate() {
      cached = undefined;
    },

    /** After a staff change: drops the cached tables here and on every other instance. */
    announce() {
      cached = undefined;
      deps.events.publish('shipping.changed', {});
    },

    /** Every table as stored, inactive rows included (the staff screen). */
    async tables(): Promise<ShippingTables> {
      return repo.load();
    },

    /** GET /api/selector/express: the methods that serve the region (every active one without a region). */
    async expressOptions(regionId: string | undefined, locale: TLocale): Promise<TExpressMethodOption[]> {
      const c = await config();
      if (regionId === undefined) return c.methods.map((m) => ({ id: m.id, name: pick(m, locale), transitDays: null }));
      const region = checkRegion(regionId);
      return c.methods.flatMap((m) => {
        const found = rateFor(c, m, region);
        return found ? [{ id: m.id, name: pick(m, locale), transitDays: { min: found.rate.transitMinDays, max: found.rate.transitMaxDays } }] : [];
      });
    },

    /** GET /api/selector/payment */
    async paymentOptions(locale: TLocale): Promise<TPaymentMethodOption[]> {
      const c = await config();
      return c.payments.map((p) => ({ id: p.id, name: pick(p, locale), surchargePercent: p.surchargeBp / 100 }));
    },

    /**
     * How to pay by a method, in `locale` (the orders module adds the order number as the
     * reference): null for bank transfer (its details are the bankTransfer setting), an unknown
     * method, or one with nothing set. Read from the cached tables, so a change in Settings shows
     * everywhere once the tables are dropped (shipping.changed).
     */
    async paymentInstructions(methodId: string, locale: TLocale): Promise<PaymentInstructions | null> {
      if (methodId === BANK_TRANSFER_METHOD) return null;
      const p = (await config()).anyPaymentById.get(methodId);
      if (!p) return null;
      const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);
      const { receiver, account, noteZh, noteEn } = p.instructions;
      const note = locale === 'zh' ? (blank(noteZh) ?? blank(noteEn)) : (blank(noteEn) ?? blank(noteZh));
      const qrUrl = qrUrlOf(p.id, p.qrImage);
      const found = { method: { id: p.id, name: pick(p, locale) }, receiver: blank(receiver), account: blank(account), note, qrUrl };
      return found.receiver || found.account || found.note || found.qrUrl ? found : null;
    },

    /** A method's current QR picture (PNG) and its version, or undefined when it has none. */
    async paymentQr(methodId: string): Promise<{ png: Buffer; version: string } | undefined> {
      const name = (await config()).anyPaymentById.get(methodId)?.qrImage;
      const version = name ? qrVersionOf(name) : undefined;
      if (!name || !version) return undefined;
      const png = await deps.qr.read(name);
      return png ? { png, version } : undefined;
    },

    /** The free-shipping threshold in USD cents (null: none); the settings module keeps it. */
    async thresholdUsdCents(): Promise<number | null> {
      return deps.settings.freeShippingThresholdUsdCents();
    },

    /** Method, zone and rate row for a region; 400 for an unknown region or method, or one that does not serve it. */
    async resolve(methodId: string, regionId: string, locale: TLocale): Promise<ResolvedShipping> {
      const c = await config();
      const region = checkRegion(regionId);
      const method = c.methodById.get(methodId);
      if (!method) throw badRequest('expressUnknown', { method: methodId });
      const found = rateFor(c, method, region);
      if (!found) throw badRequest('expressUnavailable', { method: pick(method, locale), region: regionName(region, locale) });
      return { method, ...found };
    },

    /** A payment method by id; 400 when unknown or inactive. */
    async payment(payMethodId: string): Promise<PaymentRow> {
      const p = (await config()).paymentById.get(payMethodId);
      if (!p) throw badRequest('paymentUnknown', { method: payMethodId });
      return p;
    },

    /**
     * The full quote for priced goods: freight by the rate table on the chargeable weight, free
     * shipping, payment surcharge and totals in both ledgers. 400 when the method cannot carry
     * the weight or does not serve the region.
     */
    async quote(goods: GoodsTotals, input: { methodId: string; regionId: string; payMethodId?: string | undefined }, locale: TLocale): Promise<Quote> {
      const resolved = await service.resolve(input.methodId, input.regionId, locale);
      const payment = input.payMethodId === undefined ? null : await service.payment(input.payMethodId);
      const base = freightFen(resolved.rate, goods.chargeableWeightG);
      if (base === null) {
        throw badRequest(
          'expressTooHeavy',
          { method: pick(resolved.method, locale), max: kg(resolved.rate.maxWeightG), weight: kg(goods.chargeableWeightG) },
          { maxWeight: kg(resolved.rate.maxWeightG), chargeableWeight: kg(goods.chargeableWeightG) },
        );
      }
      const totals = totalOrder(goods, base, payment?.surchargeBp ?? 0, await service.thresholdUsdCents());
      return { ...resolved, payment, totals };
    },

    /** Seeding and staff tools: write tables (by key) and the threshold, then drop the cache. */
    async upsert(tables: ShippingTables, thresholdUsdCents?: { cents: number | null; onlyIfMissing?: boolean }): Promise<void> {
      await repo.upsert(tables);
      service.announce();
      if (thresholdUsdCents) {
        const value = { thresholdUsdCents: thresholdUsdCents.cents };
        if (thresholdUsdCents.onlyIfMissing) await deps.settings.setIfMissing('freeShipping', value);
        else await deps.settings.set('freeShipping', value);
      }
    },

    /** Writes the free-shipping threshold (the settings module drops every cached copy). */
    async setFreeShippingThreshold(cents: number | null): Promise<void> {
      await deps.settings.set('freeShipping', { thresholdUsdCents: cents });
    },

    async isEmpty(): Promise<boolean> {
      return (await repo.countMethods()) === 0;
    },

    /** Names of a method and zone in a language (order snapshots use both). */
    names: pick,
  };
  return service;
}
export type ShippingService = ReturnType<typeof createShippingService>;
