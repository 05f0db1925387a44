import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STOCK_STATUSES, type TStockSheetRow, type TStockStatus } from '@cubeshop/shared';
import { FilterActions } from '@/components/staff/FilterActions';
import { staffInput } from '@/components/staff/fields';
import { withFilter } from '@/components/staff/filter-params';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffPager } from '@/components/staff/StaffPager';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { pageCount } from '@/lib/pager';
import { useStockSheet, type TStockQuery } from '../api/stock';
import { nameOf, styleNameOf } from '../lib/names';
import { CountDialog } from './CountDialog';

const STATE_TONE: Record<TStockStatus, string> = {
  in_stock: 'bg-emerald-50 text-emerald-800',
  low: 'bg-amber-100 text-amber-900',
  out_of_stock: 'bg-red-100 text-red-800',
  preorder: 'bg-sky-100 text-sky-900',
};

const isState = (value: string | null): value is TStockStatus => (STOCK_STATUSES as readonly string[]).includes(value ?? '');

/** The API's query from the screen's URL (q, state, page). */
export function stockQuery(params: URLSearchParams): TStockQuery {
  const out: TStockQuery = {};
  const q = params.get('q')?.trim();
  if (q) out.keyword = q;
  const state = params.get('state');
  if (isState(state)) out.stockStatus = state;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}

function StateBadge({ state }: { state: TStockStatus }) {
  const { t } = useTranslation('backoffice');
  return <span className={cn('rounded px-1.5 py-0.5 text-xs whitespace-nowrap', STATE_TONE[state])}>{t(`stock.status.${state}`)}</span>;
}

/**
 * The stock screen (/admin/stock; owner, catalog and warehouse, capability stock.manage): products
 * on sale with every style's pieces on hand, reserved by open orders and available, found by name,
 * id or barcode and filtered by state (low stock), kept in the URL; "Count" sets the pieces counted
 * on the shelf with the reason (docs/catalog.md, Stock).
 */
export function StockScreen() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const sheet = useStockSheet(stockQuery(params));
  const rows = sheet.data?.data ?? [];
  const [counting, setCounting] = useState<TStockSheetRow | null>(null);
  const state = params.get('state');

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(withFilter(params, 'q', String(new FormData(event.currentTarget).get('q') ?? '')));
  }

  const pager = sheet.data?.pager;
  const pages = pager ? pageCount(pager) : 0;

  return (
    <section aria-labelledby="stock-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="stock-title" className="text-lg font-semibold text-ink">
          {t('stock.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('stock.found', { count: pager.recTotal })}</span> : null}
      </div>
      <p className="text-sm text-gray-600">{t('stock.intro')}</p>

      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2 text-sm" key={params.get('q') ?? ''}>
        <label className="flex min-w-[14rem] flex-1 flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('stock.searchLabel')}</span>
          <input name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder={t('stock.search')} className={staffInput} />
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('stock.state')}</span>
          <select value={isState(state) ? state : ''} onChange={(e) => setParams(withFilter(params, 'state', e.target.value))} className={staffInput}>
            <option value="">{t('stock.anyState')}</option>
            {STOCK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`stock.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <FilterActions apply={t('stock.apply')} clear={t('stock.clear')} filtered={!!params.get('q') || isState(state)} onClear={() => setParams(new URLSearchParams())} fetching={sheet.isFetching} />
      </form>

      <StaffListBody query={sheet} loadFailed={t('stock.loadFailed')} empty={t('stock.empty')} isEmpty={rows.length === 0}>
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-100 text-xs text-gray-700">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {t('stock.col.product')}
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {t('stock.col.style')}
                </th>
                {(['onHand', 'reserved', 'available'] as const).map((c) => (
                  <th key={c} scope="col" className="px-2 py-1.5 text-right font-medium whitespace-nowrap">
                    {t(`stock.col.${c}`)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {t('stock.col.state')}
                </th>
              </tr>
            </thead>
            {rows.map((row) => {
              const name = nameOf(row);
              return (
                <tbody key={row.id} className="border-t border-gray-200" aria-label={name}>
                  {row.styles.map((s, i) => (
                    <tr key={s.code} className={cn(i > 0 && 'border-t border-gray-100')}>
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={row.styles.length} className="px-2 py-1 align-top font-normal">
                          <div className="flex items-start gap-2">
                            <img src={row.thumbnail} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded border border-gray-100 object-cover" />
                            <div className="min-w-0">
                              <div className="max-w-[18rem] truncate font-medium text-ink" title={name}>
                                {name}
                              </div>
                              <div className="text-xs text-gray-500 tabular-nums">
                                #{row.id}
                                {row.barcode ? ` · ${row.barcode}` : ''}
                              </div>
                              <div className="text-xs text-gray-500">{row.tracked ? t('stock.lowAt', { count: row.lowStockAt }) : t('stock.notTracked')}</div>
                              <Button size="sm" variant="secondary" className="mt-1" onClick={() => setCounting(row)} aria-label={t('stock.countName', { name })}>
                                {t('stock.count')}
                              </Button>
                            </div>
                          </div>
                        </th>
                      ) : null}
                      <td className="px-2 py-1">{styleNameOf(s) || <span className="text-gray-500">{t('stock.noStyles')}</span>}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{row.tracked ? s.onHand : '—'}</td>
                      <td className="px-2 py-1 text-right text-gray-700 tabular-nums">{row.tracked ? s.reserved : '—'}</td>
                      <td className="px-2 py-1 text-right font-medium tabular-nums">{row.tracked ? s.available : '—'}</td>
                      <td className="px-2 py-1">
                        <StateBadge state={s.stockStatus} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </table>
        </div>
      </StaffListBody>

      <StaffPager page={pager?.page ?? 1} pages={pages} onPage={(p) => setParams(withFilter(params, 'page', String(p)))} />
      {counting ? <CountDialog row={counting} onClose={() => setCounting(null)} /> : null}
    </section>
  );
}
