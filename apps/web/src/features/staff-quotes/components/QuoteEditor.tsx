import { useEffect, useState } from 'react';
import { Plus, Send, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, ZQuoteUpdate, type TStaffQuote, type TQuoteUpdate } from '@cubeshop/shared';
import { NumberField, TextAreaField, TextField } from '@/components/staff/form-fields';
import { Section } from '@/components/staff/Section';
import { applyServerError, StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { errorText } from '@/components/staff/server-error';
import { staffInput } from '@/components/staff/fields';
import { QuoteHistory } from '@/components/quotes/QuoteHistory';
import { QuotePdf } from '@/components/quotes/QuotePdf';
import { QuoteStatusBadge } from '@/components/quotes/QuoteStatusBadge';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { toast } from '@/lib/stores/toast';
import { useQuoteActions, useStaffQuote } from '../api/quotes';
import { ProductPicker } from './ProductPicker';

/** The form's values: the quote as PUT takes it. */
const valuesOf = (q: TStaffQuote): TQuoteUpdate => ({
  lines: q.lines.map((l) => ({ itemId: l.itemId, type: l.type, quantity: l.quantity, unitPrice: l.unitPrice })),
  freight: q.freight,
  validUntil: q.validUntil,
  note: q.note,
});

function Editor({ quote }: { quote: TStaffQuote }) {
  const { t } = useTranslation('quotes');
  const actions = useQuoteActions(quote.id);
  const form = useStaffForm(ZQuoteUpdate, { defaultValues: valuesOf(quote) });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [newItem, setNewItem] = useState('');
  const [newType, setNewType] = useState('');
  const [reason, setReason] = useState('');
  const closed = quote.status === 'accepted' || quote.status === 'withdrawn';
  const money = (v: number | null) => (v === null ? '—' : formatMoney(Math.round(v * 100), quote.currency));
  const names = new Map(quote.lines.map((l) => [`${l.itemId}/${l.type}`, l.typeName ? `${l.name} · ${l.typeName}` : l.name]));
  const { reset } = form;
  useEffect(() => reset(valuesOf(quote)), [quote, reset]);
  // One write at a time: Send pressed while a save is still on its way would reach the server
  // before the prices and freight it is meant to send.
  const busy = form.formState.isSubmitting || actions.save.isPending || actions.send.isPending;

  const save = async (body: TQuoteUpdate) => {
    await actions.save.mutateAsync(body);
    toast.success(t('staff.saved'));
  };
  const send = async () => {
    try {
      if (form.formState.isDirty) {
        const ok = await form.trigger();
        if (!ok) return;
        await actions.save.mutateAsync(ZQuoteUpdate.parse(form.getValues()));
      }
      await actions.send.mutateAsync();
      toast.success(t('staff.sentToast'));
    } catch (err) {
      applyServerError(form, err);
    }
  };
  const withdraw = async () => {
    try {
      await actions.withdraw.mutateAsync({ reason: reason.trim() || undefined });
      toast.success(t('staff.withdrawnToast'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const add = () => {
    const id = Number(newItem);
    if (!Number.isInteger(id) || id < 1) return;
    lines.append({ itemId: id, type: newType.trim(), quantity: 1, unitPrice: null });
    setNewItem('');
    setNewType('');
  };

  return (
    <StaffForm form={form} onSubmit={save} title={t('staff.editor')} testId="quote-editor">
      {/* min-w-0: a fieldset is at least as wide as its content, which would widen the page past a phone's
          screen instead of letting the lines' table scroll sideways. */}
      <fieldset disabled={closed} className="min-w-0 space-y-3">
        {/* relative: the lines' screen-reader labels (absolute) scroll with the table instead of widening the page. */}
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-left text-xs text-gray-600">
                <th className="py-1 pr-2 font-medium">{t('lines.product')}</th>
                <th className="w-24 py-1 pr-2 font-medium">{t('lines.quantity')}</th>
                <th className="w-28 py-1 pr-2 font-medium">{t('lines.unitPrice')}</th>
                <th className="py-1 pr-2 text-right font-medium">{t('lines.catalogPrice')}</th>
                <th className="w-10 py-1" />
              </tr>
            </thead>
            <tbody>
              {lines.fields.map((field, i) => {
                const itemId = Number(field.itemId);
                const type = field.type ?? '';
                const original = quote.lines.find((l) => l.itemId === itemId && l.type === type);
                const name = names.get(`${itemId}/${type}`) ?? t('staff.newLine', { id: itemId, type: type || '—' });
                return (
                  <tr key={field.id} className="border-b border-gray-100 align-top" data-testid="quote-line">
                    <td className="py-1 pr-2">
                      <span className="block">{name}</span>
                      <span className="text-xs text-gray-500">#{itemId}</span>
                    </td>
                    <td className="py-1 pr-2">
                      <NumberField label={<span className="sr-only">{t('staff.quantityOf', { name })}</span>} name={`lines.${i}.quantity`} step="1" />
                    </td>
                    <td className="py-1 pr-2">
                      <NumberField label={<span className="sr-only">{t('staff.priceOf', { name })}</span>} name={`lines.${i}.unitPrice`} nullable step="0.01" />
                    </td>
                    <td className="py-1 pr-2 text-right text-gray-600 tabular-nums">{money(original?.catalogPrice ?? null)}</td>
                    <td className="py-1">
                      <Button variant="ghost" size="sm" onClick={() => lines.remove(i)} aria-label={t('staff.remove', { name })}>
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <ProductPicker onAdd={(itemId, type) => lines.append({ itemId, type, quantity: 1, unitPrice: null })} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block text-xs text-gray-600">{t('staff.addId')}</span>
            <input
              className={`${staffInput} w-28`}
              inputMode="numeric"
              value={newItem}
              onChange={(e) => setNewItem(e.target.value.replace(/\D/g, ''))}
              data-testid="add-item-id"
            />
          </label>
          <label className="text-sm">
            <span className="mb-1 block text-xs text-gray-600">{t('staff.addType')}</span>
            <input className={`${staffInput} w-32`} value={newType} onChange={(e) => setNewType(e.target.value)} />
          </label>
          <Button variant="secondary" size="sm" onClick={add} disabled={!newItem}>
            <Plus aria-hidden="true" className="size-4" />
            {t('staff.add')}
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField label={t('staff.freight', { currency: quote.currency })} name="freight" nullable step="0.01" />
          <TextField label={t('staff.validUntil')} name="validUntil" type="date" />
          <TextAreaField label={t('staff.note')} name="note" rows={2} maxLength={1000} hint={t('staff.noteHint')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy} data-testid="save-quote">
            {t('staff.save')}
          </Button>
          <Button variant="secondary" onClick={() => void send()} disabled={busy || quote.status === 'sent'} data-testid="send-quote">
            <Send aria-hidden="true" className="size-4" />
            {t('staff.send')}
          </Button>
        </div>
      </fieldset>
      {!closed ? (
        <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-gray-100 pt-3">
          <label className="text-sm">
            <span className="mb-1 block text-xs text-gray-600">{t('staff.withdrawReason')}</span>
            <input className={`${staffInput} w-64`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </label>
          <Button variant="danger" size="sm" onClick={() => void withdraw()} disabled={actions.withdraw.isPending} data-testid="withdraw-quote">
            {t('staff.withdraw')}
          </Button>
        </div>
      ) : null}
    </StaffForm>
  );
}

/** /admin/quotes/{id}: the buyer's request and message, the editor (lines, prices, freight, validity, note), Save, Send, Withdraw, and the history. */
export function QuoteEditor({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation('quotes');
  const quote = useStaffQuote(quoteId);
  if (quote.isError && !quote.data)
    return (
      <QueryError
        className="py-12"
        error={quote.error}
        onRetry={() => void quote.refetch()}
        retrying={quote.isFetching}
        message={t('detail.failed')}
        notFoundMessage={t('detail.notFound')}
      />
    );
  if (!quote.data) return <Skeleton className="h-64 w-full" />;
  const q = quote.data;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/quotes" className="text-sm text-brand-700 hover:underline">
          {t('staff.back')}
        </Link>
        <h1 className="text-lg font-semibold text-ink">{t('number', { id: q.id })}</h1>
        <QuoteStatusBadge status={q.status} />
        <QuotePdf quoteId={q.id} path="/api/admin/quotes/{id}/pdf" />
      </div>
      <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-3">
          <Editor quote={q} />
        </div>
        <div className="space-y-3">
          <Section title={t('staff.request')}>
            <dl className="space-y-1 text-sm">
              <div>
                <dt className="inline text-gray-600">{t('staff.col.buyer')}: </dt>
                <dd className="inline">{[q.buyer.name || q.buyer.account, q.buyer.email].filter(Boolean).join(' · ')}</dd>
              </div>
              <div>
                <dt className="inline text-gray-600">{t('totals.total')}: </dt>
                <dd className="inline font-semibold tabular-nums" data-testid="staff-quote-total">
                  {formatMoney(Math.round(q.totalAmount * 100), q.currency)}
                </dd>
              </div>
              {q.orderId ? (
                <div>
                  <dt className="inline text-gray-600">{t('staff.order')}: </dt>
                  <dd className="inline">
                    <Link to={`/admin/orders/${q.orderId}`} className="text-brand-700 hover:underline">
                      {q.orderId}
                    </Link>
                  </dd>
                </div>
              ) : null}
            </dl>
            <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800">{q.message}</p>
          </Section>
          <Section title={t('detail.history')}>
            <QuoteHistory quote={q} staffNames />
          </Section>
        </div>
      </div>
    </div>
  );
}
