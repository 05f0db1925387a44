import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { deliveryOf, formatMoney, type TAddress, type TQuote } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/stores/toast';
import { useAcceptQuote, useQuote, useQuoteExpressMethods, useQuotePaymentMethods } from '../api/quotes';
import { QuoteHistory } from '@/components/quotes/QuoteHistory';
import { QuotePdf } from '@/components/quotes/QuotePdf';
import { QuoteStatusBadge } from '@/components/quotes/QuoteStatusBadge';

const moneyOf = (quote: Pick<TQuote, 'currency'>) => (v: number | null) => (v === null ? '–' : formatMoney(Math.round(v * 100), quote.currency));

/** The quote's lines and figures, as both the buyer's page and the PDF show them. */
export function QuoteLines({ quote }: { quote: TQuote }) {
  const { t } = useTranslation('quotes');
  const money = moneyOf(quote);
  return (
    <div>
      <table className="w-full text-sm" data-testid="quote-lines">
        <thead>
          <tr className="border-b border-gray-200 text-left text-xs text-gray-600">
            <th className="py-2 pr-2 font-medium">{t('lines.product')}</th>
            <th className="py-2 pr-2 text-right font-medium whitespace-nowrap">{t('lines.quantity')}</th>
            <th className="py-2 pr-2 text-right font-medium">{t('lines.unitPrice')}</th>
            <th className="py-2 text-right font-medium">{t('lines.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((l) => (
            <tr key={l.id} className="border-b border-gray-100">
              <td className="py-2 pr-2 break-words">
                <Link to={`/product/${l.itemId}`} className="text-ink hover:underline">
                  {l.name}
                </Link>
                {l.typeName ? <span className="text-gray-600"> · {l.typeName}</span> : null}
              </td>
              <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">{l.quantity}</td>
              <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">
                {money(l.unitPrice)}
                {l.catalogPrice !== null && l.unitPrice !== null && l.unitPrice < l.catalogPrice ? (
                  <span className="block text-xs text-gray-500 line-through">{money(l.catalogPrice)}</span>
                ) : null}
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{money(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 ml-auto max-w-xs space-y-1 text-sm" data-testid="quote-totals">
        <div className="flex justify-between">
          <dt className="text-gray-600">{t('totals.goods')}</dt>
          <dd className="tabular-nums">{money(quote.goodsAmount)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">{t('totals.freight')}</dt>
          <dd className="tabular-nums">{money(quote.freight)}</dd>
        </div>
        <div className="flex justify-between border-t border-gray-200 pt-1 font-semibold">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums" data-testid="quote-total">
            {money(quote.totalAmount)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function AcceptForm({ quote, address, addressCard }: { quote: TQuote; address: TAddress | null; addressCard: ReactNode }) {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const methods = useQuoteExpressMethods(address?.deliveryRegionId);
  const payments = useQuotePaymentMethods();
  const [method, setMethod] = useState('');
  const [payment, setPayment] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const accept = useAcceptQuote(quote.id);
  const chosenMethod = methods.data?.some((m) => m.id === method) ? method : '';
  const chosenPayment = payments.data?.some((p) => p.id === payment) ? payment : '';
  const ready = Boolean(address && chosenMethod && chosenPayment) && !accept.isPending;
  const surcharge = payments.data?.find((p) => p.id === chosenPayment)?.surchargePercent ?? 0;

  const submit = async () => {
    if (!address || !ready) return;
    setError(null);
    try {
      const done = await accept.mutateAsync({
        expressMethod: chosenMethod,
        payMethod: chosenPayment,
        ...deliveryOf(address),
        comment: comment.trim() || undefined,
      });
      toast.success(t('accept.done'));
      void navigate(`/order/${done.orderId}`);
    } catch (err) {
      setError(isApiError(err) ? err.desc : t('accept.failed'));
    }
  };

  const select = 'h-10 w-full rounded-md border border-gray-300 bg-white px-2 text-base sm:text-sm';
  return (
    <div className="space-y-4">
      {addressCard}
      <Card title={t('accept.title')}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="accept-form"
        >
          <div>
            <label htmlFor="quote-method" className="mb-1 block text-sm font-medium text-ink">
              {t('accept.method')}
            </label>
            <select id="quote-method" className={select} value={chosenMethod} onChange={(e) => setMethod(e.target.value)} disabled={!address}>
              <option value="">{address ? t('accept.choose') : t('accept.addressFirst')}</option>
              {(methods.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.transitDays ? t('accept.methodDays', { name: m.name, min: m.transitDays.min, max: m.transitDays.max, count: m.transitDays.max }) : m.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="quote-payment" className="mb-1 block text-sm font-medium text-ink">
              {t('accept.payment')}
            </label>
            <select id="quote-payment" className={select} value={chosenPayment} onChange={(e) => setPayment(e.target.value)}>
              <option value="">{t('accept.choose')}</option>
              {(payments.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.surchargePercent ? t('accept.paymentSurcharge', { name: p.name, percent: p.surchargePercent }) : p.name}
                </option>
              ))}
            </select>
            {surcharge ? <p className="mt-1 text-xs text-gray-600">{t('accept.surchargeNote', { percent: surcharge })}</p> : null}
          </div>
          <div>
            <label htmlFor="quote-comment" className="mb-1 block text-sm font-medium text-ink">
              {t('accept.comment')}
            </label>
            <textarea
              id="quote-comment"
              rows={2}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className="w-full rounded-md border border-gray-300 p-2 text-base sm:text-sm"
            />
          </div>
          {error ? (
            <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={!ready} aria-busy={accept.isPending || undefined} data-testid="accept-quote">
            {t('accept.submit', { total: moneyOf(quote)(quote.totalAmount) })}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** /quotes/{id}: the buyer's quote, its PDF, its history, and the accept form while it is open. */
export function QuoteDetailScreen({ quoteId, address, addressCard }: { quoteId: number; address: TAddress | null; addressCard: ReactNode }) {
  const { t } = useTranslation('quotes');
  const quote = useQuote(quoteId);
  if (quote.isError && !quote.data) {
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
  }
  if (!quote.data) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const q = quote.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">{t('number', { id: q.id })}</h1>
        <QuoteStatusBadge status={q.status} />
        <QuotePdf quoteId={q.id} path="/api/quotes/{id}/pdf" />
      </div>
      <p className="text-sm text-gray-700" data-testid="quote-state">
        {q.status === 'requested'
          ? t('detail.requested')
          : q.status === 'sent'
            ? t('detail.sent', { date: q.validUntil })
            : q.status === 'expired'
              ? t('detail.expired', { date: q.validUntil })
              : q.status === 'withdrawn'
                ? q.withdrawReason
                  ? t('detail.withdrawnBecause', { reason: q.withdrawReason })
                  : t('detail.withdrawn')
                : t('detail.accepted')}
        {q.orderId ? (
          <>
            {' '}
            <Link to={`/order/${q.orderId}`} className="font-medium text-brand-700 hover:underline" data-testid="quote-order">
              {t('detail.order', { id: q.orderId })}
            </Link>
          </>
        ) : null}
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Card title={t('detail.lines')}>
            <QuoteLines quote={q} />
          </Card>
          <Card title={t('detail.message')}>
            <p className="text-sm whitespace-pre-wrap text-gray-800">{q.message}</p>
          </Card>
          <Card title={t('detail.history')}>
            <QuoteHistory quote={q} />
          </Card>
        </div>
        {q.status === 'sent' ? <AcceptForm quote={q} address={address} addressCard={addressCard} /> : null}
      </div>
    </div>
  );
}
