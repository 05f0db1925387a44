import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { pageItems } from '../lib/pagination';

/**
 * Previous / next and up to 5 page buttons with ellipsis plus the first and last page (spec
 * section 2). Nothing when there is one page. `hasMore` keeps "next" on past the last counted
 * page of a capped search (2000+).
 */
export function Pagination({ page, total, onPage, hasMore = false, className }: { page: number; total: number; onPage: (page: number) => void; hasMore?: boolean; className?: string }) {
  const { t } = useTranslation('catalog');
  const last = Math.max(total, page);
  if (last <= 1 && !hasMore) return null;
  const items = pageItems(page, last);
  const base = 'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm tabular-nums';
  const canNext = page < last || hasMore;
  return (
    <nav aria-label={t('pagination.label')} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button type="button" className={cn(base, 'gap-1 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40')} onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
          </button>
        </li>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`gap-${item.key}`} aria-hidden="true" className="px-1 text-gray-400">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                onClick={() => onPage(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item.page })}
                className={cn(base, item.page === page ? 'bg-brand-600 font-semibold text-white' : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50')}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={cn(base, 'gap-1 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40')} onClick={() => onPage(page + 1)} disabled={!canNext}>
            <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
