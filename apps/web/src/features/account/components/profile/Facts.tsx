import type { ReactNode } from 'react';

/** Label / value rows; an empty value shows a dash. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="divide-y divide-gray-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[7rem_1fr] gap-2 py-2.5 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-500">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
