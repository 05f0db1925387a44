import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TOrderDetail } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { Card } from '@/components/ui/SkeletonField';
import { formatDateTime } from './OrderStatus';

/** One label and amount; `was` (the ordered figure) is shown struck through beside it when it differs. */
function Row({
  label,
  value,
  was,
  strong,
  tone,
  testId,
  children,
}: {
  label: string;
  value: string;
  was?: string | undefined;
  strong?: boolean;
  tone?: 'due' | 'back';
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3 py-1', strong && 'border-t border-gray-100 pt-2 text-base font-semibold')}>
      <dt className={cn('min-w-0', strong ? 'text-ink' : 'text-gray-600')}>
        {label}
        {children}
      </dt>
      <dd className={cn('shrink-0 text-right tabular-nums', tone === 'due' && 'text-red-700', tone === 'back' && 'text-violet-800')}>
        {was !== undefined && was !== value ? <s className="mr-2 text-xs font-normal text-gray-500">{was}</s> : null}
        <span data-testid={testId}>{value}</span>
      </dd>
    </div>
  );
}

/**
 * What the order costs and where its money stands (docs/orders.md, Money after the order), from
 * the server's one computation (`order.money`): the charge as packed first, with the ordered
 * figures struck through where staff changed them; each credit note; what is owed; what was paid
 * and refunded; and what is left to pay or owed back.
 */
export function OrderMoney({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('orders');
  const m = order.money;
  const money = (v: number) => formatMoney(Math.round(v * 100), order.currency);
  const changed = m.changed;
  const final =
    order.status === 'cancel' && m.balance === 0 ? (
      <Row label={t('money.cancelledOwed')} value={money(0)} strong testId="order-balance" />
    ) : m.balance > 0 ? (
      <Row label={t('money.toPay')} value={money(m.toPay)} strong tone="due" testId="order-balance" />
    ) : m.balance < 0 ? (
      <Row label={t('money.refundDue')} value={money(m.refundDue)} strong tone="back" testId="order-balance" />
    ) : (
      <Row label={t('money.settled')} value={money(0)} strong testId="order-balance" />
    );
  return (
    <Card title={t('money.title')}>
      {changed ? (
        <p className="mb-2 rounded bg-amber-50 px-2 py-1.5 text-sm text-amber-900" data-testid="order-changed-note">
          {t('money.changedNote')}
        </p>
      ) : null}
      <dl className="text-sm" data-testid="order-money">
        <Row label={t('money.goods')} value={money(m.charged.goods)} was={changed ? money(m.ordered.goods) : undefined} />
        <Row
          label={t('money.freight')}
          value={order.freeShipping && m.charged.freight === 0 ? t('freeShipping') : money(m.charged.freight)}
          was={changed ? money(m.ordered.freight) : order.freeShipping ? money(order.expressFeeBase) : undefined}
          testId="order-freight"
        />
        {m.charged.surcharge || m.ordered.surcharge ? (
          <Row
            label={t('money.surcharge', { percent: order.surchargePercent })}
            value={money(m.charged.surcharge)}
            was={changed ? money(m.ordered.surcharge) : undefined}
          />
        ) : null}
        <Row label={t('money.total')} value={money(m.charged.total)} was={changed ? money(m.ordered.total) : undefined} strong testId="order-total" />
        {order.credits.map((c) => (
          <Row key={c.id} label={t('money.creditNote', { number: c.number })} value={money(-c.amount)}>
            <span className="block text-xs text-gray-500">
              {t(`credits.kind.${c.kind}`)} · {formatDateTime(c.createdTime)}
              {c.reason ? ` · ${c.reason}` : ''}
            </span>
            {c.lines.length || c.extra ? (
              <span className="block text-xs text-gray-500">
                {[
                  ...c.lines.map((l) => t('credits.line', { name: l.typeName ? `${l.name} (${l.typeName})` : l.name, quantity: l.quantity })),
                  ...(c.extra ? [`${t('credits.extra')} ${money(c.extra)}`] : []),
                ].join(' · ')}
              </span>
            ) : null}
          </Row>
        ))}
        {m.credited ? <Row label={t('money.owed')} value={money(m.owed)} strong testId="order-owed" /> : null}
        <Row label={t('money.paid')} value={money(m.paid)} testId="order-paid" />
        {m.refunded ? <Row label={t('money.refunded')} value={money(m.refunded)} testId="order-refunded" /> : null}
        {final}
      </dl>
      {order.payments.length ? (
        <div className="mt-3 border-t border-gray-100 pt-3">
          <h3 className="mb-1 text-sm font-medium text-ink">{t('payments.title')}</h3>
          <ul className="space-y-1 text-sm" data-testid="order-payments">
            {order.payments.map((p, i) => (
              <li key={`${p.paidAt}-${i}`} className="flex items-start justify-between gap-3">
                <span className="min-w-0 text-gray-700">
                  {t(`payments.${p.kind}`)} · {t(`payments.methods.${p.method}`, { defaultValue: p.method })}
                  <span className="block text-xs text-gray-500">{formatDateTime(p.paidAt)}</span>
                </span>
                <span className={cn('shrink-0 text-right tabular-nums', p.kind === 'refund' && 'text-violet-800')}>
                  {formatMoney(Math.round((p.kind === 'refund' ? -p.amount : p.amount) * 100), p.currency)}
                  {p.currency !== order.currency ? (
                    <span className="block text-xs text-gray-500">{money(p.kind === 'refund' ? -p.orderAmount : p.orderAmount)}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
