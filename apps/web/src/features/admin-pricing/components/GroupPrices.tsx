import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TCustomerGroup } from '@cubeshop/shared';
import { errorText, staffInput } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useQueryClient } from '@tanstack/react-query';
import { changeGroupPrices, groupKeys, useGroupChange, useGroupPrices } from '../api/groups';

const yuan = (v: number) => formatMoney(Math.round(v * 100), 'CNY');

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
          <input value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" type="number" min={0} step={0.01} required className={`${staffInput} w-28`} />
        </label>
        <Button type="submit" size="sm" disabled={change.isPending}>
          {t('setPrice')}
        </Button>
      </form>
      {!prices.data ? (
        <Spinner className="size-5" label="…" />
      ) : prices.data.data.length === 0 ? (
        <p className="text-sm text-gray-500">{t('noPrices')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm">
            <thead className="text-left text-xs text-gray-600">
              <tr>
                <th className="py-1 pr-2">{t('itemId')}</th>
                <th className="py-1 pr-2">{t('product')}</th>
                <th className="py-1 pr-2 text-right">{t('shopPrice')}</th>
                <th className="py-1 pr-2 text-right">{t('groupPrice')}</th>
                <th className="py-1">
                  <span className="sr-only">{t('col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.data.data.map((p) => (
                <tr key={p.itemId} className="border-t border-gray-100" data-testid="group-price">
                  <td className="py-1 pr-2 tabular-nums">{p.itemId}</td>
                  <td className="max-w-64 truncate py-1 pr-2" title={p.name}>
                    {p.name}
                  </td>
                  <td className="py-1 pr-2 text-right text-gray-600 tabular-nums">{yuan(p.shopPrice)}</td>
                  <td className="py-1 pr-2 text-right font-medium tabular-nums">{yuan(p.price)}</td>
                  <td className="py-1 text-right">
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => apply([], [p.itemId])} aria-label={t('removeNamed', { name: p.name || p.itemId })}>
                      {t('remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
