import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_QUANTITY_MAX, STOCK_REASON_MAX, type TStockSheetRow } from '@cubeshop/shared';
import { errorText, staffInput } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/lib/stores/toast';
import { useSetStock } from '../api/stock';
import { nameOf, styleNameOf } from '../lib/names';

/** The typed count of a style: whole pieces from 0, else null. */
function piecesOf(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= ADMIN_QUANTITY_MAX ? n : null;
}

/**
 * Set the pieces on hand of a product's styles after counting them, with the reason (kept in the
 * activity log). Only the styles whose count changed are sent; a product not counted before gets
 * every style's count, so it is tracked from now on.
 */
export function CountDialog({ row, onClose }: { row: TStockSheetRow; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(row.styles.map((s) => [s.code, String(s.onHand)])));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetStock();
  const name = nameOf(row);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const counted = row.styles.map((s) => ({ typeCode: s.code, onHand: piecesOf(values[s.code] ?? ''), before: s.onHand }));
    if (counted.some((c) => c.onHand === null)) return setProblem(t('stock.badCount'));
    const lines = counted.filter((c) => !row.tracked || c.onHand !== c.before).map((c) => ({ typeCode: c.typeCode, onHand: c.onHand! }));
    if (lines.length === 0) return setProblem(t('stock.unchanged'));
    if (!reason.trim()) return setProblem(t('stock.reasonRequired'));
    setProblem(null);
    save.mutate(
      { itemId: row.id, body: { lines, reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success(t('stock.saved', { name }));
          onClose();
        },
        onError: (err) => setProblem(errorText(err)),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t('stock.countTitle', { name })} className="max-w-lg">
      <form onSubmit={onSubmit} className="mt-3 space-y-3 text-sm" noValidate>
        <p className="text-gray-600">{t('stock.countHelp')}</p>
        <fieldset>
          <legend className="text-xs text-gray-600">{t('stock.pieces')}</legend>
          <ul className="mt-1 divide-y divide-gray-100">
            {row.styles.map((s) => {
              const style = styleNameOf(s) || t('stock.noStyles');
              return (
                <li key={s.code} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="min-w-0">
                    <span className="block truncate">{style}</span>
                    {s.reserved > 0 ? <span className="text-xs text-gray-500">{t('stock.reservedNow', { count: s.reserved })}</span> : null}
                  </span>
                  <input
                    aria-label={t('stock.piecesOf', { style })}
                    inputMode="numeric"
                    value={values[s.code] ?? ''}
                    onChange={(e) => setValues({ ...values, [s.code]: e.target.value.replace(/[^\d]/g, '') })}
                    className={cn(staffInput, 'w-24 text-right tabular-nums')}
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('stock.reason')}</span>
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={STOCK_REASON_MAX}
            placeholder={t('stock.reasonPlaceholder')}
            className={staffInput}
          />
        </label>
        {problem ? (
          <p role="alert" className="rounded border border-red-200 bg-red-50 px-2 py-1 text-red-800">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={onClose}>
            {t('stock.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {t('stock.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
