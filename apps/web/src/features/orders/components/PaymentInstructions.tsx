import { useState, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOrderPaymentInstructions } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/SkeletonField';
import { toast } from '@/lib/stores/toast';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 sm:block">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right break-words text-ink sm:mt-0.5 sm:text-left">{children}</dd>
    </div>
  );
}

/**
 * How to pay an order by its payment method (Western Union, Alipay, WeChat Pay ...), as the shop
 * set it in Settings (docs/orders.md, Shop settings): receiver, account, the order number to quote
 * (with a copy button), the shop's note (plain text, its line breaks kept) and the QR picture to
 * scan. Bank transfer has a card of its own (the bank details). `amount` is the formatted amount
 * still to pay.
 */
export function PaymentInstructions({ instructions, amount }: { instructions: TOrderPaymentInstructions; amount: string }) {
  const { t } = useTranslation('orders');
  const [copied, setCopied] = useState(false);
  const { method, receiver, account, note, reference, qrUrl } = instructions;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      toast.success(t('paymentInstructions.copied', { reference }));
      window.setTimeout(() => setCopied(false), 2_000);
    } catch {
      toast.error(t('paymentInstructions.copyFailed'));
    }
  };

  return (
    <Card title={t('paymentInstructions.title', { method: method.name })}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="payment-instructions" data-method={method.id}>
        <div className="min-w-0 flex-1">
          <p className="mb-3 text-sm text-gray-700">{t('paymentInstructions.intro', { amount, method: method.name, reference })}</p>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2">
            <div className="min-w-0">
              <p className="text-xs text-gray-600">{t('paymentInstructions.reference')}</p>
              <p className="font-mono text-lg font-semibold text-ink" data-testid="payment-reference">
                {reference}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={t('paymentInstructions.copyLabel', { reference })}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? t('paymentInstructions.copiedShort') : t('paymentInstructions.copy')}
            </Button>
          </div>
          {receiver || account ? (
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              {receiver ? <Fact label={t('paymentInstructions.receiver')}>{receiver}</Fact> : null}
              {account ? (
                <Fact label={t('paymentInstructions.account')}>
                  <span className="font-mono">{account}</span>
                </Fact>
              ) : null}
            </dl>
          ) : null}
          {note ? (
            <p className="mt-3 text-sm break-words whitespace-pre-line text-gray-700" data-testid="payment-note">
              {note}
            </p>
          ) : null}
        </div>
        {qrUrl ? (
          <figure className="flex shrink-0 flex-col items-center gap-1 self-center sm:self-start">
            <img
              src={qrUrl}
              alt={t('paymentInstructions.qrAlt', { method: method.name })}
              width={180}
              height={180}
              className="size-[180px] rounded border border-gray-200 bg-white object-contain p-1"
            />
            <figcaption className="text-xs text-gray-500">{t('paymentInstructions.qrCaption', { method: method.name })}</figcaption>
          </figure>
        ) : null}
      </div>
    </Card>
  );
}
