import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatMoney,
  ORDER_REQUEST_NOTE_MAX,
  recordMethodFor,
  staffCan,
  type TStaffOrderRequest,
  type TPaymentCreate,
  type TStaffRole,
} from '@cubeshop/shared';
import { errorText, PaymentMethodField, PaymentReferenceField, staffInput as input } from '@/components/staff/fields';
import { AuthedImage } from '@/components/ui/AuthedImage';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { getLocale } from '@/lib/locale';
import { toast } from '@/lib/stores/toast';
import { useDecideRequest, useRecordRefund } from '../api/requests';
import { useRefundFollowUp } from '../lib/follow-up';
import { ReturnApprovalDialog } from './ReturnApproval';
import { formText } from '@/lib/form-data';

const STATUS_TONE: Record<TStaffOrderRequest['status'], string> = {
  open: 'border-amber-200 bg-amber-50 text-amber-800',
  approved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  refused: 'border-gray-300 bg-gray-100 text-gray-700',
};

/** "3 h ago", "2 days ago" in the staff member's language. */
export function age(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  const format = new Intl.RelativeTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en', { numeric: 'auto', style: 'short' });
  if (Math.abs(minutes) < 60) return format.format(-minutes, 'minute');
  if (Math.abs(minutes) < 48 * 60) return format.format(-Math.round(minutes / 60), 'hour');
  return format.format(-Math.round(minutes / 1440), 'day');
}

/**
 * One after-sales request for staff: order, buyer, kind, reason, photos and age; approve or
 * refuse with a note (orders.sell). Approving a return opens the choice of what comes back (a
 * credit note); a decision that leaves money owed back hands the refund to RefundFollowUp, which
 * stays on screen when the request leaves the open list. An approved request with a refund still
 * due keeps the refund form (payments.record), prefilled with exactly that.
 */
