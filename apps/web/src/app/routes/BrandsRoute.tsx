import { useMemo, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { suppliersQuery, useSuppliers } from '@/features/catalog/api/get-suppliers';
import { searchFromFilters } from '@/features/catalog/lib/filters';
import { getLocale } from '@/lib/locale';
import type { MetaFunction, PrefetchFunction } from '../page';

/** The brand's products: the search page filtered by the brand (its own URL and title). */
function brandPath(id: number): string {
  return `/search?${searchFromFilters({ supplierId: id, sort: 'newest', page: 1 }).toString()}`;
}

/** /brands: every brand of the catalogue in the reader's collation order, each to its products, with a quick filter. */
export default function BrandsRoute() {
  const { t } = useTranslation('catalog');
  const suppliers = useSuppliers();
  const [text, setText] = useState('');
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(getLocale() === 'zh' ? 'zh-CN' : 'en', { sensitivity: 'base', numeric: true });
    return [...(suppliers.data ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  }, [suppliers.data]);
  const needle = text.trim().toLocaleLowerCase();
  const shown = needle ? sorted.filter((s) => s.name.toLocaleLowerCase().includes(needle)) : sorted;

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">{t('brands.title')}</h1>
        {suppliers.data ? <p className="text-sm text-gray-600">{t('brands.intro', { count: sorted.length })}</p> : null}
      </header>
      {suppliers.isPending ? (
        <div role="status" aria-label={t('brands.loading')}>
          <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 12 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-14 w-full" />
              </li>
            ))}
          </ul>
        </div>
      ) : suppliers.isError ? (
        <QueryError
          className="rounded-lg border border-gray-200 bg-white py-12"
          error={suppliers.error}
          onRetry={() => void suppliers.refetch()}
          retrying={suppliers.isFetching}
          message={t('brands.error')}
        />
      ) : sorted.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-4 py-12 text-center text-gray-700">{t('brands.empty')}</p>
      ) : (
        <>
          <label className="block max-w-sm">
            <span className="sr-only">{t('brands.filter')}</span>
            <input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('brands.filter')}
              className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none"
            />
          </label>
          {shown.length === 0 ? (
            <p className="text-sm text-gray-600" role="status">
              {t('brands.noMatch', { text: text.trim() })}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 xl:grid-cols-4" data-testid="brand-list">
              {shown.map((brand) => (
                <li key={brand.id}>
                  <Link
                    to={brandPath(brand.id)}
                    aria-label={t('brands.products', { brand: brand.name })}
                    className="flex h-14 items-center gap-3 rounded-lg border border-gray-200 bg-white px-3 text-sm font-medium text-ink hover:border-brand-300 hover:text-brand-700"
                  >
                    <span
                      aria-hidden="true"
                      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
                    >
                      {Array.from(brand.name)[0]?.toLocaleUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{brand.name}</span>
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export const prefetch: PrefetchFunction = async ({ queryClient }) => {
  await queryClient.prefetchQuery(suppliersQuery());
};

export const meta: MetaFunction = ({ t }) => ({ title: t('catalog:brands.title'), description: t('common:seo.brands') });
