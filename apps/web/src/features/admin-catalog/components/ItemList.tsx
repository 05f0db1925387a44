import { useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { STOCK_STATUSES } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { FilterActions } from '@/components/staff/FilterActions';
import { withFilter } from '@/components/staff/filter-params';
import { staffInput as input } from '@/components/staff/fields';
import { StaffPager } from '@/components/staff/StaffPager';
import { useListKeys } from '@/components/staff/use-list-keys';
import { useAdminBrands, useAdminCategories, useAdminItems } from '../api/catalog-admin';
import { brandsByName, categoryRows, nameOf, yuan } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';

const FILTERS = ['keyword', 'categoryId', 'supplierId', 'stockStatus', 'archived', 'page'] as const;

/** The staff's query string: only the filters the list knows, in a fixed order (the cache key). */
function searchOf(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of FILTERS) {
    const v = params.get(key);
    if (v) out.set(key, v);
  }
  return out.toString();
}

/**
 * The product list (/admin/items): a dense table with search by id, barcode or name, filters
 * (category, brand, archived) kept in the URL, a pager and the keyboard (/ search, j/k move,
 * Enter open, n new).
 */
export function ItemList() {
  const { t } = useTranslation('catalogAdmin');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchOf(params);
  const items = useAdminItems(search);
  const categories = useAdminCategories();
  const brands = useAdminBrands();
  const rows = useMemo(() => items.data?.data ?? [], [items.data]);
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useListKeys({
    rows,
    searchBox,
    table,
    resetOn: search,
    onOpen: (row) => void navigate(`/admin/items/${row.id}`),
    onKey: (key) => {
      if (key === 'n') void navigate('/admin/items/new');
    },
  });
  const categoryName = useMemo(() => new Map((categories.data?.data ?? []).map((c) => [c.id, nameOf(c)])), [categories.data]);

  function set(key: (typeof FILTERS)[number], value: string) {
    setParams(withFilter(params, key, value));
  }
  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    set('keyword', String(new FormData(event.currentTarget).get('keyword') ?? ''));
  }

  const pager = items.data?.pager;
  const pages = pager ? Math.max(1, Math.ceil(pager.recTotal / pager.recPerPage)) : 0;

  return (
    <section aria-labelledby="items-title" className="space-y-2">
      <CatalogTabs />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="items-title" className="text-lg font-semibold text-ink">
          {t('list.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('list.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('list.keys')}</span>
        <Link to={`/admin/items/import${search ? `?${search}` : ''}`} className="rounded border border-gray-300 bg-white px-3 py-1.5 text-sm text-ink hover:bg-gray-50" data-testid="items-import">
          {t('sheets.link')}
        </Link>
        <Link to="/admin/items/new" className="rounded bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700" data-testid="item-new">
          {t('list.new')}
        </Link>
      </div>

      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2 text-sm" key={params.get('keyword') ?? ''}>
        <label className="flex min-w-[12rem] flex-1 flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('list.search')}</span>
          <input ref={searchBox} name="keyword" type="search" defaultValue={params.get('keyword') ?? ''} placeholder={t('list.searchHint')} className={input} />
        </label>
        <label className="flex max-w-full flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('fields.category')}</span>
          <select value={params.get('categoryId') ?? ''} onChange={(e) => set('categoryId', e.target.value)} className={cn(input, 'max-w-[16rem]')}>
            <option value="">{t('list.all')}</option>
            {categoryRows(categories.data?.data ?? []).map(({ category, depth }) => (
              <option key={category.id} value={category.id}>
                {'\u00a0\u00a0'.repeat(depth) + nameOf(category)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('fields.brand')}</span>
          <select value={params.get('supplierId') ?? ''} onChange={(e) => set('supplierId', e.target.value)} className={cn(input, 'max-w-[12rem]')}>
            <option value="">{t('list.all')}</option>
            {brandsByName(brands.data?.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {nameOf(b)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('list.col.status')}</span>
          <select value={params.get('stockStatus') ?? ''} onChange={(e) => set('stockStatus', e.target.value)} className={input}>
            <option value="">{t('list.all')}</option>
            {STOCK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`stock.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('list.state')}</span>
          <select value={params.get('archived') ?? 'false'} onChange={(e) => set('archived', e.target.value === 'false' ? '' : e.target.value)} className={input}>
            <option value="false">{t('list.onSale')}</option>
            <option value="true">{t('list.archived')}</option>
            <option value="all">{t('list.all')}</option>
          </select>
        </label>
        <FilterActions apply={t('list.apply')} clear={t('list.clear')} filtered={!!search} onClear={() => setParams(new URLSearchParams())} fetching={items.isFetching} />
      </form>

      <StaffListBody query={items} loadFailed={t('list.loadFailed')} empty={t('list.empty')} isEmpty={rows.length === 0}>
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
              <tr>
                <th scope="col" className="hidden px-2 py-1.5 font-medium sm:table-cell">
                  <span className="sr-only">{t('fields.images')}</span>
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">{t('list.col.id')}</th>
                <th scope="col" className="px-2 py-1.5 font-medium">{t('list.col.name')}</th>
                <th scope="col" className="hidden px-2 py-1.5 font-medium md:table-cell">{t('fields.barcode')}</th>
                <th scope="col" className="hidden px-2 py-1.5 font-medium lg:table-cell">{t('fields.category')}</th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">{t('fields.price')}</th>
                <th scope="col" className="hidden px-2 py-1.5 text-right font-medium sm:table-cell">{t('list.col.tiers')}</th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">{t('list.col.stock')}</th>
                <th scope="col" className="hidden px-2 py-1.5 font-medium sm:table-cell">{t('list.col.status')}</th>
              </tr>
            </thead>
            <tbody ref={table}>
              {rows.map((r, i) => (
                <tr key={r.id} data-row={i} className={cn('border-t border-gray-100', i === active ? 'bg-brand-50' : 'hover:bg-gray-50', r.archived && 'text-gray-500')} onClick={() => setActive(i)}>
                  <td className="hidden w-10 px-2 py-0.5 sm:table-cell">
                    <img src={r.thumbnail} alt="" width={32} height={32} loading="lazy" className="size-8 max-w-none rounded border border-gray-200 object-contain" />
                  </td>
                  <td className="px-2 py-1 tabular-nums whitespace-nowrap">{r.id}</td>
                  <td className="max-w-[18rem] px-2 py-1">
                    <Link to={`/admin/items/${r.id}`} className="line-clamp-2 text-brand-700 hover:underline">
                      {nameOf(r)}
                    </Link>
                    {r.archived ? <span className="ml-1 rounded bg-gray-200 px-1 text-xs text-gray-700">{t('list.archivedBadge')}</span> : null}
                  </td>
                  <td className="hidden px-2 py-1 tabular-nums md:table-cell">{r.barcode ?? ''}</td>
                  <td className="hidden max-w-[10rem] truncate px-2 py-1 lg:table-cell">{categoryName.get(r.categoryId) ?? ''}</td>
                  <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">
                    {yuan(r.price)}
                    {r.discountPercent > 0 ? <span className="ml-1 text-xs text-red-700">−{r.discountPercent}%</span> : null}
                  </td>
                  <td className="hidden px-2 py-1 text-right tabular-nums sm:table-cell">{r.tiers || ''}</td>
                  <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap" title={t('list.reserved', { count: r.reserved })}>
                    {r.onHand}
                    {r.reserved > 0 ? <span className="text-xs text-gray-500"> ({r.reserved})</span> : null}
                  </td>
                  <td className="hidden px-2 py-1 whitespace-nowrap sm:table-cell">{t(`stock.${r.stockStatus}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffListBody>
      <StaffPager page={pager?.page ?? 1} pages={pages} onPage={(p) => set('page', String(p))} />
    </section>
  );
}
