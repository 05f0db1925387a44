import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { getLocale } from '@/lib/locale';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { checkPasswordLink, setPasswordByLink } from '../api/account-api';
import { failureReason } from '../lib/errors';
import { AFTER_AUTH_DELAY_MS, fullPageLoad } from '../lib/redirect';
import { setPasswordSchema, type SetPasswordValues } from '../schemas';
import { Field, PasswordInput } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { LoadingButton } from './form/SubmitButton';

const stamp = (iso: string) =>
  new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * /set-password#<token> (public; docs/accounts.md, Staff accounts): the link of a staff invitation or
 * of a password reset the owner forced. The token stays in the fragment (never sent to the server
 * in a URL) and leaves the address bar at once; the page says whose account it is, or that the link
 * no longer works, then takes the password twice. The answer signs in: staff land on their work.
 */
export function SetPasswordScreen() {
  const { t } = useTranslation('account');
  const { t: tb } = useTranslation('staff');
  const location = useLocation();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const [token] = useState(() => decodeURIComponent(location.hash.replace(/^#/, '')).trim());
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  // The token is kept in memory only: not in the history, not in a later Referer.
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => checkPasswordLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: SetPasswordValues) => {
    setFailure(null);
    let signedIn: string;
    try {
      signedIn = (await setPasswordByLink({ token, password: values.password })).token;
    } catch (error) {
      setFailure(failureReason(error, t('setPassword.failed')));
      return;
    }
    setLeaving(true);
    try {
      const user = await login(signedIn);
      toast.success(t('setPassword.success'));
      setTimeout(() => fullPageLoad(user.role ? '/admin' : '/'), AFTER_AUTH_DELAY_MS);
    } catch {
      useAuthStore.getState().clear();
      setLeaving(false);
      void navigate('/login', { replace: true });
    }
  };

  const invalid = token === '' ? t('setPassword.noToken') : link.isError ? failureReason(link.error, t('setPassword.invalidTitle')) : null;

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 md:p-8">
      <h1 className="text-2xl font-bold text-ink">{t('setPassword.title')}</h1>
      {invalid ? (
        <div className="mt-4 space-y-4" data-testid="password-link-invalid">
          <FormAlert title={t('setPassword.invalidTitle')} reason={invalid} />
          <p className="flex justify-center gap-6 text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              {t('setPassword.forgot')}
            </Link>
            <Link to="/login" className="font-medium text-brand-700 hover:underline">
              {t('setPassword.login')}
            </Link>
          </p>
        </div>
      ) : !link.data ? (
        <p className="mt-4 text-sm text-gray-600" role="status">
          {t('setPassword.checking')}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700" data-testid="password-link-for">
            {link.data.purpose === 'invite'
              ? t('setPassword.invite', { account: link.data.account, role: link.data.role ? tb(`nav.role.${link.data.role}`) : t('setPassword.noRole') })
              : t('setPassword.reset', { account: link.data.account })}
          </p>
          <p className="mt-1 text-xs text-gray-500">{t('setPassword.validUntil', { time: stamp(link.data.expiresTime) })}</p>
          <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="mt-5 space-y-4">
            {failure ? <FormAlert title={t('setPassword.failed')} reason={failure} /> : null}
            {/* The account, for the browser's password manager. */}
            <input type="text" name="username" autoComplete="username" value={link.data.account} readOnly hidden />
            <Field label={t('setPassword.password')} error={errors.password?.message} hint={t('passwordRule')}>
              {(c) => <PasswordInput {...c} {...form.register('password')} autoComplete="new-password" maxLength={128} />}
            </Field>
            <Field label={t('setPassword.confirmPassword')} error={errors.confirmPassword?.message}>
              {(c) => <PasswordInput {...c} {...form.register('confirmPassword')} autoComplete="new-password" maxLength={128} />}
            </Field>
            <LoadingButton type="submit" loading={isSubmitting || leaving} loadingText={t('setPassword.submitting')} className="w-full">
              {t('setPassword.submit')}
            </LoadingButton>
          </form>
        </>
      )}
    </div>
  );
}
