import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS, type TCodeSentResponse } from '@cubeshop/shared';
import { toast } from '@/lib/stores/toast';
import { failureReason, retryAfterOf } from '../lib/errors';
import { useCountdown } from './use-countdown';

/**
 * The get-code button of a form (docs/requirements.md, States): the 60 s countdown starts with the request;
 * on success it follows the server's resendAfter, on failure it resets (or waits the server's
 * retryAfter when the server said how long), and the reason is shown.
 */
export function useCodeRequest(send: () => Promise<TCodeSentResponse>) {
  const { t } = useTranslation('account');
  const { left, running, start, reset } = useCountdown();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  const request = useCallback(async (): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setSending(true);
    start(CODE_RESEND_SECONDS);
    try {
      const answer = await sendRef.current();
      start(answer && answer.resendAfter > 0 ? answer.resendAfter : CODE_RESEND_SECONDS);
      toast.success(t('code.sent'));
      return true;
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) start(wait);
      else reset();
      toast.error(failureReason(error, t('code.failed')));
      return false;
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [start, reset, t]);

  return { request, sending, left, waiting: running, reset };
}
