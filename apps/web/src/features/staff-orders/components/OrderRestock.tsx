import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStaffOrderDetail } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { restockOrder, useOrderChange } from '../api/update-order';
import { errorText, input } from './parts';

/**
 * Returned goods (orders.fulfil): per line what left with the order and what came back so far;
 * the warehouse confirms what arrived, and it goes on hand again (docs/orders.md, Returns).
 */
export function RestockCard({ detail, canReceive }: { detail: TStaffOrderDetail; canReceive: boolean }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: Parameters<typeof restockOrder>[1]) => restockOrder(order.id, body));
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A line may come back at most as many times as it left.
  const shipped = (l: (typeof order.items)[number]) => l.shippedQuantity ?? 0;
  const count = (id: number) => Math.max(0, Math.floor(Number(pieces[id] ?? 0)) || 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const lines = order.items.filter((l) => count(l.id) > 0).map((l) => ({ lineId: l.id, quantity: count(l.id) }));
    if (!lines.length) return setError(t('order.restock.empty'));
    const total = lines.reduce((a, l) => a + l.quantity, 0);
    change.mutate(
      { lines, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(t('order.restock.done', { count: total }));
          setPieces({});
          setNote('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }

  return (
    <Section title={t('order.restock.title')}>
      <form onSubmit={onSubmit} className="text-sm" aria-label={t('order.restock.title')}>
        {canReceive ? <p className="mb-2 text-xs text-gray-600">{t('order.restock.intro')}</p> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <thead className="bg-gray-50 text-xs text-gray-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-medium">
                  {t('order.col.product')}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('order.restock.shipped')}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('order.restock.back')}
                </th>
                {canReceive ? (
                  <th scope="col" className="px-2 py-1 text-right font-medium">
                    {t('order.restock.receive')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {order.items.map((l) => {
                const max = shipped(l) - l.returnedQuantity;
                return (
                  <tr key={l.id} className="border-t border-gray-100">
                    <td className="px-2 py-1">
                      {l.name}
                      {l.typeName ? <span className="text-gray-500"> · {l.typeName}</span> : null}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{shipped(l)}</td>
                    <td className="px-2 py-1 text-right tabular-nums" data-testid="restock-returned">
                      {l.returnedQuantity}
                    </td>
                    {canReceive ? (
                      <td className="px-2 py-1 text-right">
                        <input
                          aria-label={`${t('order.restock.receive')}: ${l.name}`}
                          inputMode="numeric"
                          value={pieces[l.id] ?? ''}
                          onChange={(e) => setPieces({ ...pieces, [l.id]: e.target.value.replace(/\D/g, '') })}
                          disabled={max <= 0}
                          placeholder={max > 0 ? `≤ ${max}` : ''}
                          className={cn(input, 'w-20 text-right tabular-nums')}
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {canReceive ? (
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <label className="flex min-w-40 flex-1 flex-col gap-0.5">
              <span className="text-xs text-gray-600">{t('order.restock.note')}</span>
              <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className={input} />
            </label>
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('order.restock.submit')}
            </Button>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Section>
  );
}
