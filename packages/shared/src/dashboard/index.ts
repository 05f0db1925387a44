import { z } from 'zod';

/** The longest range the dashboard answers, in days (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** The range the dashboard shows when none is asked for, in days ending today. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The range presets of the dashboard screen, in days ending today. */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;
/** How many products and brands the dashboard ranks. */
export const DASHBOARD_TOP = 10;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** A shop day (UTC+8, as the order queue's range) as YYYY-MM-DD. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.pattern')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'v.pattern');

/** Days from `from` to `to`, both counted. */
export const dashboardDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The shop's day (UTC+8) of a time, as YYYY-MM-DD. */
export const shopDayOf = (at: Date | number) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A shop day `days` after (or before, negative) another. */
export const addShopDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * GET /api/admin/dashboard. from/to: shop days (UTC+8), both counted; by default the last 30 days
 * ending today; at most 366 days; `to` not before `from`.
 */
export const ZDashboardQuery = z
  .object({
    from: z.preprocess(blank, day.optional()),
    to: z.preprocess(blank, day.optional()),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = dashboardDays(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.rangeOrder' });
    else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateRangeMax' });
  });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/** An amount (major units) in each currency the shop sells in; never added across currencies. */
const ZByCurrency = z.object({ CNY: z.number(), USD: z.number() });
export type TByCurrency = z.infer<typeof ZByCurrency>;
const ZCountByCurrency = z.object({ CNY: z.number().int(), USD: z.number().int() });

export const ZDashboardDay = z.object({
  day: z.string(),
  /** Orders placed that day (cancelled ones too). */
  orders: ZCountByCurrency,
  /** What those orders charge (orders.money: owed = charged less credit notes, 0 once cancelled). */
  revenue: ZByCurrency,
  /** Buyers whose first order ever was placed that day. */
  newBuyers: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

/** Orders not cancelled, split by whether anything is left to pay: counts and what they owe. */
export const ZDashboardPayment = z.object({
  /** Nothing left to pay (paid, refund due, refunded). */
  paid: z.object({ orders: ZCountByCurrency, amount: ZByCurrency }),
  /** Something left to pay (unpaid, partially paid): `toPay` is what is still owed. */
  unpaid: z.object({ orders: ZCountByCurrency, amount: ZByCurrency, toPay: ZByCurrency }),
});

export const ZDashboardProduct = z.object({
  itemId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** Pieces charged (packed, else ordered) on orders not cancelled. */
  units: z.number().int(),
  /** Those pieces at the price charged, per currency. */
  revenue: ZByCurrency,
});
export const ZDashboardBrand = z.object({ nameZh: z.string(), nameEn: z.string(), units: z.number().int(), revenue: ZByCurrency });

export const ZDashboardLowStyle = z.object({
  itemId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The style ('' code: the product has none). */
  code: z.string(),
  zh: z.string(),
  en: z.string(),
  available: z.number().int(),
  lowStockAt: z.number().int(),
});

export const ZDashboard = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ZDashboardDay),
  totals: z.object({
    orders: ZCountByCurrency,
    revenue: ZByCurrency,
    /** What buyers paid less what was refunded to them. */
    received: ZByCurrency,
    newBuyers: z.number().int(),
  }),
  payment: ZDashboardPayment,
  /** The 10 products with the most pieces sold, then the most revenue. */
  topProducts: z.array(ZDashboardProduct),
  /** The 10 brands with the most pieces sold. */
  topBrands: z.array(ZDashboardBrand),
  /** Now, whatever the range: products on sale in the low stock state (the stock screen's "low"), and their low styles (up to 20). */
  lowStock: z.object({ products: z.number().int(), styles: z.array(ZDashboardLowStyle) }),
  /** Now: after-sales requests waiting for a decision. */
  openRequests: z.number().int(),
  /** Now: chat conversations waiting for an agent and being served. */
  chat: z.object({ waiting: z.number().int(), serving: z.number().int() }),
});
export type TDashboard = z.infer<typeof ZDashboard>;
