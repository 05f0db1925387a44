import { useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CUSTOMER_PAGE_SIZES } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { FilterActions } from '@/components/staff/FilterActions';
import { withFilter } from '@/components/staff/filter-params';
import { staffInput as input } from '@/components/staff/fields';
import { StaffPager } from '@/components/staff/StaffPager';
import { useListKeys } from '@/components/staff/use-list-keys';
import { useCustomers } from '../api/customers';
import { customersSearch, formatDay, formatSpent, formatStamp, pageSizeOf } from '../lib/format';


/** Skips keys typed into a field (the list's shortcuts are for the table). */
const COLUMNS = ['account', 'name', 'email', 'mobile', 'country', 'orders', 'spent', 'lastOrder', 'registered'] as const;

/**
 * The customer list (/admin/customers): buyers newest first, a search over account, name, e-mail,
 * phone and order id, kept in the URL with the page, and keyboard use (/ search, j/k move,
 * Enter open).
 */
export function CustomerList() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const search = customersSearch(params);
  const customers = useCustomers(search);
  const rows = useMemo(() => customers.data?.data ?? [], [customers.data]);
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);

  const [active, setActive] = useListKeys({ rows, searchBox, table, resetOn: search, onOpen: (row) => void navigate(`/admin/customers/${row.id}`) });

  function set(key: 'q' | 'recPerPage' | 'page', value: string) {
    setParams(withFilter(params, key, value));
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    set('q', String(new FormData(event.currentTarget).get('q') ?? ''));
  }

  const pager = customers.data?.pager;
  const pages = pager ? Math.max(1, Math.ceil(pager.recTotal / pager.recPerPage)) : 1;
  const page = pager?.page ?? 1;

  return (
    <section aria-labelledby="customers-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="customers-title" className="text-lg font-semibold text-ink">
          {t('customers.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('customers.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('customers.keys')}</span>
      </div>

      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2 text-sm" key={params.get('q') ?? ''}>
        <label className="flex min-w-[14rem] flex-1 flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('customers.searchLabel')}</span>
          <input ref={searchBox} name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder={t('customers.search')} className={input} />
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('customers.pageSize')}</span>
          <select value={String(pageSizeOf(params))} onChange={(e) => set('recPerPage', e.target.value === '50' ? '' : e.target.value)} className={input}>
            {CUSTOMER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <FilterActions apply={t('customers.apply')} clear={t('customers.clear')} filtered={!!search} onClear={() => setParams(new URLSearchParams())} fetching={customers.isFetching} />
      </form>

      <StaffListBody query={customers} loadFailed={t('customers.loadFailed')} empty={t('customers.empty')} isEmpty={rows.length === 0}>
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className={cn('px-2 py-1.5 font-medium whitespace-nowrap', ['orders', 'spent'].includes(c) && 'text-right')}>
                    {t(`customers.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={table}>
              {rows.map((r, i) => (
                <tr key={r.id} data-row={i} className={cn('border-t border-gray-100', i === active ? 'bg-brand-50' : 'hover:bg-gray-50')} onClick={() => setActive(i)}>
                  <td className="px-2 py-1 font-medium whitespace-nowrap">
                    <Link to={`/admin/customers/${r.id}`} className="inline-block max-w-[14rem] truncate align-bottom text-brand-700 hover:underline" title={r.account}>
                      {r.account}
                    </Link>
                    {r.disabledTime ? <span className="ml-1.5 rounded bg-red-100 px-1 text-xs text-red-800">{t('customers.disabled')}</span> : null}
                  </td>
                  <td className="max-w-[12rem] truncate px-2 py-1">{r.name}</td>
                  <td className="max-w-[16rem] truncate px-2 py-1 text-gray-700">{r.email ?? ''}</td>
                  <td className="px-2 py-1 whitespace-nowrap text-gray-700 tabular-nums">{r.mobile ?? ''}</td>
                  <td className="px-2 py-1">{r.country ?? ''}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.orderCount}</td>
                  <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{formatSpent(r.spent) || '—'}</td>
                  <td className="px-2 py-1 whitespace-nowrap text-gray-700 tabular-nums">{formatStamp(r.lastOrderTime) || '—'}</td>
                  <td className="px-2 py-1 whitespace-nowrap text-gray-700 tabular-nums">{formatDay(r.registeredTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffListBody>

      <StaffPager page={page} pages={pager ? pages : 0} onPage={(p) => set('page', String(p))} />
    </section>
  );
}
