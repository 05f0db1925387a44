import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_PAGE_SIZES, ZCustomerQuery, type TCustomerRow } from '@cubeshop/shared';
import { FilterActions } from '@/components/staff/FilterActions';
import { FilterForm, FilterText, PageSizeSelect } from '@/components/staff/filters';
import { useListParams } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { useCustomers } from '../api/customers';
import { formatDay, formatSpent, formatStamp } from '../lib/format';

const col = staffColumns<TCustomerRow>();

/**
 * The customer list (/admin/customers): buyers newest first, a search over account, name, e-mail,
 * phone and order id, kept in the URL with the page (ZCustomerQuery), column choice, and keyboard
 * use (/ search, j/k or arrows move, Enter open).
 */
export function CustomerList() {
  const { t } = useTranslation('staff');
  const list = useListParams(ZCustomerQuery);
  const navigate = useNavigate();
  const customers = useCustomers(list);
  const rows = useMemo(() => customers.data?.data ?? [], [customers.data]);
  const searchBox = useRef<HTMLInputElement>(null);
  const pager = customers.data?.pager;

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('account', {
          header: t('customers.col.account'),
          enableHiding: false,
          meta: { className: 'font-medium whitespace-nowrap' },
          cell: (c) => (
            <>
              <Link
                to={`/admin/customers/${c.row.original.id}`}
                className="inline-block max-w-[14rem] truncate align-bottom text-brand-700 hover:underline"
                title={c.getValue()}
              >
                {c.getValue()}
              </Link>
              {c.row.original.disabledTime ? <span className="ml-1.5 rounded bg-red-100 px-1 text-xs text-red-800">{t('customers.disabled')}</span> : null}
            </>
          ),
        }),
        col.accessor('name', { header: t('customers.col.name'), meta: { className: 'max-w-[12rem] truncate' } }),
        col.accessor('email', {
          header: t('customers.col.email'),
          meta: { className: 'max-w-[16rem] truncate text-gray-700' },
          cell: (c) => c.getValue() ?? '',
        }),
        col.accessor('mobile', {
          header: t('customers.col.mobile'),
          meta: { className: 'whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => c.getValue() ?? '',
        }),
        col.accessor('country', { header: t('customers.col.country'), cell: (c) => c.getValue() ?? '' }),
        col.accessor('orderCount', { id: 'orders', header: t('customers.col.orders'), meta: { align: 'end' } }),
        col.accessor('spent', {
          header: t('customers.col.spent'),
          meta: { align: 'end', className: 'whitespace-nowrap' },
          cell: (c) => formatSpent(c.getValue()) || '—',
        }),
        col.accessor('lastOrderTime', {
          id: 'lastOrder',
          header: t('customers.col.lastOrder'),
          meta: { className: 'whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => formatStamp(c.getValue()) || '—',
        }),
        col.accessor('registeredTime', {
          id: 'registered',
          header: t('customers.col.registered'),
          meta: { className: 'whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => formatDay(c.getValue()),
        }),
      ]),
    [t],
  );

  return (
    <section aria-labelledby="customers-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="customers-title" className="text-lg font-semibold text-ink">
          {t('customers.title')}
        </h1>
        {pager ? <span className="text-sm text-gray-600">{t('customers.found', { count: pager.recTotal })}</span> : null}
        <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('customers.keys')}</span>
      </div>

      <FilterForm list={list} fields={['q']}>
        <FilterText
          search
          inputRef={searchBox}
          name="q"
          label={t('customers.searchLabel')}
          defaultValue={list.params.get('q') ?? ''}
          placeholder={t('customers.search')}
          className="min-w-[14rem]"
        />
        <PageSizeSelect
          label={t('customers.pageSize')}
          value={list.values.recPerPage}
          sizes={CUSTOMER_PAGE_SIZES}
          onChange={(n) => list.set('recPerPage', n)}
        />
        <FilterActions
          apply={t('customers.apply')}
          clear={t('customers.clear')}
          filtered={list.filtered}
          onClear={list.reset}
          fetching={customers.isFetching}
        />
      </FilterForm>

      <StaffTable
        label={t('customers.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.id)}
        query={customers}
        loadFailed={t('customers.loadFailed')}
        empty={t('customers.empty')}
        columnsKey="customers"
        searchBox={searchBox}
        resetOn={list.search}
        onOpen={(row) => void navigate(`/admin/customers/${row.id}`)}
      />

      <StaffPager pager={pager} onPage={list.setPage} />
    </section>
  );
}
