export interface Stat {
  value: string;
  label: string;
}

/** Key figures as a responsive grid: two columns on phones, up to four on wide screens. */
export function StatGrid({ stats, label }: { stats: Stat[]; label?: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col rounded-lg border border-brand-100 bg-brand-50/60 px-4 py-3">
          <dt className="order-2 text-sm leading-snug text-gray-600">{stat.label}</dt>
          <dd className="order-1 text-2xl font-bold text-brand-700 sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
