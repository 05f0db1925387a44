import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, recordMethodFor, toMinor, type TStaffOrderRequest, type TPaymentCreate, type TRequestDecided } from '@cubeshop/shared';
import { errorText, PaymentMethodField, PaymentReferenceField, staffInput as input } from '@/components/staff/fields';
import { LinePieces, piecesOf } from '@/components/staff/LinePieces';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useDecideRequest, useRecordRefund, useRequestOrder } from '../api/requests';
import { useRefundFollowUp } from '../lib/follow-up';
import { formText } from '@/lib/form-data';

/**
 * Approving a return (docs/orders.md, After-sales): staff choose what the buyer sends back, per
 * line (pieces that left and are not credited yet, at the price charged) and any further amount
 * (freight, goodwill); one decision approves the request and issues that credit note, and what
 * was paid for it becomes the refund due, which the follow-up offers to record at once.
 */
export function ReturnApprovalDialog({ request: r, note, onClose }: { request: TStaffOrderRequest; note: string; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const order = useRequestOrder(r.orderId, true);
  const decide = useDecideRequest();
  const followUp = useRefundFollowUp((s) => s.show);
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const [extra, setExtra] = useState('');
  const [reason, setReason] = useState(note);
  const [error, setError] = useState<string | null>(null);
  const money = (v: number) => formatMoney(Math.round(v * 100), r.order.currency);
  const lines = order.data?.order.items ?? [];
  const count = (id: number) => piecesOf(pieces, id);
  const extraMinor = Number(extra) > 0 && Number.isFinite(Number(extra)) ? toMinor(Number(extra)) : 0;
  const totalMinor = lines.reduce((sum, l) => sum + count(l.id) * toMinor(l.actualPrice), 0) + extraMinor;

  function approve(withCredit: boolean) {
    setError(null);
    const chosen = lines.filter((l) => count(l.id) > 0).map((l) => ({ lineId: l.id, quantity: count(l.id) }));
    const body = {
      decision: 'approve' as const,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(withCredit
        ? {
            credit: {
              ...(chosen.length ? { lines: chosen } : {}),
              ...(extraMinor ? { amount: extraMinor / 100 } : {}),
              ...(reason.trim() ? { reason: reason.trim() } : {}),
            },
          }
        : {}),
    };
    decide.mutate(
      { id: r.id, body },
      {
        onSuccess: (answer: TRequestDecided) => {
          onClose();
          if (answer.refundDue > 0 && order.data) {
            followUp({ orderId: r.orderId, currency: r.order.currency, refundDue: answer.refundDue, method: recordMethodFor(order.data.order.payMethod.id) });
          } else toast.success(t(withCredit ? 'requests.noRefundDue' : 'requests.approvedDone'));
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    approve(true);
  }

  return (
    <Dialog open onClose={onClose} title={t('requests.creditTitle', { id: r.orderId })} className="sm:max-w-2xl">
      <form onSubmit={onSubmit} className="mt-2 space-y-3 text-sm">
        <p className="text-gray-700">{t('requests.creditIntro')}</p>
        {!order.data ? (
          <p className="flex items-center gap-2 text-gray-600">
            <Spinner className="size-4" label="" /> {t('requests.loadingOrder')}
          </p>
        ) : (
          <LinePieces
            legend={t('requests.creditLines')}
            lines={lines.map((l) => ({ id: l.id, name: l.name, typeName: l.typeName, note: money(l.actualPrice), max: l.actualQuantity - l.creditedQuantity }))}
            values={pieces}
            onChange={setPieces}
          />
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('requests.creditExtra', { currency: r.order.currency })}</span>
            <input value={extra} onChange={(e) => setExtra(e.target.value)} inputMode="decimal" className={cn(input, 'tabular-nums')} />
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('requests.creditReason')}</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder={r.reason.slice(0, 80)} className={input} />
          </label>
        </div>
        <p className="font-medium text-ink" data-testid="return-credit-total">
          {t('requests.creditTotal', { amount: money(totalMinor / 100) })}
        </p>
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => approve(false)} disabled={decide.isPending}>
            {t('requests.approveNoCredit')}
          </Button>
          <Button type="submit" disabled={decide.isPending || totalMinor <= 0}>
            {t('requests.approveCredit', { amount: money(totalMinor / 100) })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The refund a decision left owing (a return's credit note, a paid order cancelled), prefilled
 * with exactly what is owed back and the order's own way of paying; it stays on screen although
 * the decided request left the open list. Rendered by the pages that show requests.
 */
export function RefundFollowUp() {
  const { t } = useTranslation('staff');
  const { current, close } = useRefundFollowUp();
  const refund = useRecordRefund();
  const [error, setError] = useState<string | null>(null);
  if (!current) return null;
  const money = (v: number) => formatMoney(Math.round(v * 100), current.currency);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!current) return;
    const form = new FormData(event.currentTarget);
    const reference = formText(form, 'reference').trim();
    const body: TPaymentCreate = {
      kind: 'refund',
      amount: Number(form.get('amount')),
      currency: current.currency,
      method: formText(form, 'method') as TPaymentCreate['method'],
      ...(reference ? { reference } : {}),
    };
    setError(null);
    refund.mutate(
      { orderId: current.orderId, body },
      {
        onSuccess: () => {
          toast.success(t('requests.refunded'));
          close();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }
  return (
    <Dialog open onClose={close} title={t('requests.refundTitle')}>
      <form onSubmit={onSubmit} className="mt-2 space-y-3 text-sm" aria-label={t('requests.refundTitle')}>
        <p className="text-violet-900">{t('requests.refundStep', { amount: money(current.refundDue) })}</p>
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('requests.refundAmount', { currency: current.currency })}</span>
            <input name="amount" required inputMode="decimal" defaultValue={current.refundDue.toFixed(2)} className={cn(input, 'tabular-nums')} />
          </label>
          <PaymentMethodField defaultValue={current.method} />
          <PaymentReferenceField />
        </div>
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Link to={`/admin/orders/${current.orderId}`} onClick={close} className="mr-auto text-brand-700 hover:underline">
            {t('order.title', { id: current.orderId })}
          </Link>
          <Button type="button" variant="secondary" onClick={close}>
            {t('requests.refundLater')}
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {t('requests.recordRefund')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
