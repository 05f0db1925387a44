import { createHash } from 'node:crypto';
import { chargeableWeightG, convertMinor, type TCurrency, type TLocale, type TOrderCreate } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { usdCentsToFen, type OrderTotals } from '../shipping/shipping.quote.js';
import { orderRowOf } from './orders.draft.js';
import { lineSnapshot } from './orders.mapper.js';
import { actualTotals } from './orders.money.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { CatalogQuery } from '../catalog/catalog.module.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { StockService } from '../stock/stock.service.js';
import type { BuyerContact, OrderNotifier } from './orders.notify.js';
import type { OrderReaderDeps } from './orders.read.js';
import type { NewOrderItemRow, NewOrderRow, OrdersRepository } from './orders.repository.js';
import type { StockMoved } from './orders.stock.js';

/** What placing a quoted order needs (a part of the orders service's own deps). */
export interface QuotedDeps {
  shipping: Pick<ShippingService, 'resolve' | 'payment'>;
  catalog: Pick<CatalogQuery, 'itemsForPricing' | 'exchangeRate'>;
  notifier: OrderNotifier;
  paymentInstructions: OrderReaderDeps['paymentInstructions'];
  stock: Pick<StockService, 'reserve'>;
  stockMoved: StockMoved;
  events: Pick<ClusterEvents, 'publish'>;
}

/**
 * The orders module's seam for quotes (docs/orders.md, Quotes): "these lines at these prices, this
 * freight" become an order by the same path as checkout (the same row, lines snapshot, stock
 * reserved in the caller's transaction, the "order placed" mail through the outbox), priced by
 * the quote instead of the catalog. The quote's Idempotency-Key (quote-{id}) makes it one order.
 *
 * prepare (outside any transaction: the catalog and rate tables cannot be read inside a PGlite
 * transaction) -> insert (inside the caller's transaction, with the quote row locked) -> announce
 * (after the commit).
 */

export interface QuotedLine {
  itemId: number;
  typeCode: string;
  quantity: number;
  /** Minor units of the quote's currency. */
  unitPriceMinor: number;
}

export interface QuotedOrder {
  /** The order's Idempotency-Key: one order per key and buyer. */
  key: string;
  currency: TCurrency;
  lines: readonly QuotedLine[];
  freightMinor: number;
}

export type QuotedChoices = Omit<TOrderCreate, 'cartItemIds'>;

export interface QuotedPlacement {
  userId: number;
  order: NewOrderRow;
  lines: NewOrderItemRow[];
  reserve: { itemId: number; typeCode: string; quantity: number; preorder: boolean; nameZh: string; nameEn: string }[];
  contact: BuyerContact | undefined;
  instructions: Awaited<ReturnType<QuotedDeps['paymentInstructions']>> | undefined;
  locale: TLocale;
}

/** Both ledgers of a quoted amount: minor units of the currency, and fen at the order's rate. */
const toFen = (minor: number, currency: TCurrency, rate: number) => (currency === 'CNY' ? minor : usdCentsToFen(minor, rate));

