import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/Breadcrumb';
import { useSuppliers } from '@/features/catalog/api/get-suppliers';
import { ProductPanel } from '@/features/catalog/components/ProductPanel';
import { ClosestProducts, SearchCorrection } from '@/features/catalog/components/SearchAlternatives';
import { filtersFromSearch } from '@/features/catalog/lib/filters';
import { usePageTitle } from '@/lib/stores/title';
import { suppliersQuery } from '@/features/catalog/api/get-suppliers';
import { itemsQuery, useItems } from '@/features/catalog/api/get-items';
import type { MetaFunction, PrefetchFunction } from '../page';
import { prefetchProductPanel } from '../prefetch';

/**
 * /search?keyword=...: search results with a URL of their own (shareable, reloadable), titled
 * with the query; with only a brand (from the brands page) titled with the brand. The panel
 * keeps every filter in the URL, as on the other lists. A search that finds few products is never
 * a dead end: "did you mean", broader searches and, when nothing is found, the closest products.
 */
export default function SearchRoute() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const suppliers = useSuppliers();
  const brand = filters.supplierId === undefined ? undefined : suppliers.data?.find((s) => s.id === filters.supplierId)?.name;
  const title = filters.keyword ? t('search.titleFor', { keyword: filters.keyword }) : brand ? t('search.brandTitle', { brand }) : t('search.title');
  usePageTitle(title);
  // The panel's own list (one request for both): how many the search found, once it is known.
  const items = useItems({ kind: 'all' }, filters);
  const found = items.isPlaceholderData ? undefined : items.data?.pager.recTotal;

  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <Breadcrumb
          label={t('category.breadcrumb')}
          items={[
            { label: t('common:nav.home'), to: '/' },
            ...(brand && !filters.keyword ? [{ label: t('brands.title'), to: '/brands' }] : []),
            { label: filters.keyword || brand ? title : t('common:routes.search') },
          ]}
        />
        <h1 className="text-2xl font-bold break-words text-ink" data-testid="search-title">
          {title}
        </h1>
        {!filters.keyword && filters.supplierId === undefined ? <p className="text-sm text-gray-600">{t('search.hint')}</p> : null}
      </header>
      <SearchCorrection filters={filters} found={found} />
      <ProductPanel source={{ kind: 'all' }} />
      <ClosestProducts filters={filters} found={found} />
    </div>
  );
}

export const prefetch: PrefetchFunction = async ({ queryClient, url }) => {
  await prefetchProductPanel(queryClient, { kind: 'all' }, url);
};

/**
 * A keyword's results are a page worth finding ("magnetic cube"); a search that finds nothing is
 * a thin page and asks not to be indexed.
 */
export const meta: MetaFunction = ({ queryClient, url, t }) => {
  const filters = filtersFromSearch(url.searchParams);
  if (filters.keyword) {
    const found = queryClient.getQueryData(itemsQuery({ kind: 'all' }, filters).queryKey)?.pager.recTotal;
    return {
      title: t('catalog:search.titleFor', { keyword: filters.keyword }),
      description: t('common:seo.search', { keyword: filters.keyword }),
      ...(found === 0 ? { noindex: true } : {}),
    };
  }
  const brand =
    filters.supplierId === undefined ? undefined : queryClient.getQueryData(suppliersQuery().queryKey)?.find((s) => s.id === filters.supplierId)?.name;
  if (brand) return { title: t('catalog:search.brandTitle', { brand }), description: t('common:seo.brand', { brand }) };
  return { title: t('catalog:search.title'), description: t('common:seo.searchAll') };
};
