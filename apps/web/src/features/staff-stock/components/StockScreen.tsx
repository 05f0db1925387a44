import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STOCK_STATUSES, ZStockSheetQuery, type TStockSheetRow, type TStockStatus } from '@cubeshop/shared';
import { FilterActions } from '@/components/staff/FilterActions';
import { FilterForm, FilterSelect, FilterText } from '@/components/staff/filters';
import { useListParams } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { useStockSheet } from '../api/stock';
import { nameOf, styleNameOf } from '../lib/names';
import { CountDialog } from './CountDialog';

const STATE_TONE: Record<TStockStatus, string> = {
  in_stock: 'bg-emerald-50 text-emerald-800',
  low: 'bg-amber-100 text-amber-900',
  out_of_stock: 'bg-red-100 text-red-800',
  preorder: 'bg-sky-100 text-sky-900',
};

/** One row of the table: a style of a product (a product without styles has one, code ''). */
interface StyleLine {
  product: TStockSheetRow;
  style: TStockSheetRow['styles'][number];
}

const col = staffColumns<StyleLine>();

function StateBadge({ state }: { state: TStockStatus }) {
  const { t } = useTranslation('staff');
  return <span className={cn('rounded px-1.5 py-0.5 text-xs whitespace-nowrap', STATE_TONE[state])}>{t(`stock.status.${state}`)}</span>;
}

/**
 * The stock screen (/admin/stock; owner, catalog and warehouse, capability stock.manage): products
 * on sale with every style's pieces on hand, reserved by open orders and available, found by name,
 * id or barcode and filtered by state (low stock), kept in the URL with the page (ZStockSheetQuery,
 * the API's own query); each product's styles are one group of rows beside the product. "Count"
 * (or Enter on a row) sets the pieces counted on the shelf with the reason (docs/catalog.md, Stock).
 */
export function StockScreen() {
  const { t } = useTranslation('staff');
  const list = useListParams(ZStockSheetQuery);
  const sheet = useStockSheet(list);
  const lines = useMemo(() => (sheet.data?.data ?? []).flatMap((product) => product.styles.map((style) => ({ product, style }))), [sheet.data]);
  const [counting, setCounting] = useState<TStockSheetRow | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const pager = sheet.data?.pager;

  const columns = useMemo(
    () =>
      col.columns([
        col.display({
          id: 'product',
          header: t('stock.col.product'),
          enableHiding: false,
          meta: { span: true },
          cell: ({ row: { original: line } }) => {
            const { product } = line;
            const name = nameOf(product);
            return (
              <div className="flex items-start gap-2">
                <img
                  src={product.thumbnail}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="hidden size-10 shrink-0 rounded border border-gray-100 object-cover sm:block"
                />
                <div className="min-w-0">
                  <div className="max-w-[8rem] truncate font-medium text-ink sm:max-w-[18rem]" title={name}>
                    {name}
                  </div>
                  <div className="text-xs text-gray-500 tabular-nums">
                    #{product.id}
                    {product.barcode ? ` · ${product.barcode}` : ''}
                  </div>
                  <div className="text-xs text-gray-500">{product.tracked ? t('stock.lowAt', { count: product.lowStockAt }) : t('stock.notTracked')}</div>
                  <Button size="sm" variant="secondary" className="mt-1" onClick={() => setCounting(product)} aria-label={t('stock.countName', { name })}>
                    {t('stock.count')}
                  </Button>
                </div>
              </div>
            );
          },
        }),
        col.display({
          id: 'style',
          header: t('stock.col.style'),
          meta: { className: 'whitespace-nowrap' },
          cell: ({ row: { original: line } }) => styleNameOf(line.style) || <span className="text-gray-500">{t('stock.noStyles')}</span>,
        }),
        col.display({
          id: 'onHand',
          header: t('stock.col.onHand'),
          meta: { align: 'end' },
          cell: ({ row: { original: line } }) => (line.product.tracked ? line.style.onHand : '—'),
        }),
        col.display({
          id: 'reserved',
          header: t('stock.col.reserved'),
          meta: { align: 'end', className: 'text-gray-700', from: 'sm' },
          cell: ({ row: { original: line } }) => (line.product.tracked ? line.style.reserved : '—'),
        }),
        col.display({
          id: 'available',
          header: t('stock.col.available'),
          meta: { align: 'end', className: 'font-medium' },
          cell: ({ row: { original: line } }) => (line.product.tracked ? line.style.available : '—'),
        }),
        col.display({ id: 'state', header: t('stock.col.state'), cell: ({ row: { original: line } }) => <StateBadge state={line.style.stockStatus} /> }),
      ]),
    [t],
  );

  return (
    <section aria-labelledby="stock-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="stock-title" className="text-lg font-semibold text-ink">
          {t('stock.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('stock.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('stock.keys')}</span>
      </div>
      <p className="text-sm text-gray-600">{t('stock.intro')}</p>

      <FilterForm list={list} fields={['keyword']}>
        <FilterText
          search
          inputRef={searchBox}
          name="keyword"
          label={t('stock.searchLabel')}
          defaultValue={list.params.get('keyword') ?? ''}
          placeholder={t('stock.search')}
          className="min-w-[14rem]"
        />
        <FilterSelect
          label={t('stock.state')}
          value={list.values.stockStatus ?? ''}
          onChange={(v) => list.set('stockStatus', v)}
          options={STOCK_STATUSES.map((s) => [s, t(`stock.status.${s}`)] as const)}
          any={t('stock.anyState')}
        />
        <FilterActions apply={t('stock.apply')} clear={t('stock.clear')} filtered={list.filtered} onClear={list.reset} fetching={sheet.isFetching} />
      </FilterForm>

      <StaffTable
        label={t('stock.title')}
        columns={columns}
        rows={lines}
        rowId={(line) => `${line.product.id}:${line.style.code}`}
        group={(line) => ({ id: String(line.product.id), label: nameOf(line.product) })}
        query={sheet}
        loadFailed={t('stock.loadFailed')}
        empty={t('stock.empty')}
        columnsKey="stock"
        searchBox={searchBox}
        resetOn={list.search}
        onOpen={(line) => setCounting(line.product)}
      />

      <StaffPager pager={pager} onPage={list.setPage} />
      {counting ? <CountDialog row={counting} onClose={() => setCounting(null)} /> : null}
    </section>
  );
}
