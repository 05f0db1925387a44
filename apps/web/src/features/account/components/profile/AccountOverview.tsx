import { useState } from 'react';
import { CircleCheck, MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cubeshop/shared';
import { confirmDialog } from '@/lib/stores/modal';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { unsubscribeNewsletter } from '../../api/account-api';
import { failureReason } from '../../lib/errors';
import { useRegionName } from '@/lib/regions';
import { LoadingButton } from '../form/SubmitButton';
import { Facts } from './Facts';

function NewsletterStatus({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common']);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const setUser = useAuthStore((s) => s.setUser);
  const [busy, setBusy] = useState(false);
  const email = user.subscribeEmail;

  const unsubscribe = async () => {
    if (!email) return;
    const ok = await confirmDialog({
      title: t('profile.unsubscribe'),
      message: t('profile.unsubscribeConfirm', { email }),
      confirmButtonText: t('profile.unsubscribe'),
      cancelButtonText: t('common:ui.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await unsubscribeNewsletter();
      // Show the change at once, then take the server's word for the rest.
      setUser({ ...user, subscribeEmail: null });
      toast.success(t('profile.unsubscribed'));
      await refreshUser();
    } catch (error) {
      toast.error(failureReason(error, t('profile.unsubscribeFailed')));
    } finally {
      setBusy(false);
    }
  };

  if (!email) return <p className="text-sm text-gray-600">{t('profile.newsletterOff')}</p>;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex min-w-0 gap-2 text-sm text-ink">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
        <span className="min-w-0 break-words">{t('profile.subscribedAs', { email })}</span>
      </p>
      <LoadingButton variant="secondary" size="sm" loading={busy} loadingText={t('profile.unsubscribing')} onClick={() => void unsubscribe()}>
        <MailX aria-hidden="true" className="size-4" />
        {t('profile.unsubscribe')}
      </LoadingButton>
    </div>
  );
}

/** /profile: login details and the newsletter subscription. */
export function AccountOverview({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const region = useRegionName(user.regionId);
  return (
    <div className="space-y-6">
      <p className="text-gray-700">{t('profile.hello', { name: user.nickname || user.name || user.account })}</p>
      <section aria-labelledby="profile-login-details">
        <h2 id="profile-login-details" className="mb-1 text-base font-semibold text-ink">
          {t('profile.accountCard')}
        </h2>
        <Facts
          rows={[
            [t('profile.fields.account'), user.account],
            [t('profile.fields.email'), user.email],
            [t('profile.fields.mobile'), user.mobile],
            [t('profile.fields.region'), region],
          ]}
        />
        <p className="mt-2 text-sm">
          <Link to="/change-password" className="text-brand-700 hover:underline">
            {t('profile.password.submit')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="profile-newsletter" className="border-t border-gray-100 pt-5">
        <h2 id="profile-newsletter" className="mb-2 text-base font-semibold text-ink">
          {t('profile.newsletterCard')}
        </h2>
        <NewsletterStatus user={user} />
      </section>
    </div>
  );
}

/** /my-info: the personal details, with a way to edit them. */
export function MyInfo({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const region = useRegionName(user.regionId);
  return (
    <div>
      <Facts
        rows={[
          [t('profile.fields.name'), user.name],
          [t('profile.fields.nickname'), user.nickname],
          [t('profile.fields.region'), region],
          [t('profile.fields.account'), user.account],
          [t('profile.fields.email'), user.email],
          [t('profile.fields.mobile'), user.mobile],
        ]}
      />
      <Link
        to="/edit-name"
        className="mt-4 inline-flex h-10 items-center rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-ink hover:bg-gray-50"
      >
        {t('profile.edit')}
      </Link>
    </div>
  );
}
