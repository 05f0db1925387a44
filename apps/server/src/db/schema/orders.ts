import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCarrier, TPaymentRecordMethod } from '@cubeshop/shared';
import { users } from './account.js';
import { doubledSearchText } from './search-text.js';

/**
 * Orders (docs/orders.md). Everything the buyer saw is a snapshot: prices, names, weights,
 * shipping method, payment method and address, so later catalog or rate changes do not touch a
 * placed order. Money twice: fen (the shop's books) and minor units of the order's currency (what
 * the buyer pays), each computed from integers in one pass.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The client's Idempotency-Key: the same key again answers the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the normalised request body; the same key with another body is refused (409). */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['confirm', 'outbound', 'delivery', 'complete', 'cancel'] })
      .notNull()
      .default('confirm'),
    logisticsStatus: text('logistics_status', { enum: ['pending', 'inTransit', 'outForDelivery', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    trackingNumber: text('tracking_number'),
    /** The parcel's carrier (shared CARRIERS), for the public tracking link. */
    carrier: text('carrier').$type<TCarrier>(),
    cancelReason: text('cancel_reason'),
    /** When the unpaid-order follow-up reminded the buyer to pay (once per order; docs/orders.md, Unpaid orders). */
    unpaidRemindedAt: timestamp('unpaid_reminded_at', { withTimezone: true }),
    /** Computed from payments and refunds against the amount due (never typed); see ZPaymentStatus. */
    paymentStatus: text('payment_status', { enum: ['unpaid', 'partially_paid', 'paid', 'refund_due', 'refunded'] })
      .notNull()
      .default('unpaid'),
    /** Payments received and refunds given, in minor units of `currency`. */
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** Credit notes (returns, goodwill), in minor units of `currency`: they lower what the order owes. */
    creditedMinor: bigint('credited_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    /** CNY per USD used for this order. */
    exchangeRate: doublePrecision('exchange_rate').notNull(),
    lineCount: integer('line_count').notNull(),
    pieceCount: integer('piece_count').notNull(),
    // money, fen
    listFen: bigint('list_fen', { mode: 'number' }).notNull(),
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull(),
    freightBaseFen: bigint('freight_base_fen', { mode: 'number' }).notNull(),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull(),
    surchargeFen: bigint('surcharge_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    // money, minor units of `currency`
    listMinor: bigint('list_minor', { mode: 'number' }).notNull(),
    goodsMinor: bigint('goods_minor', { mode: 'number' }).notNull(),
    freightBaseMinor: bigint('freight_base_minor', { mode: 'number' }).notNull(),
    freightMinor: bigint('freight_minor', { mode: 'number' }).notNull(),
    surchargeMinor: bigint('surcharge_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    // what staff recorded after packing (null: as ordered), minor units of `currency`
    actualPieceCount: integer('actual_piece_count'),
    actualGoodsMinor: bigint('actual_goods_minor', { mode: 'number' }),
    actualFreightMinor: bigint('actual_freight_minor', { mode: 'number' }),
    actualSurchargeMinor: bigint('actual_surcharge_minor', { mode: 'number' }),
    actualTotalMinor: bigint('actual_total_minor', { mode: 'number' }),
    freeShipping: boolean('free_shipping').notNull(),
    /** The threshold that applied, in minor units of `currency` (null: none). */
    freeShippingThresholdMinor: bigint('free_shipping_threshold_minor', { mode: 'number' }),
    // logistics, grams and cm³
    totalNwG: bigint('total_nw_g', { mode: 'number' }).notNull(),
    totalGwG: bigint('total_gw_g', { mode: 'number' }).notNull(),
    totalVolumeCm3: bigint('total_volume_cm3', { mode: 'number' }).notNull(),
    totalVolumeWeightG: bigint('total_volume_weight_g', { mode: 'number' }).notNull(),
    chargeableWeightG: bigint('chargeable_weight_g', { mode: 'number' }).notNull(),
    // shipping and payment, as chosen
    expressMethodId: text('express_method_id').notNull(),
    expressNameZh: text('express_name_zh').notNull(),
    expressNameEn: text('express_name_en').notNull(),
    zoneCode: text('zone_code').notNull(),
    zoneNameZh: text('zone_name_zh').notNull(),
    zoneNameEn: text('zone_name_en').notNull(),
    transitMinDays: integer('transit_min_days').notNull(),
    transitMaxDays: integer('transit_max_days').notNull(),
    payMethodId: text('pay_method_id').notNull(),
    payNameZh: text('pay_name_zh').notNull(),
    payNameEn: text('pay_name_en').notNull(),
    surchargeBp: integer('surcharge_bp').notNull(),
    // delivery address
    regionId: text('region_id').notNull(),
    state: text('state'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    taxId: text('tax_id'),
    shippingMark: text('shipping_mark'),
    address: text('address').notNull(),
    address2: text('address2'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Staff search (docs/orders.md, Staff search): the order number, the receiver's name, company
     * and phone (as typed and as digits only); folded and doubled by PostgreSQL. The buyer's
     * account, e-mail and mobile are searched on users.search_text.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(doubledSearchText(['"id"::text', '"receiver"', '"company"', '"phone"', `regexp_replace("phone", '[^0-9]', '', 'g')`])),
  },
  (t) => [
    uniqueIndex('orders_user_key_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt, t.id),
    // the staff queue
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_payment_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('orders_tracking_idx').on(t.trackingNumber),
    index('orders_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Staff search, newest first (docs/orders.md, Staff search): a broad fragment is checked on this
    // index alone (every column the queue's q reads), walked from the newest order, with no visit
    // to the rows; the GIN index serves rare fragments.
    index('orders_created_search_idx').on(t.createdAt, t.id, t.userId, t.trackingNumber, t.searchText),
    check('orders_amounts_check', sql`total_fen = goods_fen + freight_fen + surcharge_fen and total_minor = goods_minor + freight_minor + surcharge_minor`),
    check(
      'orders_money_check',
      sql`paid_minor >= 0 and refunded_minor >= 0 and credited_minor >= 0 and credited_minor <= coalesce(actual_total_minor, total_minor)`,
    ),
  ],
);

/** Order lines: a snapshot of the product as ordered (no foreign key to items: products may go). */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The buyer (copied from the order so GET /api/order/items filters with one index). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    typeCode: text('type_code').notNull(),
    typeNameZh: text('type_name_zh'),
    typeNameEn: text('type_name_en'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    supplierNameZh: text('supplier_name_zh').notNull(),
    supplierNameEn: text('supplier_name_en').notNull(),
    imageVersion: integer('image_version').notNull(),
    quantity: integer('quantity').notNull(),
    moq: integer('moq').notNull(),
    orderMultiple: integer('order_multiple'),
    listPriceFen: bigint('list_price_fen', { mode: 'number' }).notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    listPriceMinor: bigint('list_price_minor', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    nwG: integer('nw_g'),
    gwG: integer('gw_g'),
    volumeCm3: integer('volume_cm3'),
    volumeWeightG: integer('volume_weight_g'),
    /** Pieces packed and their unit price (minor units of the order's currency), when staff changed them. */
    actualQuantity: integer('actual_quantity'),
    actualUnitPriceMinor: bigint('actual_unit_price_minor', { mode: 'number' }),
    /** The quantity break the line was sold at (null: the base price). */
    tierMinQuantity: integer('tier_min_quantity'),
    /** Pieces this line holds in stock (reserved when placed; 0 once released or shipped). */
    stockReserved: integer('stock_reserved').notNull().default(0),
    /** Pieces that left the warehouse with the order (set when it goes outbound; null before). */
    shippedQuantity: integer('shipped_quantity'),
    /** Pieces credit notes took off the order (returns): no longer charged. */
    creditedQuantity: integer('credited_quantity').notNull().default(0),
    /** Pieces the warehouse received back (added to stock). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_user_idx').on(t.userId, t.orderId, t.position),
    index('order_items_item_idx').on(t.itemId, t.orderId),
    check('order_items_amount_check', sql`quantity >= 1 and amount_fen = unit_price_fen * quantity and amount_minor = unit_price_minor * quantity`),
    check(
      'order_items_pieces_check',
      sql`credited_quantity >= 0 and returned_quantity >= 0 and stock_reserved >= 0 and returned_quantity <= coalesce(shipped_quantity, 0)`,
    ),
  ],
);

/** What happened to an order, oldest first: creation, status, logistics and tracking changes. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** lineAdded / lineRemoved: to_value is the line as JSON (names, type names, pieces; docs/orders.md, Editing an order before it leaves). */
    type: text('type', { enum: ['created', 'status', 'logistics', 'tracking', 'lineAdded', 'lineRemoved'] }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** buyer, staff or system. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Payments received and refunds given for an order, as staff (or PayPal's capture) recorded them. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    /** Minor units of `currency`, as received. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    /** The same in minor units of the order's currency, at the order's exchange rate. */
    orderAmountMinor: bigint('order_amount_minor', { mode: 'number' }).notNull(),
    method: text('method').$type<TPaymentRecordMethod>().notNull(),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** The staff member who recorded it (null: recorded by the system, e.g. a PayPal capture). */
    recordedBy: bigint('recorded_by', { mode: 'number' }),
    /** The provider's id for it (a PayPal capture or refund id): the same one is never recorded twice. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_payments_external_key').on(t.method, t.externalId),
    check('order_payments_amount_check', sql`amount_minor > 0 and order_amount_minor > 0`),
  ],
);

/**
 * Credit notes: what a return or a goodwill reduction took off an order (lines at the price charged
 * and/or an amount), with the reason the buyer sees, who issued it and when. Never edited; the
 * order's credited_minor is their sum.
 */
export const orderCredits = pgTable(
  'order_credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The credit note's number within the order (CN-{order}-{seq}). */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['return', 'goodwill'] }).notNull(),
    /** The after-sales request it answers (an approved return), if any. */
    requestId: bigint('request_id', { mode: 'number' }),
    /** Minor units of the order's currency: the lines' amounts plus `extra_minor`. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    extraMinor: bigint('extra_minor', { mode: 'number' }).notNull().default(0),
    /** [{lineId, quantity, unitPriceMinor, amountMinor}] */
    lines: jsonb('lines')
      .$type<{ lineId: number; quantity: number; unitPriceMinor: number; amountMinor: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reason: text('reason').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_credits_order_seq_key').on(t.orderId, t.seq),
    check('order_credits_amount_check', sql`amount_minor > 0 and extra_minor >= 0 and extra_minor <= amount_minor`),
  ],
);

/**
 * Staff notes on an order: `note` is internal (staff only); `message` is for the buyer (e-mailed
 * and shown on the buyer's order page). Never edited; the author's name is copied.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'message'] }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

/**
 * After-sales requests from the buyer: cancel (before outbound) or return (within the policy's
 * days after delivery), with a reason and photos (stored image names). Staff approve or refuse;
 * at most one open request per order.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['cancel', 'return'] }).notNull(),
    reason: text('reason').notNull(),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['open', 'approved', 'refused'] })
      .notNull()
      .default('open'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_requests_order_idx').on(t.orderId, t.id),
    index('order_requests_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('order_requests_open_key')
      .on(t.orderId)
      .where(sql`status = 'open'`),
  ],
);

/** PayPal orders (Orders v2) created for our orders; the capture is recorded as an order payment. */
export const paypalOrders = pgTable(
  'paypal_orders',
  {
    paypalOrderId: text('paypal_order_id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Minor units of `currency`, as asked of PayPal. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    /** PayPal's status (CREATED, APPROVED, COMPLETED ...), or ours: CAPTURING (a capture is under way), VOIDED (replaced or not captured). */
    status: text('status').notNull(),
    /** Where the buyer approves it (a second checkout of the same amount goes there again). */
    approveUrl: text('approve_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paypal_orders_order_idx').on(t.orderId, t.createdAt),
    // One open PayPal order per shop order: a second tab reuses it, a changed balance voids it first.
    uniqueIndex('paypal_orders_open_key')
      .on(t.orderId)
      .where(sql`status in ('CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'CAPTURING')`),
  ],
);
