import { createHash } from 'node:crypto';
import { chargeableWeightG, convertMinor, type TCurrency, type TLocale, type TOrderCreate } from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import { usdCentsToFen, type OrderTotals } from '../shipping/shipping.quote.js';
import { actualTotals } from './orders.money.js';
import type { CatalogQuery } from '../catalog/catalog.module.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { DraftLine, OrderPlacing, PricedDraft } from './orders.place.js';

/** What placing a quoted order needs (a part of the orders service's own deps). */
export interface QuotedDeps {
  shipping: Pick<ShippingService, 'resolve' | 'payment'>;
  catalog: Pick<CatalogQuery, 'itemsForPricing' | 'exchangeRate'>;
  placing: OrderPlacing;
}

/**
 * The orders module's seam for quotes (docs/orders.md, Quotes): "these lines at these prices, this
 * freight" become an order through the one placement (orders.place.ts: the same row, lines
 * snapshot, stock reserved in the transaction, the "order placed" mail through the outbox), priced
 * by the quote instead of the catalog. The quote's Idempotency-Key (quote-{id}) makes it one order.
 *
 * prepare (outside any transaction: the catalog and rate tables cannot be read inside a PGlite
 * transaction) -> place (the order written inside the transaction holding the quote row's lock).
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

/** Both ledgers of a quoted amount: minor units of the currency, and fen at the order's rate. */
const toFen = (minor: number, currency: TCurrency, rate: number) => (currency === 'CNY' ? minor : usdCentsToFen(minor, rate));

export function createQuotedPlacement(deps: QuotedDeps) {
  return {
    /** The order's draft, from the quote's prices and today's product facts. 400 when a product is gone or a choice is unknown. */
    async prepare(userId: number, choices: QuotedChoices, quoted: QuotedOrder, locale: TLocale): Promise<PricedDraft> {
      const resolved = await deps.shipping.resolve(choices.expressMethod, choices.deliveryRegionId, locale);
      const payment = await deps.shipping.payment(choices.payMethod);
      const [items, rate] = await Promise.all([deps.catalog.itemsForPricing([...new Set(quoted.lines.map((l) => l.itemId))]), deps.catalog.exchangeRate()]);
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
      const lines = rows.map(({ line, item }): DraftLine => {
        const unitPriceFen = toFen(line.unitPriceMinor, currency, rate);
        const listPriceMinor = convertMinor(item.listPriceFen, currency, rate);
        const prices = {
          // The quoted price is the list price's stand-in when the list is lower (no negative discount).
          listPriceFen: Math.max(item.listPriceFen, unitPriceFen),
          unitPriceFen,
          amountFen: unitPriceFen * line.quantity,
          listPriceMinor: Math.max(listPriceMinor, line.unitPriceMinor),
          unitPriceMinor: line.unitPriceMinor,
          amountMinor: line.unitPriceMinor * line.quantity,
        };
        return { item, typeCode: line.typeCode, quantity: line.quantity, prices };
      });
      const m2 = (minorValue: number, fenValue: number) => ({ minor: minorValue, fen: fenValue });
      const listMinor = lines.reduce((a, l) => a + l.prices.listPriceMinor * l.quantity, 0);
      const listFen = lines.reduce((a, l) => a + l.prices.listPriceFen * l.quantity, 0);
      const weights = { nw: 0, gw: 0, volume: 0, vw: 0 };
      for (const { line, item } of rows) {
        weights.nw += (item.nwG ?? 0) * line.quantity;
        weights.gw += (item.gwG ?? item.nwG ?? 0) * line.quantity;
        weights.volume += (item.volumeCm3 ?? 0) * line.quantity;
        weights.vw += (item.volumeWeightG ?? 0) * line.quantity;
      }
      // The quote's totals as the shipping quote states them, so the order row is made as checkout's
      // (orders.place.ts, orderRowOf): no free-shipping threshold, the quoted freight charged.
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
      return {
        source: { kind: 'quote' },
        buyerId: userId,
        key: quoted.key,
        hash,
        currency,
        rate,
        quote: { ...resolved, payment, totals },
        address: choices,
        lines,
        locale,
      };
    },

    /**
     * Places the order (orders.place.ts): `within` opens the transaction holding the quote row's
     * lock and calls `write` there; the same key again answers its order (replayed).
     */
    place: deps.placing.place.bind(deps.placing),
  };
}
export type QuotedPlacementService = ReturnType<typeof createQuotedPlacement>;
