import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, CircleCheck } from 'lucide-react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { SHOP_CLAIMS } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { signup } from '../api/account-api';
import { failureReason } from '../lib/errors';
import { fullPageLoad, redirectTargetOf, withRedirect } from '../lib/redirect';
import { initialRegisterType, storeRegisterType, type TContactMode } from '../lib/register-type';
import { registerFormSchema, toSignupRequest, type RegisterFormValues } from '../schemas';
import { AgreementDialog } from './AgreementDialog';
import { AuthFrame } from './AuthFrame';
import { ContactInput } from './ContactInput';
import { RegionSelect } from './RegionSelect';
import { CodeField } from './form/CodeField';
import { Checkbox, Field, PasswordInput, TextInput } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { LoadingButton } from './form/SubmitButton';
import { Tabs } from './form/Tabs';
import { useSkusInStock } from '@/lib/skus-in-stock';

function Marketing() {
  const { t } = useTranslation('account');
  const skus = useSkusInStock();
  const points = [
    ...(skus ? [t('register.marketing.stock', skus)] : []),
    t('register.marketing.brands', { brands: SHOP_CLAIMS.brandAuthorizations }),
    t('register.marketing.wholesale'),
    t('register.marketing.shipping'),
  ];
  return (
    <>
      <h2 className="text-xl font-bold md:text-2xl">{t('register.marketing.title')}</h2>
      <p className="mt-2 text-sm text-white/85 md:text-base">{t('register.marketing.text')}</p>
      <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2 md:mt-6 md:grid-cols-1 md:gap-3 md:text-base">
        {points.map((point) => (
          <li key={point} className="flex gap-2">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {point}
          </li>
        ))}
      </ul>
    </>
  );
}

const OPTIONAL_FIELDS = ['account', 'password', 'confirmPassword'] as const;

/**
 * Register (docs/requirements.md, Screens, States and Validation): mobile / e-mail tabs (the choice is stored as registerType),
 * name, country, one-time code with the 60 s resend countdown, newsletter (e-mail mode only),
 * optional account name and password, the user agreement. Success stores the token and loads
 * the wanted page (or / ); without a token it goes to /login.
 */
