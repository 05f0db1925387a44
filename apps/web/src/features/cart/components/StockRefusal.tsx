import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { maxOrderable, type TCartItem } from '@cubeshop/shared';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/stores/toast';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import type { TStockShortLine } from '../lib/checkout';

const ACTION = 'inline-flex h-8 items-center rounded-md border px-2.5 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A short line as it stands in the cart now (the buyer may have changed it since the refusal); the
 * pieces left are the refusal's until the cart has been read again after it (`fresh`).
 */
function standing(short: TStockShortLine, lines: readonly TCartItem[], fresh: boolean) {
  const line = lines.find((l) => l.itemId === short.itemId && l.type === short.typeCode);
  if (!line || line.preorder) return null;
  const available = fresh ? (line.available ?? short.available) : short.available;
  if (line.quantity <= available) return null;
  return { line, available, most: maxOrderable(available, line) ?? 0 };
}

function ShortLine({ short, line, available, most }: { short: TStockShortLine; line: TCartItem; available: number; most: number }) {
  const { t } = useTranslation('cart');
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  const failed = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.status === 401) return;
    toast.warning(isApiError(error) && error.status >= 400 && error.status < 500 && error.desc ? error.desc : fallback);
  };
  const lower = () => update.mutate({ id: line.id, quantity: most }, { onError: (error) => failed(error, t('errors.updateFailed')) });
  const drop = () =>
    remove.mutate(line.id, {
      onSuccess: () => toast.success(t('line.deleted')),
      onError: (error) => failed(error, t('errors.deleteFailed')),
    });
  const style = line.typeName ?? (line.type || null);
  return (
    <li className="rounded-md border border-red-200 bg-white px-3 py-2" data-testid="stock-refusal-line" data-item-id={short.itemId} data-type={short.typeCode}>
      <p className="font-medium break-words text-ink">
        {line.name}
        {style ? <span className="font-normal text-gray-600"> · {style}</span> : null}
      </p>
      <p className="text-xs text-red-800">
        {most > 0 ? t('refusal.line', { requested: line.quantity, count: available }) : t('refusal.out', { requested: line.quantity })}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {most > 0 ? (
          <button type="button" onClick={lower} disabled={busy} className={`${ACTION} border-brand-600 bg-brand-600 text-white hover:bg-brand-700`}>
            {t('stock.lowerTo', { count: most })} <span className="sr-only">{line.name}</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={drop}
          disabled={busy}
          className={`${ACTION} border-gray-300 bg-white text-gray-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
        >
          {t('stock.remove')} <span className="sr-only">{line.name}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * An order refused for stock (docs/catalog.md, Stock): which lines ask for more than is left,
 * each with one-press fixes (lower to what is left, in whole order multiples, or remove it), read
 * against the cart as it is now so a fixed line leaves the list; when none is left, it says the
 * order can be placed. Never the generic "could not process your order" banner: nothing is wrong
 * with the payment, the goods are short.
 */
export function StockRefusal({
  shortLines,
  lines,
  fresh,
  onDismiss,
}: {
  shortLines: readonly TStockShortLine[];
  lines: readonly TCartItem[];
  fresh: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('cart');
  const open = shortLines.flatMap((short) => {
    const now = standing(short, lines, fresh);
    return now ? [{ short, ...now }] : [];
  });
  if (open.length === 0) {
    return (
      <div
        role="status"
        className="mt-3 flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        data-testid="stock-refusal"
        data-resolved="true"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 flex-1">{t('refusal.resolved')}</p>
        <button type="button" onClick={onDismiss} aria-label={t('refusal.dismiss')} className="rounded p-0.5 text-emerald-700 hover:bg-emerald-100">
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="stock-refusal">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t('refusal.title')}</p>
          <p className="mt-0.5">{t('refusal.text', { count: open.length })}</p>
        </div>
      </div>
      <ul className="mt-2 space-y-2">
        {open.map(({ short, line, available, most }) => (
          <ShortLine key={`${short.itemId}|${short.typeCode}`} short={short} line={line} available={available} most={most} />
        ))}
      </ul>
    </div>
  );
}
