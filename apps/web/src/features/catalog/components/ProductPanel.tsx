import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PackageSearch, RefreshCw, Search, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { useItems, type TItemFilters, type TItemSort, type TItemSource } from '../api/get-items';
import { useSuppliers } from '../api/get-suppliers';
import type { TId } from '../api/types';
import { ProductCard } from './ProductCard';
import { SupplierStrip } from './SupplierStrip';

const EMPTY: TItemFilters = { sort: 'newest', page: 1 };

/** A typed price bound: a plain decimal ("10", "10.5") or nothing. */
export function priceBound(value: string): string | undefined {
  const text = value.trim();
  return /^\d{1,9}(\.\d{1,6})?$/.test(text) ? text : undefined;
}

export function hasActiveFilters(filters: TItemFilters): boolean {
  return Boolean(filters.keyword?.trim()) || filters.supplierId !== undefined || filters.minPrice !== undefined || filters.maxPrice !== undefined;
}

/**
 * The product panel (spec section 2): keyword search, brand filter, price range, sort, apply and
 * (on mobile) reset; then the found count and the grid with loading, error-with-retry and empty
 * states. Any change resets to page 1 and scrolls to the list.
 */
export function ProductPanel({ source, supplierStrip = false }: { source: TItemSource; supplierStrip?: boolean }) {
  const { t } = useTranslation('catalog');
  const [filters, setFilters] = useState<TItemFilters>(EMPTY);
  const [keyword, setKeyword] = useState('');
  const [supplierDraft, setSupplierDraft] = useState('');
  const [minDraft, setMinDraft] = useState('');
  const [maxDraft, setMaxDraft] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const ids = { search: useId(), supplier: useId(), min: useId(), max: useId(), sort: useId(), filters: useId() };

  const categoryId = source.kind === 'category' ? source.categoryId : undefined;
  const suppliers = useSuppliers(categoryId);
  const items = useItems(source, filters);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    listRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [filters]);

  const update = (patch: Partial<TItemFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ keyword: keyword.trim() || undefined });
  };
  const apply = () => update({ supplierId: supplierDraft || undefined, minPrice: priceBound(minDraft), maxPrice: priceBound(maxDraft) });
  const reset = () => {
    setKeyword('');
    setSupplierDraft('');
    setMinDraft('');
    setMaxDraft('');
    setFilters({ ...EMPTY, sort: filters.sort });
  };
  const toggleSupplier = (id: TId) => {
    const next = filters.supplierId !== undefined && String(filters.supplierId) === String(id) ? undefined : id;
    setSupplierDraft(next === undefined ? '' : String(next));
    update({ supplierId: next });
  };

  const supplierList = suppliers.data ?? [];
  const inputClass = 'h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none';
  const labelClass = 'mb-1 block text-xs font-medium text-gray-600';

  return (
    <section className="space-y-4">
      {supplierStrip ? <SupplierStrip suppliers={supplierList} selected={filters.supplierId} onToggle={toggleSupplier} /> : null}

      <div className="rounded-lg border border-gray-200 bg-white p-3 md:p-4">
        <form role="search" onSubmit={onSearch} className="flex gap-2">
          <label htmlFor={ids.search} className="sr-only">
            {t('panel.searchLabel')}
          </label>
          <div className="relative min-w-0 flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <input id={ids.search} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('panel.searchPlaceholder')} className={cn(inputClass, 'pl-9')} />
          </div>
          <Button type="submit">{t('panel.search')}</Button>
          <Button
            variant="secondary"
            className="md:hidden"
            aria-expanded={showFilters}
            aria-controls={ids.filters}
            onClick={() => setShowFilters((v) => !v)}
            aria-label={t('panel.filters')}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
          </Button>
        </form>

        <div id={ids.filters} className={cn('mt-3 grid-cols-2 gap-3 md:grid md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto_minmax(0,1.2fr)] md:items-end', showFilters ? 'grid' : 'hidden')}>
          <div className="col-span-2 md:col-span-1">
            <label htmlFor={ids.supplier} className={labelClass}>
              {t('panel.supplier')}
            </label>
            <select id={ids.supplier} value={supplierDraft} onChange={(e) => setSupplierDraft(e.target.value)} className={inputClass}>
              <option value="">{t('panel.allSuppliers')}</option>
              {supplierList.map((s) => (
                <option key={String(s.id)} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.min} className={labelClass}>
              {t('panel.minPrice')}
            </label>
            <input id={ids.min} type="number" min={0} inputMode="decimal" value={minDraft} onChange={(e) => setMinDraft(e.target.value)} className={inputClass} />
          </div>
          <div>
            <label htmlFor={ids.max} className={labelClass}>
              {t('panel.maxPrice')}
            </label>
            <input id={ids.max} type="number" min={0} inputMode="decimal" value={maxDraft} onChange={(e) => setMaxDraft(e.target.value)} className={inputClass} />
          </div>
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <Button className="flex-1 md:flex-none" onClick={apply}>
              {t('panel.apply')}
            </Button>
            <Button variant="secondary" className="flex-1 md:hidden" onClick={reset}>
              {t('panel.reset')}
            </Button>
          </div>
          <div className="col-span-2 md:col-span-1">
            <label htmlFor={ids.sort} className={labelClass}>
              {t('panel.sort')}
            </label>
            <select id={ids.sort} value={filters.sort} onChange={(e) => update({ sort: e.target.value as TItemSort })} className={inputClass}>
              <option value="newest">{t('panel.sortNewest')}</option>
              <option value="priceAsc">{t('panel.sortPriceAsc')}</option>
              <option value="priceDesc">{t('panel.sortPriceDesc')}</option>
            </select>
          </div>
        </div>
      </div>

      <div ref={listRef} className="scroll-mt-20">
        {items.isPending ? (
          <div role="status" aria-label={t('panel.loading')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="rounded-lg border border-gray-200 bg-white p-3">
                <Skeleton className="aspect-square w-full" />
                <Skeleton className="mt-3 h-4 w-4/5" />
                <Skeleton className="mt-2 h-4 w-2/5" />
              </div>
            ))}
          </div>
        ) : items.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-12 text-center">
            <p className="text-gray-700">{t('panel.error')}</p>
            <Button variant="secondary" onClick={() => void items.refetch()} disabled={items.isFetching}>
              <RefreshCw aria-hidden="true" className={cn('size-4', items.isFetching && 'animate-spin')} />
              {t('common:ui.retry')}
            </Button>
          </div>
        ) : items.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-12 text-center">
            <PackageSearch aria-hidden="true" className="size-10 text-gray-300" />
            <p className="text-gray-700">{hasActiveFilters(filters) ? t('panel.emptyFiltered') : t('panel.empty')}</p>
            {hasActiveFilters(filters) ? (
              <Button variant="secondary" onClick={reset}>
                {t('panel.clearFilters')}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <p className="mb-3 rounded-lg border border-gray-200 bg-white px-4 py-2 text-sm text-gray-600" aria-live="polite">
              {t('panel.found', { count: items.data.pager.recTotal })}
            </p>
            <ul className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4', items.isFetching && 'opacity-60')}>
              {items.data.data.map((product) => (
                <li key={String(product.id)}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
