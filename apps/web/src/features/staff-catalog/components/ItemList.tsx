import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { STOCK_STATUSES, ZStaffItemQuery, type TStaffItemRow, type TProductSortField } from '@cubeshop/shared';
import { FilterActions } from '@/components/staff/FilterActions';
import { FilterForm, FilterSelect, FilterText } from '@/components/staff/filters';
import { useListParams, type TColumnSort } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { useStaffBrands, useStaffCategories, useStaffItems } from '../api/catalog-staff';
import { brandsByName, categoryRows, formatStamp, nameOf, yuan } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';

const col = staffColumns<TStaffItemRow>();

/** Each sort field's own direction when `order` is not given (the API's: cheapest first, newest first). */
const NATURAL: Record<TProductSortField, 'asc' | 'desc'> = { basePrice: 'asc', lastUpdatedTime: 'desc' };
const COLUMN_OF: Record<TProductSortField, string> = { basePrice: 'price', lastUpdatedTime: 'updated' };

/**
 * The product list (/admin/items): a dense StaffTable with search by id, barcode or name, filters
 * (category, brand, stock, archived) and the sort (price or last change, from the headers) kept in
 * the URL (ZStaffItemQuery), column choice, a pager and the keyboard (/ search, j/k or arrows
 * move, Enter open, n new).
 */