export function RequestCard({ request: r, role, showOrder = true }: { request: TStaffOrderRequest; role: TStaffRole | null; showOrder?: boolean }) {
  const { t } = useTranslation('staff');
  const { t: tOrders } = useTranslation('orders');
  const decide = useDecideRequest();
  const followUp = useRefundFollowUp((f) => f.show);
  const [approving, setApproving] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const noteId = useId();
  const money = (v: number) => formatMoney(Math.round(v * 100), r.order.currency);

  function send(decision: 'approve' | 'refuse') {
    setError(null);
    if (decision === 'refuse' && !note.trim()) {
      setError(t('requests.noteRequired'));
      return;
    }
    if (decision === 'approve' && r.kind === 'return') {
      setApproving(true);
      return;
    }
    decide.mutate(
      { id: r.id, body: { decision, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: (answer) => {
          if (answer.refundDue > 0 && staffCan(role, 'payments.record')) {
            followUp({ orderId: r.orderId, currency: r.order.currency, refundDue: answer.refundDue, method: recordMethodFor(r.order.payMethod) });
          } else toast.success(t(decision === 'approve' ? 'requests.approvedDone' : 'requests.refusedDone'));
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }

  return (
    <article
      className="rounded border border-gray-200 bg-white p-3 text-sm"
      data-testid="staff-request"
      aria-label={t('requests.itemLabel', { id: r.orderId, kind: t(`requests.kind.${r.kind}`) })}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {showOrder ? (
          <Link to={`/admin/orders/${r.orderId}`} className="font-semibold text-brand-700 tabular-nums hover:underline">
            {t('order.title', { id: r.orderId })}
          </Link>
        ) : null}
        <span className="font-medium text-ink">{t(`requests.kind.${r.kind}`)}</span>
        <span className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_TONE[r.status])} data-testid="staff-request-status">
          {t(`requests.status.${r.status}`)}
        </span>
        <span className="text-xs text-gray-500" title={r.createdTime}>
          {age(r.createdTime)}
        </span>
        <span className="text-gray-700">
          {r.buyer.name || r.buyer.account}
          {r.buyer.email ? <span className="ml-1 text-xs text-gray-500">{r.buyer.email}</span> : null}
        </span>
        <span className="text-xs text-gray-600">
          {t('requests.orderStatus', {
            status: tOrders(`status.${r.order.status}`),
            payment: tOrders(`paymentStatus.${r.order.paymentStatus}`),
            owed: money(r.order.owed),
            paid: money(r.order.netPaid),
          })}
        </span>
      </header>
      <p className="mt-2 whitespace-pre-line break-words text-ink">{r.reason}</p>
      {r.photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('requests.photos')}>
          {r.photos.map((path, i) => (
            <li key={path}>
              <button
                type="button"
                onClick={() => setViewing(i)}
                className="block rounded focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={t('requests.viewPhoto', { n: i + 1 })}
              >
                <AuthedImage path={path} alt={t('requests.photoN', { n: i + 1 })} className="size-16 rounded border border-gray-200" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewing !== null && r.photos[viewing] ? (
        <Dialog open onClose={() => setViewing(null)} title={t('requests.photoN', { n: viewing + 1 })} className="sm:max-w-3xl">
          <AuthedImage path={r.photos[viewing]} alt={t('requests.photoN', { n: viewing + 1 })} className="max-h-[75vh] w-full object-contain" />
        </Dialog>
      ) : null}
      {r.status !== 'open' ? (
        <p className="mt-2 text-xs text-gray-600">
          {t('requests.decided', { name: r.decidedBy ?? '-', time: r.decidedTime ? age(r.decidedTime) : '' })}
          {r.decisionNote ? <span className="block text-sm whitespace-pre-line text-gray-800">{r.decisionNote}</span> : null}
        </p>
      ) : staffCan(role, 'orders.sell') ? (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <label htmlFor={noteId} className="flex flex-1 flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('requests.note')}</span>
            <input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={ORDER_REQUEST_NOTE_MAX} className={cn(input, 'w-full')} />
          </label>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => send('approve')} disabled={decide.isPending}>
              {t(r.kind === 'cancel' ? 'requests.approveCancel' : 'requests.approveReturn')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => send('refuse')} disabled={decide.isPending}>
              {t('requests.refuse')}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
      {r.status === 'approved' && r.order.refundDue > 0 && staffCan(role, 'payments.record') ? <RefundForm request={r} money={money} /> : null}
      {approving ? <ReturnApprovalDialog request={r} note={note} onClose={() => setApproving(false)} /> : null}
    </article>
  );
}

function RefundForm({ request: r, money }: { request: TStaffOrderRequest; money: (v: number) => string }) {
  const { t } = useTranslation('staff');
  const refund = useRecordRefund();
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reference = formText(form, 'reference').trim();
    const body: TPaymentCreate = {
      kind: 'refund',
      amount: Number(form.get('amount')),
      currency: r.order.currency,
      method: formText(form, 'method') as TPaymentCreate['method'],
      ...(reference ? { reference } : {}),
    };
    setError(null);
    refund.mutate({ orderId: r.orderId, body }, { onSuccess: () => toast.success(t('requests.refunded')), onError: (err) => setError(errorText(err)) });
  }
  return (
    <form onSubmit={onSubmit} className="mt-3 rounded border border-violet-200 bg-violet-50 p-2" aria-label={t('requests.refundTitle')}>
      <p className="mb-2 text-violet-900">{t('requests.refundDue', { amount: money(r.order.refundDue) })}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('requests.refundAmount', { currency: r.order.currency })}</span>
          <input name="amount" required inputMode="decimal" defaultValue={r.order.refundDue.toFixed(2)} className={cn(input, 'tabular-nums')} />
        </label>
        <PaymentMethodField defaultValue={recordMethodFor(r.order.payMethod)} />
        <PaymentReferenceField />
        <div className="flex items-end">
          <Button type="submit" size="sm" disabled={refund.isPending}>
            {t('requests.recordRefund')}
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
