import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuthStore } from '@/lib/stores/auth';
import { signin } from '../api/account-api';
import { failureReason } from '../lib/errors';
import { fullPageLoad, redirectTargetOf, withRedirect } from '../lib/redirect';
import type { TContactMode } from '../lib/register-type';
import { codeLoginSchema, passwordLoginSchema, toCodeSigninRequest, type CodeFormValues, type PasswordLoginValues } from '../schemas';
import { AuthFrame } from './AuthFrame';
import { ContactInput } from './ContactInput';
import { CodeField } from './form/CodeField';
import { Field, PasswordInput, TextInput } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { LoadingButton } from './form/SubmitButton';
import { Tabs } from './form/Tabs';

type LoginTab = 'password' | TContactMode;

interface FormProps {
  /** A token from the server: sign in with it and leave for the wanted page (throws when that fails). */
  onToken: (token: string) => Promise<void>;
  leaving: boolean;
}

function PasswordLoginForm({ onToken, leaving }: FormProps) {
  const { t } = useTranslation('account');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordLoginValues>({
    resolver: zodResolver(passwordLoginSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { account: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: PasswordLoginValues) => {
    setFailure(null);
    try {
      const { token } = await signin({ account: values.account.trim(), password: values.password });
      await onToken(token);
    } catch (error) {
      setFailure(failureReason(error, t('login.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      {failure ? <FormAlert title={t('login.failed')} reason={failure} /> : null}
      <Field label={t('login.account')} error={errors.account?.message}>
        {(c) => (
          <TextInput
            {...c}
            {...form.register('account')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('login.accountPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('login.password')} error={errors.password?.message}>
        {(c) => <PasswordInput {...c} {...form.register('password')} autoComplete="current-password" />}
      </Field>
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm text-brand-700 hover:underline">
          {t('login.forgot')}
        </Link>
      </div>
      <LoadingButton type="submit" loading={isSubmitting || leaving} loadingText={t('login.submitting')} className="w-full">
        {t('login.submit')}
      </LoadingButton>
    </form>
  );
}

function CodeLoginForm({ mode, onToken, leaving }: FormProps & { mode: TContactMode }) {
  const { t } = useTranslation('account');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(codeLoginSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { mode, email: '', mobile: '', otp: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: CodeFormValues) => {
    setFailure(null);
    try {
      const { token } = await signin(toCodeSigninRequest(values));
      await onToken(token);
    } catch (error) {
      setFailure(failureReason(error, t('login.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      {failure ? <FormAlert title={t('login.failed')} reason={failure} /> : null}
      <ContactInput mode={mode} input={form.register(mode)} error={mode === 'email' ? errors.email?.message : errors.mobile?.message} />
      <CodeField form={form} purpose="signin" mode={mode} label={t('form.code')} />
      <LoadingButton type="submit" loading={isSubmitting || leaving} loadingText={t('login.submitting')} className="w-full">
        {t('login.submit')}
      </LoadingButton>
    </form>
  );
}

/**
 * Login (docs/requirements.md, Screens and States): password (account name, e-mail or mobile) or a one-time code by
 * e-mail or mainland mobile. Afterwards the wanted page (?redirect=, same-site paths only) loads.
 */
export function LoginScreen() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const target = redirectTargetOf(location.search);
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const login = useAuthStore((s) => s.login);
  const [tab, setTab] = useState<LoginTab>('password');
  const [leaving, setLeaving] = useState(false);

  // Already signed in (and not signing in right now): nothing to do here.
  if (!isAnonymous && !leaving) return <Navigate to={target} replace />;

  const onToken = async (token: string) => {
    setLeaving(true);
    try {
      await login(token);
    } catch (error) {
      // The token came but the user could not be loaded: stay signed out and say why.
      useAuthStore.getState().clear();
      setLeaving(false);
      throw error;
    }
    fullPageLoad(target);
  };

  return (
    <AuthFrame>
      <h1 className="text-2xl font-bold text-ink">{t('login.title')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('login.subtitle')}</p>
      {target !== '/' ? (
        <p className="mt-4 flex gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('login.redirectNotice')}
        </p>
      ) : null}
      <Tabs
        className="mt-5"
        label={t('login.modeLabel')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'password', label: t('login.tabs.password') },
          { value: 'email', label: t('login.tabs.email') },
          { value: 'mobile', label: t('login.tabs.mobile') },
        ]}
      >
        {tab === 'password' ? (
          <PasswordLoginForm onToken={onToken} leaving={leaving} />
        ) : (
          <CodeLoginForm key={tab} mode={tab} onToken={onToken} leaving={leaving} />
        )}
      </Tabs>
      <p className="mt-6 text-center text-sm text-gray-600">
        {t('login.noAccount')}{' '}
        <Link to={withRedirect('/register', target)} className="font-medium text-brand-700 hover:underline">
          {t('login.registerLink')}
        </Link>
      </p>
    </AuthFrame>
  );
}
