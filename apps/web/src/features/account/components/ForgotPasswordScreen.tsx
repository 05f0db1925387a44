import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { getLocale } from '@/lib/locale';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { resetPassword } from '../api/account-api';
import { failureReason } from '../lib/errors';
import { AFTER_AUTH_DELAY_MS, fullPageLoad, redirectTargetOf, withRedirect } from '../lib/redirect';
import { initialRegisterType, type TContactMode } from '../lib/register-type';
import { resetFormSchema, toResetRequest, type ResetFormValues } from '../schemas';
import { ContactInput } from './ContactInput';
import { CodeField } from './form/CodeField';
import { Field, PasswordInput } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { LoadingButton } from './form/SubmitButton';
import { Tabs } from './form/Tabs';

/**
 * Forgot password (public, docs/architecture.md): a code to the account's e-mail or mobile, then a new
 * password twice. The answer signs the buyer in: home (or the wanted page), else /login.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTargetOf(location.search);
  const login = useAuthStore((s) => s.login);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { mode: initialRegisterType(getLocale()), email: '', mobile: '', otp: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mode = form.watch('mode');

  const switchMode = (next: TContactMode) => {
    if (next === mode) return;
    form.setValue('mode', next);
    form.setValue('otp', '');
    form.clearErrors(['email', 'mobile', 'otp']);
    setFailure(null);
  };

  const onValid = async (values: ResetFormValues) => {
    setFailure(null);
    let token: string | undefined;
    try {
      token = (await resetPassword(toResetRequest(values)))?.token ?? undefined;
    } catch (error) {
      setFailure(failureReason(error, t('forgot.failed')));
      return;
    }
    if (token) {
      setLeaving(true);
      try {
        await login(token);
      } catch {
        useAuthStore.getState().clear();
        setLeaving(false);
        token = undefined;
      }
    }
    if (!token) {
      toast.success(t('forgot.successLogin'));
      void navigate(withRedirect('/login', target), { replace: true });
      return;
    }
    toast.success(t('forgot.success'));
    setTimeout(() => fullPageLoad(target), AFTER_AUTH_DELAY_MS);
  };

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 md:p-8">
      <h1 className="text-2xl font-bold text-ink">{t('forgot.title')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('forgot.text')}</p>
      <Tabs
        className="mt-5"
        label={t('forgot.modeLabel')}
        value={mode}
        onChange={switchMode}
        items={[
          { value: 'email', label: t('register.tabs.email') },
          { value: 'mobile', label: t('register.tabs.mobile') },
        ]}
      >
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
          {failure ? <FormAlert title={t('forgot.failed')} reason={failure} /> : null}
          <ContactInput key={mode} mode={mode} input={form.register(mode)} error={errors[mode]?.message} />
          <CodeField form={form} purpose="reset" mode={mode} label={t('forgot.code')} />
          <Field label={t('forgot.newPassword')} error={errors.password?.message} hint={t('passwordRule')}>
            {(c) => <PasswordInput {...c} {...form.register('password')} autoComplete="new-password" maxLength={128} />}
          </Field>
          <Field label={t('forgot.confirmPassword')} error={errors.confirmPassword?.message}>
            {(c) => <PasswordInput {...c} {...form.register('confirmPassword')} autoComplete="new-password" maxLength={128} />}
          </Field>
          <LoadingButton type="submit" loading={isSubmitting || leaving} loadingText={t('forgot.submitting')} className="w-full">
            {t('forgot.submit')}
          </LoadingButton>
        </form>
      </Tabs>
      <p className="mt-6 text-center text-sm">
        <Link to={withRedirect('/login', target)} className="font-medium text-brand-700 hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
