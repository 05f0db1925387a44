import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shipping configuration (docs/orders.md): destination zones, the regions in each, shipping
 * methods, one rate row per (method, zone), and payment methods. Money in fen, weights in grams.
 */
export const shippingZones = pgTable('shipping_zones', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
  /** The zone of every region that no zone lists (one zone has it). */
  isDefault: boolean('is_default').notNull().default(false),
});

/** Which zone a country or region (ISO alpha-2) belongs to; a region is in one zone at most. */
export const shippingZoneRegions = pgTable('shipping_zone_regions', {
  regionId: text('region_id').primaryKey(),
  zoneCode: text('zone_code')
    .notNull()
    .references(() => shippingZones.code, { onDelete: 'cascade' }),
});

export const shippingMethods = pgTable('shipping_methods', {
  id: text('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Regions this method does not serve even though it serves their zone (sea freight: landlocked countries). */
  excludedRegions: text('excluded_regions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Price of a shipment of chargeable weight w grams by one method to one zone:
 * max(minCharge, firstPrice + ceil(max(0, w - firstWeight) / stepWeight) × stepPrice);
 * unavailable when w > maxWeight.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    methodId: text('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    zoneCode: text('zone_code')
      .notNull()
      .references(() => shippingZones.code, { onDelete: 'cascade' }),
    firstWeightG: integer('first_weight_g').notNull(),
    firstPriceFen: integer('first_price_fen').notNull(),
    stepWeightG: integer('step_weight_g').notNull(),
    stepPriceFen: integer('step_price_fen').notNull(),
    minChargeFen: integer('min_charge_fen').notNull().default(0),
    maxWeightG: integer('max_weight_g').notNull(),
    transitMinDays: integer('transit_min_days').notNull(),
    transitMaxDays: integer('transit_max_days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.zoneCode] }),
    check(
      'shipping_rates_check',
      sql`first_weight_g >= 0 and step_weight_g > 0 and first_price_fen >= 0 and step_price_fen >= 0 and min_charge_fen >= 0 and max_weight_g > 0`,
    ),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Surcharge in basis points of goods + freight (440 = 4.4 %). */
    surchargeBp: integer('surcharge_bp').notNull().default(0),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** How buyers pay by it: {receiver, account, noteZh, noteEn} (blank: left out). */
    instructions: jsonb('instructions')
      .$type<{ receiver: string; account: string; noteZh: string; noteEn: string }>()
      .notNull()
      .default(sql`'{"receiver":"","account":"","noteZh":"","noteEn":""}'::jsonb`),
    /** The stored QR picture to scan (a name in the uploads storage), or null. */
    qrImage: text('qr_image'),
  },
  () => [check('payment_methods_surcharge_check', sql`surcharge_bp between 0 and 10000`)],
);