export function createQuotedPlacement(repo: OrdersRepository, deps: QuotedDeps) {
  return {
    /** The order already placed with this key (a second acceptance answers it). */
    async existing(userId: number, key: string, tx?: Db): Promise<number | undefined> {
      return (await repo.findByKey(tx, userId, key))?.id;
    },

    /** Everything the order stores, from the quote's prices and today's product facts. 400 when a product is gone or a choice is unknown. */
    async prepare(userId: number, choices: QuotedChoices, quoted: QuotedOrder, locale: TLocale): Promise<QuotedPlacement> {
      const resolved = await deps.shipping.resolve(choices.expressMethod, choices.deliveryRegionId, locale);
      const payment = await deps.shipping.payment(choices.payMethod);
      const [items, rate, contact] = await Promise.all([
        deps.catalog.itemsForPricing([...new Set(quoted.lines.map((l) => l.itemId))]),
        deps.catalog.exchangeRate(),
        deps.notifier.contactOf(userId),
      ]);
      const instructions = contact?.email ? await deps.paymentInstructions(choices.payMethod, contact.locale) : undefined;
      const { currency } = quoted;
      const rows = quoted.lines.map((line) => {
        const item = items.get(line.itemId);
        if (!item) throw badRequest('quoteProductGone', { id: line.itemId });
        return { line, item };
      });
      // One rule for what lines and freight come to (orders.money): the quote's figures in each ledger.
      const minor = actualTotals(
        { freightMinor: quoted.freightMinor, actualFreightMinor: null, surchargeBp: payment.surchargeBp },
        rows.map(({ line }) => ({ quantity: line.quantity, actualQuantity: null, unitPriceMinor: line.unitPriceMinor, actualUnitPriceMinor: null })),
      );
      const fen = actualTotals(
        { freightMinor: toFen(quoted.freightMinor, currency, rate), actualFreightMinor: null, surchargeBp: payment.surchargeBp },
        rows.map(({ line }) => ({
          quantity: line.quantity,
          actualQuantity: null,
          unitPriceMinor: toFen(line.unitPriceMinor, currency, rate),
          actualUnitPriceMinor: null,
        })),
      );
      const lines = rows.map(({ line, item }, position): NewOrderItemRow => {
        const unitPriceFen = toFen(line.unitPriceMinor, currency, rate);
        const listPriceMinor = convertMinor(item.listPriceFen, currency, rate);
        return lineSnapshot(position, item, line.typeCode, line.quantity, {
          // The quoted price is the list price's stand-in when the list is lower (no negative discount).
          listPriceFen: Math.max(item.listPriceFen, unitPriceFen),
          unitPriceFen,
          amountFen: unitPriceFen * line.quantity,
          listPriceMinor: Math.max(listPriceMinor, line.unitPriceMinor),
          unitPriceMinor: line.unitPriceMinor,
          amountMinor: line.unitPriceMinor * line.quantity,
        });
      });
      const m2 = (minorValue: number, fenValue: number) => ({ minor: minorValue, fen: fenValue });
      const listMinor = lines.reduce((a, l) => a + l.listPriceMinor * l.quantity, 0);
      const listFen = lines.reduce((a, l) => a + l.listPriceFen * l.quantity, 0);
      const weights = { nw: 0, gw: 0, volume: 0, vw: 0 };
      for (const { line, item } of rows) {
        weights.nw += (item.nwG ?? 0) * line.quantity;
        weights.gw += (item.gwG ?? item.nwG ?? 0) * line.quantity;
        weights.volume += (item.volumeCm3 ?? 0) * line.quantity;
        weights.vw += (item.volumeWeightG ?? 0) * line.quantity;
      }
      // The quote's totals as the shipping quote states them, so the order row is made by the same
      // function as checkout's (orderRowOf): no free-shipping threshold, the quoted freight charged.
      const totals: OrderTotals = {
        currency,
        cnyPerUsd: rate,
        lines: [],
        lineCount: lines.length,
        pieceCount: minor.pieceCount,
        list: m2(listMinor, listFen),
        goods: m2(minor.goodsMinor, fen.goodsMinor),
        discount: m2(listMinor - minor.goodsMinor, listFen - fen.goodsMinor),
        totalNwG: weights.nw,
        totalGwG: weights.gw,
        totalVolumeCm3: weights.volume,
        totalVolumeWeightG: weights.vw,
        chargeableWeightG: chargeableWeightG(weights.gw, weights.vw),
        freightBase: m2(minor.freightMinor, fen.freightMinor),
        freight: m2(minor.freightMinor, fen.freightMinor),
        surcharge: m2(minor.surchargeMinor, fen.surchargeMinor),
        surchargeBp: payment.surchargeBp,
        total: m2(minor.totalMinor, fen.totalMinor),
        freeShipping: false,
        freeShippingThresholdMinor: null,
      };
      const hash = createHash('sha256').update(JSON.stringify({ quoted, choices })).digest('hex');
      const order = orderRowOf(userId, quoted.key, hash, currency, rate, { ...resolved, payment, totals }, choices);
      const reserve = rows.map(({ line, item }) => ({
        itemId: line.itemId,
        typeCode: line.typeCode,
        quantity: line.quantity,
        preorder: item.preorder,
        nameZh: item.nameZh,
        nameEn: item.nameEn,
      }));
      return { userId, order, lines, reserve, contact, instructions, locale };
    },

    /** Inside the caller's transaction: stock for every line (a shortfall refuses it all, 400), the order, the "placed" mail. */
    async insert(tx: Db, p: QuotedPlacement): Promise<number> {
      const reserved = await deps.stock.reserve(tx, p.reserve, p.locale);
      const id = await repo.insert(
        tx,
        p.order,
        p.lines.map((l, i) => ({ ...l, stockReserved: reserved[i] ?? 0 })),
        { type: 'created', fromValue: null, toValue: 'confirm', actor: 'buyer', note: null },
      );
      await deps.notifier.queue(
        tx,
        p.contact,
        'placed',
        { ...p.order, id, status: 'confirm', actualTotalMinor: null, creditedMinor: 0, paidMinor: 0, refundedMinor: 0, carrier: null, trackingNumber: null },
        { instructions: p.instructions ?? null },
      );
      return id;
    },

    /** After the commit: the catalog's stock states, the staff queue's counts, the outbox. */
    announce(p: QuotedPlacement): void {
      deps.stockMoved([...new Set(p.reserve.map((l) => l.itemId))]);
      deps.events.publish('orders.changed', { count: 1 });
      deps.notifier.sent();
    },
  };
}
export type QuotedPlacementService = ReturnType<typeof createQuotedPlacement>;
