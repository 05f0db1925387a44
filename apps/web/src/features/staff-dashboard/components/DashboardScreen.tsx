import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  addShopDays,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_PRESETS,
  dashboardDays,
  formatCount,
  formatMoney,
  shopDayOf,
  staffCan,
  type TByCurrency,
  type TDashboard,
  type TStaffRole,
} from '@cubeshop/shared';
import { QueryError } from '@/components/ui/QueryError';
import { RouteSpinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { useDashboard } from '../api/dashboard';
import { DayCharts } from './DayCharts';

const CURRENCIES = ['CNY', 'USD'] as const;
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const nameOf = (row: { nameZh: string; nameEn: string }) => (getLocale() === 'zh' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh);
/** Amounts in each currency, never added together: "¥1,234.00 · $56.00" (a currency with nothing is left out unless both are 0). */
const moneyLine = (m: TByCurrency) => {
  const parts = CURRENCIES.filter((c) => m[c] !== 0).map((c) => formatMoney(Math.round(m[c] * 100), c));
  return parts.length ? parts.join(' · ') : formatMoney(0, 'CNY');
};

function Stat({ label, value, sub }: { label: string; value: string; sub?: string | undefined }) {
  return (
    <div className="min-w-0 rounded border border-gray-200 bg-white p-3">
      <div className="text-xs text-gray-500">{label}</div>
      <div className="mt-0.5 text-lg font-semibold break-words text-ink tabular-nums">{value}</div>
      {sub ? <div className="text-xs break-words text-gray-500 tabular-nums">{sub}</div> : null}
    </div>
  );
}

function Tile({ label, lines, to, tone }: { label: string; lines: string[]; to: string | null; tone: 'warn' | 'ok' }) {
  const { t } = useTranslation('staff');
  const body = (
    <>
      <div className="text-xs text-gray-600">{label}</div>
      {lines.map((l) => (
        <div key={l} className="text-sm font-semibold text-ink">
          {l}
        </div>
      ))}
      {to ? <div className="mt-1 text-xs text-brand-700">{t('dashboard.tiles.open')} →</div> : null}
    </>
  );
  const cls = cn('block min-w-0 rounded border p-3', tone === 'warn' ? 'border-amber-300 bg-amber-50' : 'border-gray-200 bg-white');
  return to ? (
    <Link to={to} className={cn(cls, 'hover:border-brand-400')}>
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}

/** Horizontal bars of the best sellers: pieces, with the revenue in each currency under the name. */
function TopList({ title, rows }: { title: string; rows: { key: string; name: string; units: number; revenue: TByCurrency }[] }) {
  const { t } = useTranslation('staff');
  const most = Math.max(1, ...rows.map((r) => r.units));
  return (
    <section className="min-w-0 rounded border border-gray-200 bg-white p-3">
      <h2 className="mb-2 text-sm font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-500">{t('dashboard.charts.none')}</p>
      ) : (
        <ol className="space-y-2">
          {rows.map((r) => (
            <li key={r.key} className="text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate text-ink" title={r.name}>
                  {r.name}
                </span>
                <span className="shrink-0 text-xs text-gray-600 tabular-nums" aria-label={t('dashboard.charts.units')}>
                  {formatCount(r.units)}
                </span>
              </div>
              <div className="mt-0.5 h-2 rounded bg-gray-100">
                <div className="h-2 rounded bg-brand-500" style={{ width: `${Math.max(2, (r.units / most) * 100)}%` }} />
              </div>
              <div className="mt-0.5 text-xs text-gray-500 tabular-nums">{moneyLine(r.revenue)}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Paid against unpaid orders (not cancelled) per currency: counts as a split bar, amounts under it. */
function PaymentSplit({ data }: { data: TDashboard }) {
  const { t } = useTranslation('staff');
  const { paid, unpaid } = data.payment;
  return (
    <section className="min-w-0 rounded border border-gray-200 bg-white p-3 lg:col-span-2">
      <h2 className="mb-2 text-sm font-semibold text-ink">{t('dashboard.charts.payment')}</h2>
      <div className="space-y-3">
        {CURRENCIES.map((c) => {
          const all = paid.orders[c] + unpaid.orders[c];
          return (
            <div key={c} className="text-sm" data-testid={`dashboard-payment-${c}`}>
              <div className="mb-1 font-medium text-ink">{c}</div>
              <div className="flex h-3 overflow-hidden rounded bg-gray-100">
                {all > 0 ? (
                  <>
                    <div className="bg-emerald-500" style={{ width: `${(paid.orders[c] / all) * 100}%` }} />
                    <div className="bg-amber-400" style={{ width: `${(unpaid.orders[c] / all) * 100}%` }} />
                  </>
                ) : null}
              </div>
              <div className="mt-1 grid grid-cols-1 gap-x-4 text-xs text-gray-600 tabular-nums sm:grid-cols-2">
                <div>
                  <span className="mr-1 inline-block size-2 rounded-full bg-emerald-500" />
                  {t('dashboard.charts.paid')}: {t('dashboard.ordersCount', { count: paid.orders[c] })} · {formatMoney(Math.round(paid.amount[c] * 100), c)}
                </div>
                <div>
                  <span className="mr-1 inline-block size-2 rounded-full bg-amber-400" />
                  {t('dashboard.charts.unpaid')}: {t('dashboard.ordersCount', { count: unpaid.orders[c] })} ·{' '}
                  {t('dashboard.charts.toPay', { amount: formatMoney(Math.round(unpaid.toPay[c] * 100), c) })}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The range picker: presets of 7, 30 and 90 days ending today, or two days of one's own (kept in the URL). */
function RangePicker({ from, to, today, onChange }: { from: string; to: string; today: string; onChange: (from: string, to: string) => void }) {
  const { t } = useTranslation('staff');
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label={t('dashboard.range.label')}>
      {DASHBOARD_PRESETS.map((n) => {
        const active = to === today && dashboardDays(from, to) === n;
        return (
          <button
            key={n}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(addShopDays(today, -(n - 1)), today)}
            className={cn(
              'rounded border px-2.5 py-1.5 text-sm',
              active ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
            )}
          >
            {t('dashboard.range.preset', { count: n })}
          </button>
        );
      })}
      <label className="text-xs text-gray-600">
        <span className="block">{t('dashboard.range.from')}</span>
        <input
          type="date"
          value={from}
          max={to}
          onChange={(e) => isDay(e.target.value) && onChange(e.target.value, to)}
          className="rounded border border-gray-300 px-2 py-1 text-sm"
        />
      </label>
      <label className="text-xs text-gray-600">
        <span className="block">{t('dashboard.range.to')}</span>
        <input
          type="date"
          value={to}
          min={from}
          onChange={(e) => isDay(e.target.value) && onChange(from, e.target.value)}
          className="rounded border border-gray-300 px-2 py-1 text-sm"
        />
      </label>
    </div>
  );
}

/**
 * The sales dashboard (/admin/dashboard; owner and sales, capability dashboard.read), the first
 * screen of the back office for them: orders, revenue and new buyers per shop day (UTC+8) in each
 * currency, paid against unpaid, the best-selling products and brands, and tiles for what waits
 * (low stock, after-sales requests, the chat queue) linking to their screens.
 */
export function DashboardScreen({ role }: { role: TStaffRole }) {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const today = shopDayOf(Date.now());
  const to = isDay(params.get('to')) ? params.get('to')! : today;
  const from = isDay(params.get('from')) ? params.get('from')! : addShopDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  const query = useDashboard(from, to);
  const data = query.data;
  const change = (f: string, tt: string) => setParams({ from: f, to: tt }, { replace: true });
  const empty = data && data.totals.orders.CNY + data.totals.orders.USD === 0;

  return (
    <div className="mx-auto max-w-7xl space-y-3" data-testid="dashboard">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-lg font-semibold text-ink">{t('dashboard.title')}</h1>
          <p className="text-xs text-gray-500">{t('dashboard.range.shown', { from, to })}</p>
        </div>
        <RangePicker from={from} to={to} today={today} onChange={change} />
      </div>
      {query.isError && !data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} message={t('dashboard.error')} />
      ) : !data ? (
        <RouteSpinner label={t('dashboard.loading')} />
      ) : (
        <div className={cn('space-y-3', query.isFetching && 'opacity-70')} aria-busy={query.isFetching}>
          <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            <Stat
              label={t('dashboard.totals.orders')}
              value={formatCount(data.totals.orders.CNY + data.totals.orders.USD)}
              sub={CURRENCIES.map((c) => `${c} ${formatCount(data.totals.orders[c])}`).join(' · ')}
            />
            <Stat label={t('dashboard.totals.revenue')} value={moneyLine(data.totals.revenue)} />
            <Stat label={t('dashboard.totals.received')} value={moneyLine(data.totals.received)} />
            <Stat label={t('dashboard.totals.newBuyers')} value={formatCount(data.totals.newBuyers)} />
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Tile
              label={t('dashboard.tiles.lowStock')}
              lines={[t('dashboard.tiles.lowStockProducts', { count: data.lowStock.products })]}
              to={staffCan(role, 'stock.manage') ? '/admin/stock?stockStatus=low' : null}
              tone={data.lowStock.products > 0 ? 'warn' : 'ok'}
            />
            <Tile
              label={t('dashboard.tiles.requests')}
              lines={[t('dashboard.tiles.openRequests', { count: data.openRequests })]}
              to={staffCan(role, 'orders.sell') ? '/admin/requests' : null}
              tone={data.openRequests > 0 ? 'warn' : 'ok'}
            />
            <Tile
              label={t('dashboard.tiles.chat')}
              lines={[t('dashboard.tiles.chatWaiting', { count: data.chat.waiting }), t('dashboard.tiles.chatServing', { count: data.chat.serving })]}
              to={staffCan(role, 'chat') ? '/admin/customer-service' : null}
              tone={data.chat.waiting > 0 ? 'warn' : 'ok'}
            />
          </div>
          {empty ? (
            <p className="rounded border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600" data-testid="dashboard-empty">
              {t('dashboard.empty')}
            </p>
          ) : (
            <>
              <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
                <DayCharts data={data} />
                <PaymentSplit data={data} />
              </div>
              <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
                <TopList
                  title={t('dashboard.charts.topProducts')}
                  rows={data.topProducts.map((p) => ({ key: String(p.itemId), name: nameOf(p), units: p.units, revenue: p.revenue }))}
                />
                <TopList
                  title={t('dashboard.charts.topBrands')}
                  rows={data.topBrands.map((b) => ({ key: b.nameEn, name: nameOf(b), units: b.units, revenue: b.revenue }))}
                />
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
