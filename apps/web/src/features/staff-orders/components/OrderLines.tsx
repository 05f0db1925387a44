import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVolume, formatWeight, type TStaffOrderDetail, type TOrderLine } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { adjustOrderLine, useOrderChange } from '../api/update-order';
import { errorText, input } from './parts';
import { AddLineForm, RemoveLineButton } from './OrderLineEdits';

/** The order's lines with the packed quantity and actual price edited in place (Enter or leaving the field saves). */
/**
 * `canEdit`: the role may add and remove lines (orders.sell); they change only before the order is
 * outbound (docs/orders.md, Editing an order before it leaves), else the card says why.
 */
export function LinesCard({
  detail,
  money,
  canPack,
  canPrice,
  canEdit = false,
}: {
  detail: TStaffOrderDetail;
  money: (v: number) => string;
  canPack: boolean;
  canPrice: boolean;
  canEdit?: boolean;
}) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const locked = order.status === 'confirm' ? null : t('lineEdit.locked');
  const blockedOf = (line: TOrderLine) => locked ?? (order.items.length <= 1 ? t('lineEdit.lastLine') : line.shippedQuantity ? t('lineEdit.shipped') : null);
  return (
    <Section title={`${t('order.lines')} (${order.items.length})`}>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              {(['product', 'type', 'quantity', 'actualQuantity', 'price', 'actualPrice', 'amount', 'weight', 'volume'] as const).map((c) => (
                <th key={c} scope="col" className={cn('px-2 py-1 font-medium whitespace-nowrap', c !== 'product' && c !== 'type' && 'text-right')}>
                  {t(`order.col.${c}`)}
                </th>
              ))}
              {canEdit ? (
                <th scope="col" className="px-2 py-1">
                  <span className="sr-only">{t('lineEdit.remove')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {order.items.map((line) => (
              <LineRow
                key={line.id}
                orderId={order.id}
                line={line}
                money={money}
                canPack={canPack}
                canPrice={canPrice}
                remove={canEdit ? <RemoveLineButton orderId={order.id} line={line} blocked={blockedOf(line)} /> : null}
              />
            ))}
          </tbody>
        </table>
      </div>
      {canEdit ? <AddLineForm key={order.items.length} detail={detail} locked={locked} /> : null}
    </Section>
  );
}

function LineRow({
  orderId,
  line,
  money,
  canPack,
  canPrice,
  remove,
}: {
  orderId: number;
  line: TOrderLine;
  money: (v: number) => string;
  canPack: boolean;
  canPrice: boolean;
  remove?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const change = useOrderChange(orderId, (body: { actualQuantity?: number; actualPrice?: number }) => adjustOrderLine(orderId, line.id, body));
  const save = (body: { actualQuantity?: number; actualPrice?: number }) =>
    change.mutate(body, { onSuccess: () => toast.success(t('order.saved')), onError: (err) => toast.error(errorText(err)) });
  const edited = (value: string, current: number, apply: (n: number) => void) => {
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n) && n >= 0 && n !== current) apply(n);
  };
  return (
    <tr className="border-t border-gray-100 align-middle">
      <td className="px-2 py-1">
        <div className="flex items-center gap-2">
          <img src={line.thumbnail} alt="" width={36} height={36} loading="lazy" className="size-9 rounded border border-gray-100 object-cover" />
          <span className="min-w-0">
            <span className="block truncate">{line.name}</span>
            <span className="block text-xs text-gray-500">
              #{line.itemId} · {line.supplier}
              {line.creditedQuantity ? (
                <span className="ml-1 text-violet-800">
                  · {t('order.col.credited')} {line.creditedQuantity}
                </span>
              ) : null}
              {line.returnedQuantity ? (
                <span className="ml-1 text-violet-800">
                  · {t('order.col.returned')} {line.returnedQuantity}
                </span>
              ) : null}
            </span>
          </span>
        </div>
      </td>
      <td className="px-2 py-1 text-gray-700">{line.typeName ?? line.type}</td>
      <td className="px-2 py-1 text-right tabular-nums">{line.quantity}</td>
      <td className="px-2 py-1 text-right">
        {canPack ? (
          <input
            aria-label={`${t('order.col.actualQuantity')}: ${line.name}`}
            inputMode="numeric"
            defaultValue={line.actualQuantity}
            key={line.actualQuantity}
            onBlur={(e) => edited(e.target.value, line.actualQuantity, (n) => save({ actualQuantity: Math.round(n) }))}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            className={cn(input, 'w-20 text-right tabular-nums', line.actualQuantity !== line.quantity && 'border-amber-400 bg-amber-50')}
          />
        ) : (
          <span className="tabular-nums" title={line.shippedQuantity !== null ? t('order.packLocked') : undefined}>
            {line.actualQuantity}
          </span>
        )}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{money(line.discountPrice)}</td>
      <td className="px-2 py-1 text-right">
        {canPrice ? (
          <input
            aria-label={`${t('order.col.actualPrice')}: ${line.name}`}
            inputMode="decimal"
            defaultValue={line.actualPrice.toFixed(2)}
            key={line.actualPrice}
            onBlur={(e) => edited(e.target.value, line.actualPrice, (n) => save({ actualPrice: n }))}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            className={cn(input, 'w-24 text-right tabular-nums', line.actualPrice !== line.discountPrice && 'border-amber-400 bg-amber-50')}
          />
        ) : (
          <span className="tabular-nums">{money(line.actualPrice)}</span>
        )}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{money(line.actualAmount)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{line.totalGw === null ? '' : formatWeight(line.totalGw)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{line.totalVolume === null ? '' : formatVolume(line.totalVolume)}</td>
      {remove ? <td className="px-2 py-1 text-right">{remove}</td> : null}
    </tr>
  );
}