export function RegisterScreen() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTargetOf(location.search);
  const locale = getLocale();
  const login = useAuthStore((s) => s.login);
  const isAnonymous = useAuthStore((s) => s.isAnonymous);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [agreeMissing, setAgreeMissing] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const moreId = useId();
  const agreeHintId = useId();

  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: {
      mode: initialRegisterType(locale),
      email: '',
      mobile: '',
      name: '',
      regionId: locale === 'zh' ? 'CN' : '',
      otp: '',
      account: '',
      password: '',
      confirmPassword: '',
      subscribe: false,
      agree: false,
    },
  });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const mode = form.watch('mode');

  const switchMode = (next: TContactMode) => {
    if (next === mode) return;
    form.setValue('mode', next);
    form.setValue('otp', '');
    storeRegisterType(next);
    form.clearErrors(['email', 'mobile', 'otp']);
    setFailure(null);
  };

  const termsWarning = () => {
    setAgreeMissing(true);
    toast.warning(t('register.termsRequired'));
  };

  const onValid = async (values: RegisterFormValues) => {
    setFailure(null);
    if (!values.agree) return termsWarning();
    let token: string | undefined;
    try {
      token = (await signup(toSignupRequest(values)))?.token ?? undefined;
    } catch (error) {
      setFailure(failureReason(error, t('register.failed')));
      return;
    }
    if (token) {
      setLeaving(true);
      try {
        await login(token);
      } catch {
        // The account exists; only loading it failed: sign in afresh.
        useAuthStore.getState().clear();
        setLeaving(false);
        token = undefined;
      }
    }
    if (!token) {
      toast.success(t('register.successLogin'));
      void navigate(withRedirect('/login', target), { replace: true });
      return;
    }
    // The welcome names the buyer and shows on the page they land on, at its top.
    const name = useAuthStore.getState().user?.name || values.name || '';
    fullPageLoad(target, { message: name ? t('register.welcome', { name }) : t('register.success') });
  };

  const onInvalid = (invalid: FieldErrors<RegisterFormValues>) => {
    if (OPTIONAL_FIELDS.some((name) => invalid[name])) setMoreOpen(true);
    if (!form.getValues('agree')) termsWarning();
  };

  // Already signed in (and not signing up right now): nothing to do here.
  if (!isAnonymous && !leaving) return <Navigate to={target} replace />;

  const busy = isSubmitting || leaving;
  const contactWord = mode === 'email' ? t('register.email') : t('register.tabs.mobile');

  return (
    <AuthFrame wide aside={<Marketing />}>
      <h1 className="text-2xl font-bold text-ink">{t('register.title')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('register.subtitle')}</p>

      <Tabs
        className="mt-5"
        label={t('register.modeLabel')}
        value={mode}
        onChange={switchMode}
        items={[
          { value: 'mobile', label: t('register.tabs.mobile') },
          { value: 'email', label: t('register.tabs.email') },
        ]}
      >
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)} className="space-y-4">
          {failure ? <FormAlert title={t('register.failed')} reason={failure} /> : null}

          <ContactInput
            key={mode}
            mode={mode}
            input={register(mode)}
            error={errors[mode]?.message}
            label={mode === 'email' ? t('register.email') : t('register.mobile')}
          />

          <CodeField form={form} purpose="signup" mode={mode} label={t('register.code')} />

          <Field label={t('register.name')} error={errors.name?.message}>
            {(c) => <TextInput {...c} {...register('name')} autoComplete="name" maxLength={50} placeholder={t('register.namePlaceholder')} />}
          </Field>

          <Field label={t('register.country')} error={errors.regionId?.message}>
            {(c) => (
              <Controller
                control={control}
                name="regionId"
                render={({ field }) => (
                  <RegionSelect
                    {...c}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    emptyLabel={t('region.placeholder')}
                  />
                )}
              />
            )}
          </Field>

          <div className="rounded-md border border-gray-200">
            <button
              type="button"
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => setMoreOpen((v) => !v)}
              className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2.5 text-left text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              <span>
                {t('register.moreOptions')} <span className="font-normal text-gray-500">{t('form.optional')}</span>
              </span>
              <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', moreOpen && 'rotate-180')} />
            </button>
            <div id={moreId} hidden={!moreOpen} className="space-y-4 border-t border-gray-200 px-3 pt-3 pb-4">
              <p className="text-xs text-gray-500">{t('register.moreOptionsHint', { contact: contactWord })}</p>
              <Field label={t('register.account')} error={errors.account?.message} hint={t('register.accountHint')}>
                {(c) => <TextInput {...c} {...register('account')} autoComplete="username" maxLength={254} />}
              </Field>
              <Field label={t('register.password')} error={errors.password?.message} hint={t('passwordRule')}>
                {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" maxLength={128} />}
              </Field>
              <Field label={t('register.confirmPassword')} error={errors.confirmPassword?.message}>
                {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" maxLength={128} />}
              </Field>
            </div>
          </div>

          <div className="space-y-3">
            {mode === 'email' ? <Checkbox {...register('subscribe')} label={t('register.newsletter')} /> : null}
            <div>
              <Checkbox
                {...register('agree', { onChange: (event: { target: { checked: boolean } }) => event.target.checked && setAgreeMissing(false) })}
                aria-invalid={agreeMissing || undefined}
                aria-describedby={agreeMissing ? agreeHintId : undefined}
                label={t('register.agreePrefix')}
                after={
                  <button type="button" onClick={() => setAgreementOpen(true)} className="font-medium text-brand-700 hover:underline">
                    {t('register.agreementLink')}
                  </button>
                }
              />
              {agreeMissing ? (
                <p id={agreeHintId} className="mt-1 ml-6 text-xs font-medium text-red-700">
                  {t('register.termsRequired')}
                </p>
              ) : null}
            </div>
          </div>

          <LoadingButton type="submit" loading={busy} loadingText={t('register.submitting')} className="w-full">
            {t('register.submit')}
          </LoadingButton>
        </form>
      </Tabs>

      <p className="mt-6 text-center text-sm text-gray-600">
        {t('register.haveAccount')}{' '}
        <Link to={withRedirect('/login', target)} className="font-medium text-brand-700 hover:underline">
          {t('register.loginLink')}
        </Link>
      </p>

      <AgreementDialog
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        onAccept={() => {
          form.setValue('agree', true);
          setAgreeMissing(false);
          setAgreementOpen(false);
        }}
      />
    </AuthFrame>
  );
}
