import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { pageItems } from '../lib/pagination';

const BASE = 'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm tabular-nums';
const STEP = cn(BASE, 'gap-1 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50');

/**
 * Previous / next and up to 5 page links with ellipsis plus the first and last page (docs/requirements.md,
 * Screens). Nothing when there is one page. `hasMore` keeps "next" on past the last counted
 * page of a capped search (10,000+). Pages are real links (`hrefOf`), so they work without
 * JavaScript, open in a new tab and are followed by crawlers; the router's Link keeps a plain
 * click in the app without a jump to the top, and `onPage` is told (the list scrolls into view).
 * A step that leads nowhere (previous on page 1) is a link marked disabled.
 */
export function Pagination({
  page,
  total,
  onPage,
  hrefOf,
  hasMore = false,
  className,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  hrefOf: (page: number) => string;
  hasMore?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const last = Math.max(total, page);
  if (last <= 1 && !hasMore) return null;
  const items = pageItems(page, last);
  const canNext = page < last || hasMore;

  const link = (to: number, content: ReactNode, props: { className: string; label?: string; current?: boolean; enabled?: boolean }) => {
    if (props.enabled === false) {
      return (
        <span role="link" aria-disabled="true" aria-label={props.label} className={cn(props.className, 'cursor-not-allowed opacity-40')}>
          {content}
        </span>
      );
    }
    return (
      <Link
        to={hrefOf(to)}
        preventScrollReset
        onClick={() => onPage(to)}
        aria-label={props.label}
        aria-current={props.current ? 'page' : undefined}
        className={props.className}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav aria-label={t('pagination.label')} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {link(
            page - 1,
            <>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
            </>,
            { className: STEP, enabled: page > 1 },
          )}
        </li>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`gap-${item.key}`} aria-hidden="true" className="px-1 text-gray-400">
              …
            </li>
          ) : (
            <li key={item.page}>
              {link(item.page, item.page, {
                label: t('pagination.page', { page: item.page }),
                current: item.page === page,
                className: cn(
                  BASE,
                  item.page === page ? 'bg-brand-600 font-semibold text-white' : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
                ),
              })}
            </li>
          ),
        )}
        <li>
          {link(
            page + 1,
            <>
              <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </>,
            { className: STEP, enabled: canNext },
          )}
        </li>
      </ul>
    </nav>
  );
}
