import { useEffect, useId, useState, type FormEvent } from 'react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { loginPath } from '@/lib/navigation';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { checkGetCode, checkSubscribe, secondsUntilResend, sendTimeForWait } from './newsletter';

function storedSendTime(): number | null {
  const value = Number(readString(STORAGE_KEYS.newsletterLastSendTime));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The reason for a failure (docs/architecture.md: a failed subscribe shows the reason): the server's
 * sentence for a refusal, the catalogue sentence for a server or network failure, else `fallback`.
 */
function reason(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'http') return error.status === 500 ? error.message : error.desc || fallback;
  return error.kind === 'aborted' ? fallback : error.message || fallback;
}

function retryAfterOf(error: unknown): number | null {
  const value = isApiError(error) ? error.details?.retryAfter : undefined;
  return typeof value === 'number' && value > 0 ? value : null;
}

function Spinner() {
  return <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" />;
}

/**
 * Footer newsletter (docs/requirements.md, States, Validation and Errors): e-mail, code, get-code with a 60 s countdown kept
 * across reloads (stored send time), subscribe. Signed-in users only (the API needs a login);
 * once subscribed only a confirmation shows.
 */
export function NewsletterBlock() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const user = useAuthStore((s) => s.user);
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'subscribe' | null>(null);
  const [wait, setWait] = useState(() => secondsUntilResend(storedSendTime(), Date.now()));
  const emailId = useId();
  const codeId = useId();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setWait(secondsUntilResend(storedSendTime(), Date.now())), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const startWait = (sentAt: number) => {
    writeString(STORAGE_KEYS.newsletterLastSendTime, String(sentAt));
    setWait(secondsUntilResend(sentAt, Date.now()));
  };

  const getCode = async () => {
    const warning = checkGetCode({ isAnonymous, email });
    if (warning) return void toast.warning(t(warning));
    const left = secondsUntilResend(storedSendTime(), Date.now());
    if (left > 0) return void toast.warning(t('newsletter.codeWait', { seconds: left }));
    setBusy('code');
    try {
      await api.GET('/api/user/subscribe/code', { params: { query: { email: email.trim() } }, silent: true });
      startWait(Date.now());
      toast.success(t('newsletter.codeSent'));
    } catch (error) {
      // The server may say how long to wait (a code was sent moments ago): the countdown follows it.
      const retryAfter = retryAfterOf(error);
      if (retryAfter) startWait(sendTimeForWait(retryAfter, Date.now()));
      toast.error(reason(error, t('newsletter.codeFailed')));
    } finally {
      setBusy(null);
    }
  };

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    const warning = checkSubscribe({ isAnonymous, email, code });
    if (warning) return void toast.warning(t(warning));
    setBusy('subscribe');
    try {
      await api.POST('/api/user/subscribe', { body: { email: email.trim(), otp: code.trim() }, silent: true });
      toast.success(t('newsletter.success'));
      setEmail('');
      setCode('');
      await refreshUser();
    } catch (error) {
      toast.error(reason(error, t('newsletter.failed')));
    } finally {
      setBusy(null);
    }
  };

  const inputClass =
    'h-10 w-full min-w-0 rounded-md border border-gray-700 bg-gray-800 px-3 text-base text-white placeholder:text-gray-500 focus:border-brand-500 focus:outline-none sm:text-sm';

  return (
    <section aria-labelledby="footer-newsletter">
      <h2 id="footer-newsletter" className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
        {t('newsletter.title')}
      </h2>
      {user?.subscribeEmail && !isAnonymous ? (
        <p className="flex gap-2 text-gray-300" role="status">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-400" />
          <span className="min-w-0 break-words">{t('newsletter.subscribed', { email: user.subscribeEmail })}</span>
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void subscribe(event)} className="space-y-2">
          <p className="text-gray-400">
            {t('newsletter.intro')}
            {isAnonymous ? (
              <>
                {' '}
                <Link to={loginPath(`${location.pathname}${location.search}`)} className="text-gray-200 underline hover:text-white">
                  {t('newsletter.loginLink')}
                </Link>
              </>
            ) : null}
          </p>
          <label htmlFor={emailId} className="sr-only">
            {t('newsletter.email')}
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t('newsletter.emailPlaceholder')}
            className={inputClass}
          />
          <div className="flex gap-2">
            <label htmlFor={codeId} className="sr-only">
              {t('newsletter.code')}
            </label>
            <input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              placeholder={t('newsletter.codePlaceholder')}
              className={inputClass}
            />
            <button
              type="button"
              disabled={busy !== null || wait > 0}
              aria-busy={busy === 'code' || undefined}
              onClick={() => void getCode()}
              className="inline-flex h-10 min-w-24 shrink-0 items-center justify-center gap-1.5 rounded-md border border-gray-600 px-3 text-sm text-gray-200 tabular-nums hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy === 'code' ? <Spinner /> : null}
              {busy === 'code' ? t('newsletter.sending') : wait > 0 ? t('newsletter.resendIn', { seconds: wait }) : t('newsletter.getCode')}
            </button>
          </div>
          <button
            type="submit"
            disabled={busy !== null}
            aria-busy={busy === 'subscribe' || undefined}
            className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md bg-brand-600 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy === 'subscribe' ? <Spinner /> : null}
            {busy === 'subscribe' ? t('newsletter.subscribing') : t('newsletter.subscribe')}
          </button>
        </form>
      )}
    </section>
  );
}
