import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { QueryError } from '@/components/ui/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { pageCount } from '@/lib/pager';
import { QUOTES_PAGE_SIZE, useQuotes } from '../api/quotes';
import { QuoteStatusBadge } from '@/components/quotes/QuoteStatusBadge';

const money = (v: number, currency: 'CNY' | 'USD') => formatMoney(Math.round(v * 100), currency);

/** /quotes: the buyer's quotes, newest first (docs/orders.md, Quotes). */
export function QuotesScreen() {
  const { t } = useTranslation('quotes');
  const [page, setPage] = useState(1);
  const quotes = useQuotes(page);
  const pages = quotes.data ? pageCount(quotes.data.pager, QUOTES_PAGE_SIZE) : 1;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-ink">{t('list.title')}</h1>
      <Card>
        {quotes.isError && !quotes.data ? (
          <QueryError
            error={quotes.error}
            onRetry={() => void quotes.refetch()}
            retrying={quotes.isFetching}
            message={t('list.failed')}
            notFoundMessage={t('list.failed')}
          />
        ) : !quotes.data ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : quotes.data.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-600">{t('list.empty')}</p>
        ) : (
          <ul className="divide-y divide-gray-100" data-testid="quote-list">
            {quotes.data.data.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link to={`/quotes/${q.id}`} className="font-medium text-brand-700 hover:underline">
                    {t('number', { id: q.id })}
                  </Link>
                  <p className="text-xs text-gray-600">
                    {t('list.summary', {
                      lines: t('lines', { count: q.lineCount }),
                      pieces: t('pieces', { count: q.pieceCount }),
                      date: q.createdTime.slice(0, 10),
                    })}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  {q.status !== 'requested' ? <span className="text-sm font-semibold text-ink">{money(q.totalAmount, q.currency)}</span> : null}
                  <QuoteStatusBadge status={q.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <div className="mt-3 flex items-center justify-end gap-2 text-sm">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('list.previous')}
            </Button>
            <span>{t('list.page', { page, pages })}</span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('list.next')}
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
