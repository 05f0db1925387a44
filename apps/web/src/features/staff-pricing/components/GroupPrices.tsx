import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TCustomerGroup, type TGroupPriceList } from '@cubeshop/shared';
import { errorText, staffInput } from '@/components/staff/fields';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { Button } from '@/components/ui/Button';
import { toast } from '@/lib/stores/toast';
import { useQueryClient } from '@tanstack/react-query';
import { changeGroupPrices, groupKeys, useGroupChange, useGroupPrices } from '../api/groups';

const yuan = (v: number) => formatMoney(Math.round(v * 100), 'CNY');

type TGroupPrice = TGroupPriceList['data'][number];
const col = staffColumns<TGroupPrice>();
const NO_PRICES: TGroupPrice[] = [];

/**
 * A group's own prices (yuan): products that cost the group's buyers a price of their own instead
 * of the group's percentage. Add or change one by product id; remove any.
 */
export function GroupPrices({ group }: { group: TCustomerGroup }) {
  const { t, i18n } = useTranslation('groups');
  const prices = useGroupPrices(group.id);
  const client = useQueryClient();
  const change = useGroupChange(changeGroupPrices);
  const [itemId, setItemId] = useState('');
  const [price, setPrice] = useState('');
  const name = i18n.language === 'zh' ? group.nameZh : group.nameEn;
  const rows = prices.data?.data ?? NO_PRICES;

  const apply = (set: { itemId: number; price: number }[], remove: number[], done?: () => void) =>
    change.mutate(
      { id: group.id, change: { set, remove } },
      {
        onSuccess: (answer) => {
          client.setQueryData(groupKeys.prices(group.id), answer);
          toast.success(t('pricesSaved'));
          done?.();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );

  // The Remove buttons act through this (the columns stay the same while the screen changes).
  const remove = useRef((itemId: number) => apply([], [itemId]));
  remove.current = (itemId: number) => apply([], [itemId]);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('itemId', { header: t('itemId'), meta: { className: 'tabular-nums' } }),
        col.accessor('name', {
          header: t('product'),
          cell: (c) => (
            <span className="block max-w-[8rem] truncate sm:max-w-64" title={c.getValue()}>
              {c.getValue()}
            </span>
          ),
        }),
        col.accessor('shopPrice', { header: t('shopPrice'), meta: { align: 'end', className: 'text-gray-600', from: 'sm' }, cell: (c) => yuan(c.getValue()) }),
        col.accessor('price', { header: t('groupPrice'), meta: { align: 'end', className: 'font-medium whitespace-nowrap' }, cell: (c) => yuan(c.getValue()) }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('col.actions')}</span>,
          meta: { align: 'end', label: t('col.actions') },
          cell: ({ row: { original: p } }) => (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              onClick={() => remove.current(p.itemId)}
              aria-label={t('removeNamed', { name: p.name || p.itemId })}
            >
              {t('remove')}
            </Button>
          ),
        }),
      ]),
    [t],
  );

  function add(event: FormEvent) {
    event.preventDefault();
    const id = Number(itemId);
    const value = Number(price);
    if (!Number.isInteger(id) || id < 1 || !(value >= 0)) return;
    apply([{ itemId: id, price: Math.round(value * 100) / 100 }], [], () => {
      setItemId('');
      setPrice('');
    });
  }

  return (
    <section className="rounded border border-gray-200 bg-white p-3" aria-labelledby="group-prices-title" data-testid="group-prices">
      <h2 id="group-prices-title" className="text-sm font-semibold text-ink">
        {t('pricesTitle', { name })}
      </h2>
      <p className="mb-2 text-xs text-gray-600">{t('pricesHint', { percent: group.discountPercent })}</p>
      <form onSubmit={add} className="mb-2 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-0.5 text-sm">
          <span className="text-xs text-gray-600">{t('itemId')}</span>
          <input value={itemId} onChange={(e) => setItemId(e.target.value.replace(/\D/g, ''))} inputMode="numeric" required className={`${staffInput} w-32`} />
        </label>
        <label className="flex flex-col gap-0.5 text-sm">
          <span className="text-xs text-gray-600">{t('groupPrice')}</span>
          <input
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
            type="number"
            min={0}
            step={0.01}
            required
            className={`${staffInput} w-28`}
          />
        </label>
        <Button type="submit" size="sm" disabled={change.isPending}>
          {t('setPrice')}
        </Button>
      </form>
      <StaffTable
        label={t('pricesTitle', { name })}
        columns={columns}
        rows={rows}
        rowId={(p) => String(p.itemId)}
        rowData={() => ({ 'data-testid': 'group-price' })}
        query={prices}
        loadFailed={t('pricesLoadFailed')}
        empty={t('noPrices')}
        resetOn={group.id}
        cursor={false}
      />
    </section>
  );
}