export function ItemList() {
  const { t } = useTranslation('staffCatalog');
  const list = useListParams(ZStaffItemQuery);
  const { values, search } = list;
  const navigate = useNavigate();
  const items = useStaffItems(list);
  const categories = useStaffCategories();
  const brands = useStaffBrands();
  const rows = useMemo(() => items.data?.data ?? [], [items.data]);
  const searchBox = useRef<HTMLInputElement>(null);
  const categoryName = useMemo(() => new Map((categories.data?.data ?? []).map((c) => [c.id, nameOf(c)])), [categories.data]);

  const sort: TColumnSort = { id: COLUMN_OF[values.sortBy], desc: (values.order ?? NATURAL[values.sortBy]) === 'desc' };
  function onSort(next: TColumnSort) {
    const sortBy: TProductSortField = next.id === 'price' ? 'basePrice' : 'lastUpdatedTime';
    const order = next.desc ? 'desc' : 'asc';
    list.setMany({ sortBy, order: order === NATURAL[sortBy] ? undefined : order });
  }

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('thumbnail', {
          header: () => <span className="sr-only">{t('fields.images')}</span>,
          enableSorting: false,
          meta: { from: 'sm', className: 'w-10 py-0.5', label: t('fields.images') },
          cell: (c) => (
            <img src={c.getValue()} alt="" width={32} height={32} loading="lazy" className="size-8 max-w-none rounded border border-gray-200 object-contain" />
          ),
        }),
        col.accessor('id', { header: t('list.col.id'), enableSorting: false, meta: { className: 'tabular-nums whitespace-nowrap' } }),
        col.accessor((r) => nameOf(r), {
          id: 'name',
          header: t('list.col.name'),
          enableSorting: false,
          enableHiding: false,
          meta: { className: 'max-w-[18rem]' },
          cell: (c) => (
            <>
              <Link to={`/admin/items/${c.row.original.id}`} className="line-clamp-2 text-brand-700 hover:underline">
                {c.getValue()}
              </Link>
              {c.row.original.archived ? <span className="ml-1 rounded bg-gray-200 px-1 text-xs text-gray-700">{t('list.archivedBadge')}</span> : null}
            </>
          ),
        }),
        col.accessor('barcode', {
          header: t('fields.barcode'),
          enableSorting: false,
          meta: { from: 'md', className: 'tabular-nums' },
          cell: (c) => c.getValue() ?? '',
        }),
        col.accessor((r) => categoryName.get(r.categoryId) ?? '', {
          id: 'category',
          header: t('fields.category'),
          enableSorting: false,
          meta: { from: 'lg', className: 'max-w-[10rem] truncate' },
        }),
        col.accessor('price', {
          header: t('fields.price'),
          meta: { align: 'end', className: 'whitespace-nowrap' },
          cell: (c) => (
            <>
              {yuan(c.getValue())}
              {c.row.original.discountPercent > 0 ? <span className="ml-1 text-xs text-red-700">−{c.row.original.discountPercent}%</span> : null}
            </>
          ),
        }),
        col.accessor('tiers', { header: t('list.col.tiers'), enableSorting: false, meta: { align: 'end', from: 'sm' }, cell: (c) => c.getValue() || '' }),
        col.accessor('onHand', {
          id: 'stock',
          header: t('list.col.stock'),
          enableSorting: false,
          meta: { align: 'end', className: 'whitespace-nowrap' },
          cell: (c) => (
            <span title={t('list.reserved', { count: c.row.original.reserved })}>
              {c.getValue()}
              {c.row.original.reserved > 0 ? <span className="text-xs text-gray-500"> ({c.row.original.reserved})</span> : null}
            </span>
          ),
        }),
        col.accessor('stockStatus', {
          id: 'status',
          header: t('list.col.status'),
          enableSorting: false,
          meta: { from: 'sm', className: 'whitespace-nowrap' },
          cell: (c) => t(`stock.${c.getValue()}`),
        }),
        col.accessor('lastUpdatedTime', {
          id: 'updated',
          header: t('list.col.updated'),
          sortDescFirst: true,
          meta: { from: 'lg', className: 'whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => formatStamp(c.getValue()),
        }),
      ]),
    [t, categoryName],
  );

  const pager = items.data?.pager;
  const archived = values.archived;

  return (
    <section aria-labelledby="items-title" className="space-y-2">
      <CatalogTabs />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="items-title" className="text-lg font-semibold text-ink">
          {t('list.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('list.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('list.keys')}</span>
        <Link
          to={`/admin/items/import${search ? `?${search}` : ''}`}
          className="rounded border border-gray-300 bg-white px-3 py-1.5 text-sm text-ink hover:bg-gray-50"
          data-testid="items-import"
        >
          {t('sheets.link')}
        </Link>
        <Link to="/admin/items/new" className="rounded bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700" data-testid="item-new">
          {t('list.new')}
        </Link>
      </div>

      <FilterForm list={list} fields={['keyword']}>
        <FilterText
          search
          inputRef={searchBox}
          name="keyword"
          label={t('list.search')}
          defaultValue={list.params.get('keyword') ?? ''}
          placeholder={t('list.searchHint')}
        />
        <FilterSelect
          label={t('fields.category')}
          value={values.categoryId === undefined ? '' : String(values.categoryId)}
          onChange={(v) => list.set('categoryId', v)}
          options={categoryRows(categories.data?.data ?? []).map(
            ({ category, depth }) => [String(category.id), '\u00a0\u00a0'.repeat(depth) + nameOf(category)] as const,
          )}
          any={t('list.all')}
          className="max-w-[16rem]"
        />
        <FilterSelect
          label={t('fields.brand')}
          value={values.supplierId === undefined ? '' : String(values.supplierId)}
          onChange={(v) => list.set('supplierId', v)}
          options={brandsByName(brands.data?.data ?? []).map((b) => [String(b.id), nameOf(b)] as const)}
          any={t('list.all')}
          className="max-w-[12rem]"
        />
        <FilterSelect
          label={t('list.col.status')}
          value={values.stockStatus ?? ''}
          onChange={(v) => list.set('stockStatus', v)}
          options={STOCK_STATUSES.map((s) => [s, t(`stock.${s}`)] as const)}
          any={t('list.all')}
        />
        <FilterSelect
          label={t('list.state')}
          value={archived}
          onChange={(v) => list.set('archived', v)}
          options={[
            ['false', t('list.onSale')],
            ['true', t('list.archived')],
            ['all', t('list.all')],
          ]}
        />
        <FilterActions apply={t('list.apply')} clear={t('list.clear')} filtered={list.filtered} onClear={list.reset} fetching={items.isFetching} />
      </FilterForm>

      <StaffTable
        label={t('list.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.id)}
        query={items}
        loadFailed={t('list.loadFailed')}
        empty={t('list.empty')}
        sort={sort}
        onSort={onSort}
        columnsKey="items"
        searchBox={searchBox}
        resetOn={search}
        rowClassName={(r) => r.archived && 'text-gray-500'}
        onOpen={(row) => void navigate(`/admin/items/${row.id}`)}
        onKey={(key) => {
          if (key === 'n') void navigate('/admin/items/new');
        }}
      />
      <StaffPager pager={pager} onPage={list.setPage} />
    </section>
  );
}
