import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recordMethodFor, type TStaffOrderDetail, type TCurrency, type TPaymentCreate } from '@cubeshop/shared';
import { PaymentMethodField, PaymentReferenceField } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { recordPayment, useOrderChange } from '../api/update-order';
import { formatStamp } from './badges';
import { errorText, input } from './parts';
import { formText } from '@/lib/form-data';

/** A refusal that asks for confirmation: the payment is more than is owed (details.toPay, details.amount). */
const overpayment = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && typeof err.details?.toPay === 'number'
    ? { toPay: err.details.toPay, amount: Number(err.details.amount) }
    : null;

/**
 * Payments and refunds recorded for the order, and the form to record one. It starts at what is
 * left: the amount still to collect, or the refund due (order.money); the method at the order's
 * own way of paying. A payment beyond what is owed is confirmed first.
 */
export function PaymentsCard({ detail, money, canRecord }: { detail: TStaffOrderDetail; money: (v: number, c?: TCurrency) => string; canRecord: boolean }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const change = useOrderChange(order.id, (body: TPaymentCreate) => recordPayment(order.id, body));
  const { toPay, refundDue } = order.money;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const paidAt = formText(form, 'paidAt');
    const body: TPaymentCreate = {
      kind: form.get('kind') === 'refund' ? 'refund' : 'payment',
      amount: Number(form.get('amount')),
      currency: form.get('currency') === 'USD' ? 'USD' : 'CNY',
      method: formText(form, 'method') as TPaymentCreate['method'],
      ...(formText(form, 'reference').trim() ? { reference: formText(form, 'reference').trim() } : {}),
      ...(paidAt ? { paidAt: new Date(`${paidAt}T12:00:00+08:00`).toISOString() } : {}),
    };
    const target = event.currentTarget;
    const send = (confirmed: TPaymentCreate) =>
      change.mutate(confirmed, {
        onSuccess: () => {
          target.reset();
          toast.success(t('order.saved'));
        },
        onError: (err) => {
          const over = overpayment(err);
          if (!over || confirmed.confirmOverpayment) return toast.error(errorText(err));
          void confirmDialog({
            type: 'warning',
            title: t('order.overpay.title'),
            message: t('order.overpay.text', { amount: money(over.amount), toPay: money(over.toPay) }),
            confirmButtonText: t('order.overpay.confirm'),
            cancelButtonText: t('order.overpay.cancel'),
          }).then((yes) => yes && send({ ...confirmed, confirmOverpayment: true }));
        },
      });
    send(body);
  }
  return (
    <Section title={t('order.payments')}>
      {detail.payments.length === 0 ? (
        <p className="text-sm text-gray-600">{t('order.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {detail.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-1">
              <span>
                <span className={p.kind === 'refund' ? 'text-violet-800' : 'text-emerald-800'}>{t(`order.kind.${p.kind}`)}</span> ·{' '}
                {t(`order.methods.${p.method}`)}
                {p.reference ? <span className="ml-1 font-mono text-xs text-gray-600">{p.reference}</span> : null}
              </span>
              <span className="tabular-nums">
                {p.kind === 'refund' ? '−' : ''}
                {money(p.amount, p.currency)}
                {p.currency !== order.currency ? <span className="ml-1 text-xs text-gray-500">({money(p.orderAmount)})</span> : null}
              </span>
              <span className="w-full text-xs text-gray-500">
                {formatStamp(p.paidAt)} · {t('order.recorded', { name: p.recordedBy })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canRecord ? (
        <form onSubmit={onSubmit} className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" key={`${toPay}-${refundDue}`} aria-label={t('order.payments')}>
          {refundDue > 0 ? <p className="col-span-2 text-violet-800 sm:col-span-3">{t('order.refundDue', { amount: money(refundDue) })}</p> : null}
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">
              {t('order.kind.payment')}/{t('order.kind.refund')}
            </span>
            <select name="kind" className={input} defaultValue={refundDue > 0 ? 'refund' : 'payment'}>
              <option value="payment">{t('order.kind.payment')}</option>
              <option value="refund">{t('order.kind.refund')}</option>
            </select>
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.amount')}</span>
            <input
              name="amount"
              required
              inputMode="decimal"
              defaultValue={toPay > 0 ? toPay.toFixed(2) : refundDue > 0 ? refundDue.toFixed(2) : ''}
              className={cn(input, 'tabular-nums')}
            />
          </label>
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.currency')}</span>
            <select name="currency" className={input} defaultValue={order.currency}>
              <option value="CNY">CNY</option>
              <option value="USD">USD</option>
            </select>
          </label>
          <PaymentMethodField defaultValue={recordMethodFor(order.payMethod.id)} />
          <PaymentReferenceField />
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('order.paidAt')}</span>
            <input name="paidAt" type="date" className={input} />
          </label>
          <div className="col-span-2 sm:col-span-3">
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('order.record')}
            </Button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}
