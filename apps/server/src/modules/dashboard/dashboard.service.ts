import {
  addShopDays,
  dashboardDays,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_TOP,
  minorToMajor,
  shopDayOf,
  type TByCurrency,
  type TDashboard,
  type TDashboardQuery,
} from '@cubeshop/shared';
import { LoadingCache } from '../../lib/cache.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { invalidField } from '../../lib/app-error.js';
import type { OrdersSales, SalesRank } from '../orders/orders.sales.js';

export interface DashboardDeps {
  /** The orders placed in a range, summed (the orders module). */
  sales: Pick<OrdersSales, 'figures'>;
  /** Products on sale in the low state and their styles (the stock module's stock screen, filtered to "low"). */
  lowStock: () => Promise<TDashboard['lowStock']>;
  /** After-sales requests waiting for a decision (the after-sales module). */
  openRequests: () => Promise<number>;
  /** Chat conversations waiting for an agent and being served (the chat module). */
  chatLoad: () => Promise<TDashboard['chat']>;
  /** Orders placed or changed on any instance: the cached answers are dropped. */
  events: Pick<ClusterEvents, 'on'>;
  /** How long one range's sums and the waiting figures count as fresh (default 5 s; older sums are answered while they reload). */
  ttlMs?: number;
  now?: () => number;
}

const zero = (): TByCurrency => ({ CNY: 0, USD: 0 });
const major = (m: TByCurrency): TByCurrency => ({ CNY: minorToMajor(m.CNY), USD: minorToMajor(m.USD) });
type Waiting = Pick<TDashboard, 'lowStock' | 'openRequests' | 'chat'>;
type SalesPart = Omit<TDashboard, keyof Waiting>;
const ranked = (r: SalesRank) => ({
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  units: r.units,
  revenue: { CNY: minorToMajor(r.cnyMinor), USD: minorToMajor(r.usdMinor) },
});

/**
 * The sales dashboard (GET /api/admin/dashboard, dashboard.read: owner, sales): orders, revenue
 * and new buyers per shop day (UTC+8) in each currency, paid against unpaid, the best-selling
 * products and brands, and what waits now (low stock, open after-sales requests, the chat queue).
 * It owns no table: every figure comes from the module that owns it, through its service. One
 * range's sums are reused (and reloaded in the background when a few seconds old) and dropped when
 * an order is placed or changed.
 */
export function createDashboardService(deps: DashboardDeps) {
  const now = deps.now ?? Date.now;
  // The sales figures (sums over every order of the range: the costly part) change only when an
  // order is placed or changed, which clears them on every instance ('orders.changed'); past their
  // few seconds they are still answered while one reload runs in the background, so no reader waits
  // for the sums (docs/orders.md, Sales dashboard). What waits now (low stock, requests, chat) is
  // read again after the same few seconds the same way: one read in the background, shared.
  const ttlMs = deps.ttlMs ?? 5_000;
  const salesCache = new LoadingCache<SalesPart>({ ttlMs, maxEntries: 200, staleWhileRevalidate: true, now });
  const waitingCache = new LoadingCache<Waiting>({ ttlMs, maxEntries: 1, staleWhileRevalidate: true, now });
  // The last answer of each range's sums while what waits has not changed: one object, so the
  // route serializes it once (a busy dashboard answers the same object until either part reloads).
  const answers = new WeakMap<SalesPart, { waiting: Waiting; answer: TDashboard }>();
  deps.events.on('orders.changed', () => {
    salesCache.clear();
    waitingCache.clear();
  });

  /** The range asked for, with the defaults: to today, from 30 days before it (both counted). */
  function rangeOf(q: TDashboardQuery): { from: string; to: string } {
    const to = q.to ?? (q.from ? addShopDays(q.from, DASHBOARD_DEFAULT_DAYS - 1) : shopDayOf(now()));
    const from = q.from ?? addShopDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
    const days = dashboardDays(from, to);
    if (days < 1) throw invalidField('to', 'v.rangeOrder');
    if (days > DASHBOARD_MAX_DAYS) throw invalidField('to', 'v.dateRangeMax');
    return { from, to };
  }

  /** One range's sums laid out per day and per side, once per load of the figures. */
  async function salesOf(from: string, to: string): Promise<SalesPart> {
    const range = { start: new Date(`${from}T00:00:00+08:00`), end: new Date(`${addShopDays(to, 1)}T00:00:00+08:00`) };
    const figures = await deps.sales.figures(range, DASHBOARD_TOP);
    const count = dashboardDays(from, to);
    const days = Array.from({ length: count }, (_, i) => {
      const day = addShopDays(from, i);
      return { day, orders: zero(), revenue: zero(), newBuyers: figures.newBuyers.get(day) ?? 0 };
    });
    const index = new Map(days.map((d, i) => [d.day, i]));
    const totals = { orders: zero(), revenue: zero(), received: zero() };
    const paid = { orders: zero(), amount: zero() };
    const unpaid = { orders: zero(), amount: zero(), toPay: zero() };
    for (const b of figures.buckets) {
      const c = b.currency;
      const d = days[index.get(b.day) ?? -1];
      if (d) {
        d.orders[c] += b.orders;
        d.revenue[c] += b.owedMinor;
      }
      totals.orders[c] += b.orders;
      totals.revenue[c] += b.owedMinor;
      totals.received[c] += b.receivedMinor;
      if (b.cancelled) continue;
      const side = b.settled ? paid : unpaid;
      side.orders[c] += b.orders;
      side.amount[c] += b.owedMinor;
      if (!b.settled) unpaid.toPay[c] += b.toPayMinor;
    }
    for (const d of days) d.revenue = major(d.revenue);
    return {
      from,
      to,
      days,
      totals: { orders: totals.orders, revenue: major(totals.revenue), received: major(totals.received), newBuyers: days.reduce((n, d) => n + d.newBuyers, 0) },
      payment: {
        paid: { orders: paid.orders, amount: major(paid.amount) },
        unpaid: { orders: unpaid.orders, amount: major(unpaid.amount), toPay: major(unpaid.toPay) },
      },
      topProducts: figures.topProducts.map((r) => ({ itemId: r.itemId, ...ranked(r) })),
      topBrands: figures.topBrands.map(ranked),
    };
  }

  async function compute(from: string, to: string): Promise<TDashboard> {
    const [sales, waiting] = await Promise.all([
      salesCache.get(`${from}/${to}`, () => salesOf(from, to)),
      waitingCache.get('now', async () => {
        const [lowStock, openRequests, chat] = await Promise.all([deps.lowStock(), deps.openRequests(), deps.chatLoad()]);
        return { lowStock, openRequests, chat };
      }),
    ]);
    const last = answers.get(sales);
    if (last?.waiting === waiting) return last.answer;
    const answer: TDashboard = { ...sales, ...waiting };
    answers.set(sales, { waiting, answer });
    return answer;
  }

  return {
    /** The dashboard for a range of shop days (400 when `to` is before `from` or it spans more than 366 days). */
    get(q: TDashboardQuery): Promise<TDashboard> {
      const { from, to } = rangeOf(q);
      return compute(from, to);
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
