import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card, SkeletonField } from '@/components/ui/SkeletonField';

const COLUMNS = ['image', 'supplier', 'itemId', 'name', 'style', 'unitPrice', 'quantity', 'moq', 'amount', 'actions'] as const;
const SUMMARY = ['itemCount', 'itemAmount', 'grossWeight', 'volume', 'volumeWeight', 'estimatedShipping'] as const;

/**
 * Cart and checkout (spec section 2): title and search, the lines (cards on mobile, a table on
 * desktop), and the right column with delivery address, shipping and payment, and the order
 * summary. Lines and totals plug in here.
 */
export function CartScreen() {
  const { t } = useTranslation('cart');
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
        <div className="relative w-full sm:w-80">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
          <input type="search" disabled aria-label={t('searchLabel')} placeholder={t('searchPlaceholder')} className="h-10 w-full rounded-md border border-gray-300 bg-white pr-3 pl-9 text-sm disabled:bg-gray-100" />
        </div>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card title={t('items')} className="min-w-0">
          <div className="hidden overflow-x-auto md:block" aria-busy="true">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-xs text-gray-500">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                      {t(`columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[0, 1, 2].map((row) => (
                  <tr key={row} className="border-b border-gray-100">
                    {COLUMNS.map((column) => (
                      <td key={column} className="px-2 py-3">
                        <Skeleton className={column === 'image' ? 'size-12' : 'h-4 w-full min-w-8'} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="space-y-3 md:hidden" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex gap-3 rounded-md border border-gray-100 p-3">
                <Skeleton className="size-16 shrink-0" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-4/5" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-8 w-28" />
                </div>
              </div>
            ))}
          </div>
        </Card>

        <div className="space-y-4">
          <Card title={t('address.title')}>
            <div className="space-y-2" aria-busy="true">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          </Card>
          <Card title={t('shipping.title')}>
            <div className="space-y-3">
              <SkeletonField label={t('shipping.method')} />
              <SkeletonField label={t('shipping.payment')} />
            </div>
          </Card>
          <Card title={t('summary.title')}>
            <dl className="space-y-2 text-sm">
              {SUMMARY.map((row) => (
                <div key={row} className="flex items-center justify-between gap-4">
                  <dt className="text-gray-600">{t(`summary.${row}`)}</dt>
                  <dd>
                    <Skeleton className="h-4 w-16" />
                  </dd>
                </div>
              ))}
              <div className="flex items-center justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold">
                <dt>{t('summary.grandTotal')}</dt>
                <dd>
                  <Skeleton className="h-5 w-20" />
                </dd>
              </div>
            </dl>
            <SkeletonField className="mt-4" label={t('summary.comment')} tall />
            <button type="button" disabled className="mt-4 h-11 w-full rounded-md bg-brand-600 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:bg-brand-300">
              {t('summary.createOrder')}
            </button>
          </Card>
        </div>
      </div>
    </div>
  );
}
