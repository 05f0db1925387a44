import { Suspense, useId, useMemo, useRef, type ReactNode } from 'react';
import { PackageSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { QueryError } from '@/components/ui/QueryError';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@cubeshop/shared';
import { useProgressiveList } from '@/lib/progressive';
import { useItems, type TItemSource } from '../api/get-items';
import { useSuppliers } from '../api/get-suppliers';
import type { TProductSummary, TSupplier } from '../api/types';
import {
  clearedFilters,
  filtersFromSearch,
  hasActiveFilters,
  searchFromFilters,
  sortsFor,
  withChange,
  type TItemFilters,
  type TItemSort,
} from '../lib/filters';
import { totalPages } from '../lib/pagination';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';
import { ProductFilters } from './ProductFilters';

const SORT_KEYS: Record<TItemSort, string> = {
  relevance: 'panel.sortRelevance',
  newest: 'panel.sortNewest',
  priceAsc: 'panel.sortPriceAsc',
  priceDesc: 'panel.sortPriceDesc',
};
const GRID = 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 xl:grid-cols-4';

const MARK = '\u2063';

/** "共找到 2000+ 件商品" / "2,000+ products found" with the number in bold. */
function FoundCount({ text, total }: { text: string; total: string }) {
  const [before = '', after = ''] = text.split(MARK);
  return (
    <>
      {before}
      <strong className="font-semibold text-ink tabular-nums">{total}</strong>
      {after}
    </>
  );
}

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The product panel (docs/requirements.md, Screens): search and filters, the found count and sort, the grid with
 * loading, error-with-retry and empty states, and pagination. The filters live in the URL
 * (?keyword=&brand=&min=&max=&sort=&page=), so reload, back and shared links keep the view. Any
 * change goes back to page 1 (a page change excepted) and scrolls to the list. With `searchPage`
 * (home), a keyword search opens the search page with the same filters instead, so its results
 * have their own URL and title.
 */
/** What a page may show above the panel's form, with the panel's brand filter (the category page's brand strip). */
export interface PanelSlotProps {
  suppliers: readonly TSupplier[];
  selected: number | undefined;
  onToggle: (id: number) => void;
}

/** Cards in the server's HTML and the first render: the first screens on any device (lib/progressive.ts). */
const FIRST_CARDS = 16;
/** Cards added per step after that: each step's commit stays a short task on a slow phone. */
const MORE_CARDS = 12;
const NO_PRODUCTS: readonly TProductSummary[] = [];

export function ProductPanel({
  source,
  top,
  searchPage,
  title,
}: {
  source: TItemSource;
  top?: (props: PanelSlotProps) => ReactNode;
  searchPage?: string;
  /** A visible heading for the panel; without it the panel's heading is for screen readers only. */
  title?: string;
}) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const listRef = useRef<HTMLDivElement>(null);

  const categoryId = source.kind === 'category' ? source.categoryId : undefined;
  const suppliers = useSuppliers(categoryId);
  const items = useItems(source, filters);

  const go = (next: TItemFilters) => {
    if (searchPage && next.keyword) {
      void navigate(`${searchPage}?${searchFromFilters(next).toString()}`);
      return;
    }
    setSearchParams(searchFromFilters(next, searchParams), { preventScrollReset: true });
    scrollToList();
  };
  const scrollToList = () => listRef.current?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const reset = () => go(clearedFilters(filters));
  const pageHref = (search: URLSearchParams) => {
    const query = search.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const toggleSupplier = (id: number) => go(withChange(filters, { supplierId: filters.supplierId === id ? undefined : id }));

  const supplierList = suppliers.data ?? [];
  const active = hasActiveFilters(filters);
  const data = items.data;
  const shown = useProgressiveList(data?.data ?? NO_PRODUCTS, FIRST_CARDS, MORE_CARDS);
  const perPage = data?.pager.recPerPage ?? 120;
  const pages = data ? totalPages(data.pager.recTotal, perPage) : 1;
  const capped = Boolean(data?.pager.recTotalCapped);
  const total = data ? `${formatCount(data.pager.recTotal)}${capped ? '+' : ''}` : '';

  return (
    <section className="space-y-3" aria-labelledby={headingId}>
      {/* The cards' names are level-3 headings under this one (headings never skip a level). */}
      <h2 id={headingId} className={title ? 'text-lg font-semibold text-ink' : 'sr-only'}>
        {title ?? t('panel.title')}
      </h2>
      {top?.({ suppliers: supplierList, selected: filters.supplierId, onToggle: toggleSupplier })}
      <ProductFilters
        action={searchPage ?? pathname}
        filters={filters}
        suppliers={supplierList}
        onApply={(patch) => go(withChange(filters, patch))}
        onReset={reset}
      />

      <div ref={listRef} className="scroll-mt-20 space-y-3">
        <div className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white px-3 py-2 sm:px-4">
          <div className="min-w-0 text-sm text-gray-600" aria-live="polite" data-testid="found-count">
            {data ? (
              <FoundCount text={t('panel.found', { count: data.pager.recTotal, total: MARK })} total={total} />
            ) : items.isError ? (
              '\u00a0'
            ) : (
              <Skeleton className="inline-block h-4 w-32 align-middle" />
            )}
          </div>
          <label className="flex shrink-0 items-center gap-2 text-sm text-gray-600">
            <span className="sr-only whitespace-nowrap sm:not-sr-only">{t('panel.sort')}</span>
            <select
              value={filters.sort}
              onChange={(e) => go(withChange(filters, { sort: e.target.value as TItemSort }))}
              className="h-9 rounded-md border border-gray-300 bg-white px-2 text-sm text-ink focus:border-brand-500 focus:outline-none"
            >
              {sortsFor(filters.keyword).map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_KEYS[sort])}
                </option>
              ))}
            </select>
          </label>
        </div>

        {items.isPending ? (
          <div role="status" aria-label={t('panel.loading')}>
            <ul className={GRID} aria-hidden="true">
              {Array.from({ length: 8 }, (_, i) => (
                <li key={i} className="rounded-lg border border-gray-200 bg-white p-3">
                  <Skeleton className="aspect-square w-full" />
                  <Skeleton className="mt-3 h-4 w-4/5" />
                  <Skeleton className="mt-2 h-4 w-2/5" />
                  <Skeleton className="mt-3 h-8 w-full" />
                </li>
              ))}
            </ul>
          </div>
        ) : items.isError && !items.isPlaceholderData ? (
          <QueryError
            className="rounded-lg border border-gray-200 bg-white py-12"
            error={items.error}
            onRetry={() => void items.refetch()}
            retrying={items.isFetching}
            message={t('panel.error')}
          />
        ) : !data || data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-12 text-center" data-testid="empty-state">
            <PackageSearch aria-hidden="true" className="size-10 text-gray-300" />
            {data && data.pager.recTotal > 0 && filters.page > 1 ? (
              <>
                <p className="text-gray-700">{t('panel.pageEmpty')}</p>
                <Button variant="secondary" onClick={() => go({ ...filters, page: 1 })}>
                  {t('panel.firstPage')}
                </Button>
              </>
            ) : (
              <>
                <p className="text-gray-700">{active ? t('panel.emptyFiltered') : t('panel.empty')}</p>
                {active ? (
                  <Button variant="secondary" onClick={reset}>
                    {t('panel.clearFilters')}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        ) : (
          <>
            <ul
              className={cn(GRID, 'transition-opacity', items.isFetching && items.isPlaceholderData && 'opacity-60')}
              aria-busy={items.isFetching && items.isPlaceholderData}
            >
              {shown.map((product, i) => (
                <li key={product.id}>
                  {/* A boundary per card: the server's cards hydrate one by one at low priority, in
                      slices between which the browser answers input, instead of one long task with
                      the page (React hydrates a boundary first when it is tapped). */}
                  <Suspense fallback={null}>
                    <ProductCard product={product} priority={i < 4} />
                  </Suspense>
                </li>
              ))}
            </ul>
            <Pagination
              className="pt-2"
              page={filters.page}
              total={pages}
              hasMore={capped && data.data.length >= perPage}
              onPage={scrollToList}
              hrefOf={(page) => pageHref(searchFromFilters({ ...filters, page }, searchParams))}
            />
          </>
        )}
      </div>
    </section>
  );
}
