import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toMinor, type TStaffOrderDetail, type TCreditKind, type TCurrency } from '@cubeshop/shared';
import { LinePieces, piecesOf } from '@/components/staff/LinePieces';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { issueCredit, useOrderChange } from '../api/update-order';
import { formatStamp } from './badges';
import { errorText, input } from './parts';

/** Statuses in which the goods have left the warehouse: returned pieces may be credited. */
const LEFT = new Set(['outbound', 'delivery', 'complete']);

/**
 * The order's credit notes (returns, goodwill reductions: what they took off and why, who and
 * when) and the form to issue one (orders.sell): returned pieces at the price charged, once the
 * goods left, and/or an amount; the total and what may still be credited are shown as typed.
 */
export function CreditsCard({ detail, money, canIssue }: { detail: TStaffOrderDetail; money: (v: number, c?: TCurrency) => string; canIssue: boolean }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: Parameters<typeof issueCredit>[1]) => issueCredit(order.id, body));
  const left = LEFT.has(order.status);
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [kind, setKind] = useState<TCreditKind>(left ? 'return' : 'goodwill');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const count = (id: number) => piecesOf(pieces, id);
  const linesMinor = order.items.reduce((sum, l) => sum + count(l.id) * toMinor(l.actualPrice), 0);
  const extraMinor = Number.isFinite(Number(amount)) && Number(amount) > 0 ? toMinor(Number(amount)) : 0;
  const totalMinor = linesMinor + extraMinor;
  const roomMinor = toMinor(order.money.charged.total) - toMinor(order.money.credited);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) return setError(t('order.credits.reasonRequired'));
    if (totalMinor <= 0) return setError(t('order.credits.empty'));
    const lines = order.items.filter((l) => count(l.id) > 0).map((l) => ({ lineId: l.id, quantity: count(l.id) }));
    change.mutate(
      { kind, reason: reason.trim(), ...(lines.length ? { lines } : {}), ...(amount.trim() ? { amount: Number(amount) } : {}) },
      {
        onSuccess: () => {
          toast.success(t('order.credits.issued'));
          setPieces({});
          setAmount('');
          setReason('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }

  return (
    <Section title={t('order.credits.title')}>
      {order.credits.length === 0 ? (
        <p className="text-sm text-gray-600">{t('order.credits.none')}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm" data-testid="staff-credits">
          {order.credits.map((c) => (
            <li key={c.id} className="py-1">
              <div className="flex flex-wrap justify-between gap-x-3">
                <span>
                  <span className="font-medium">{c.number}</span> · {t(`order.credits.kind.${c.kind}`)}
                </span>
                <span className="tabular-nums text-violet-800">{money(-c.amount)}</span>
              </div>
              <p className="text-xs text-gray-700">{c.reason}</p>
              {c.lines.length ? (
                <p className="text-xs text-gray-500">{c.lines.map((l) => `${l.name}${l.typeName ? ` (${l.typeName})` : ''} × ${l.quantity}`).join(' · ')}</p>
              ) : null}
              <p className="text-xs text-gray-500">{t('order.credits.by', { name: c.createdBy ?? '—', time: formatStamp(c.createdTime) })}</p>
            </li>
          ))}
        </ul>
      )}
      {canIssue ? (
        <form onSubmit={onSubmit} className="mt-3 space-y-2 border-t border-gray-100 pt-3 text-sm" aria-label={t('order.credits.issue')}>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-0.5">
              <span className="text-xs text-gray-600">{t('order.credits.issue')}</span>
              <select value={kind} onChange={(e) => setKind(e.target.value as TCreditKind)} className={input}>
                {(['return', 'goodwill'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`order.credits.kind.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-40 flex-1 flex-col gap-0.5">
              <span className="text-xs text-gray-600">{t('order.credits.reason')}</span>
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className={input} />
            </label>
          </div>
          {left ? (
            <LinePieces
              legend={t('order.credits.lines')}
              lines={order.items.map((l) => ({
                id: l.id,
                name: l.name,
                typeName: l.typeName,
                note: money(l.actualPrice),
                max: l.actualQuantity - l.creditedQuantity,
              }))}
              values={pieces}
              onChange={setPieces}
            />
          ) : (
            <p className="text-xs text-gray-600">{t('order.credits.linesBeforeShipping')}</p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-0.5">
              <span className="text-xs text-gray-600">{t('order.credits.amount', { currency: order.currency })}</span>
              <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" className={cn(input, 'w-32 tabular-nums')} />
            </label>
            <p className="pb-1 text-xs text-gray-600" data-testid="credit-total">
              {t('order.credits.total', { amount: money(totalMinor / 100) })} · {t('order.credits.room', { amount: money(roomMinor / 100) })}
            </p>
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('order.credits.submit')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </Section>
  );
}
