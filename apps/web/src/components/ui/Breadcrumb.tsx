import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type BreadcrumbItem = { label: ReactNode; to?: string; key?: string | number };

const step = 'flex items-center gap-1 after:text-gray-300 after:content-["/"] last:after:content-none';

/**
 * A trail of links ending in the current page (not a link, `aria-current="page"`). `tail`
 * replaces the current page while it is still loading (a skeleton, for example).
 */
export function Breadcrumb({ label, items, tail }: { label: string; items: BreadcrumbItem[]; tail?: ReactNode }) {
  const last = tail === undefined ? items.length - 1 : items.length;
  return (
    <nav aria-label={label} className="text-sm text-gray-500">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) =>
          i === last ? (
            <li key={item.key ?? i} className="min-w-0 truncate text-gray-700" aria-current="page">
              {item.label}
            </li>
          ) : (
            <li key={item.key ?? i} className={step}>
              {item.to ? (
                <Link to={item.to} className="hover:text-brand-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                item.label
              )}
            </li>
          ),
        )}
        {tail === undefined ? null : <li className={step}>{tail}</li>}
      </ol>
    </nav>
  );
}
