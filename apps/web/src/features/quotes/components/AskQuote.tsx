import { useState } from 'react';
import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QUOTE_MESSAGE_MAX } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/stores/toast';
import { useRequestQuote } from '../api/quotes';

/**
 * "Ask for a quote" on the cart (docs/orders.md, Quotes): a dialog with the buyer's message; the
 * cart's lines go to sales staff, who answer on /quotes/{id}. Signed-in buyers only (the route
 * shows it to them).
 */
export function AskQuote() {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestQuote();

  const submit = async () => {
    if (!message.trim()) {
      setError(t('ask.required'));
      return;
    }
    setError(null);
    try {
      const quote = await request.mutateAsync({ message: message.trim() });
      setOpen(false);
      setMessage('');
      toast.success(t('ask.sent'));
      void navigate(`/quotes/${quote.id}`);
    } catch (err) {
      setError(isApiError(err) ? err.desc : t('ask.failed'));
    }
  };

  return (
    <>
      <div className="rounded-md border border-gray-200 bg-white p-3 text-sm text-gray-700">
        <p>{t('ask.hint')}</p>
        <Button variant="secondary" className="mt-2 w-full" onClick={() => setOpen(true)} data-testid="ask-quote">
          <FileQuestion aria-hidden="true" className="size-4" />
          {t('ask.button')}
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('ask.title')} className="w-full max-w-md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="space-y-3"
        >
          <label htmlFor="quote-message" className="block text-sm font-medium text-ink">
            {t('ask.message')}
          </label>
          <textarea
            id="quote-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={QUOTE_MESSAGE_MAX}
            rows={5}
            placeholder={t('ask.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'quote-message-error' : undefined}
            className="w-full rounded-md border border-gray-300 p-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none sm:text-sm"
          />
          {error ? (
            <p id="quote-message-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('ask.cancel')}
            </Button>
            <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
              {t('ask.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
