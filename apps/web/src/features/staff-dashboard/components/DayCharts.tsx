import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMoney, type TCurrency, type TDashboard } from '@cubeshop/shared';

// The dashboard's charts over days (recharts: only in this lazily loaded screen's chunk).

const COLORS: Record<TCurrency, string> = { CNY: '#dc2626', USD: '#2563eb' };
const dayLabel = (day: string) => day.slice(5);
const axis = { fontSize: 11, fill: '#6b7280' };

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded border border-gray-200 bg-white p-3">
      <h2 className="mb-2 text-sm font-semibold text-ink">{title}</h2>
      <div className="h-52 w-full">{children}</div>
    </section>
  );
}

/** Orders per day (a bar per currency), revenue per day in each currency (its own scale), new buyers per day. */
export function DayCharts({ data }: { data: TDashboard }) {
  const { t } = useTranslation('staff');
  const rows = data.days.map((d) => ({
    day: d.day,
    CNY: d.orders.CNY,
    USD: d.orders.USD,
    revCNY: d.revenue.CNY,
    revUSD: d.revenue.USD,
    newBuyers: d.newBuyers,
  }));
  const count = (v: unknown) => formatCount(Number(v));
  return (
    <>
      <ChartCard title={t('dashboard.charts.orders')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={axis} minTickGap={12} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip formatter={count} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {(['CNY', 'USD'] as const).map((c) => (
              <Bar key={c} dataKey={c} name={c} stackId="orders" fill={COLORS[c]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      {(['CNY', 'USD'] as const).map((c) => (
        <ChartCard key={c} title={t('dashboard.charts.revenue', { currency: c })}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayLabel} tick={axis} minTickGap={12} />
              <YAxis tick={axis} tickFormatter={(v: number) => formatCount(v)} width={56} />
              <Tooltip formatter={(v) => formatMoney(Math.round(Number(v) * 100), c)} />
              <Line dataKey={`rev${c}`} name={c} stroke={COLORS[c]} dot={false} strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      ))}
      <ChartCard title={t('dashboard.charts.newBuyers')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={axis} minTickGap={12} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip formatter={count} />
            <Bar dataKey="newBuyers" name={t('dashboard.totals.newBuyers')} fill="#059669" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </>
  );
}
