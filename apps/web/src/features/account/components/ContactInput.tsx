import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TContactMode } from '../lib/register-type';
import { Field, TextInput } from './form/Field';

/** The e-mail input, or the mainland mobile input with its +86 prefix. */
export function ContactInput({ mode, input, error, label }: { mode: TContactMode; input: UseFormRegisterReturn; error?: string | undefined; label?: string }) {
  const { t } = useTranslation('account');
  if (mode === 'email') {
    return (
      <Field label={label ?? t('form.email')} error={error}>
        {(c) => (
          <TextInput {...c} {...input} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} placeholder={t('form.emailPlaceholder')} />
        )}
      </Field>
    );
  }
  return (
    <Field label={label ?? t('form.mobile')} error={error} hint={t('form.mobileHint')}>
      {(c) => (
        <div className="flex">
          <span
            aria-hidden="true"
            className="inline-flex h-10 shrink-0 items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-600"
          >
            {t('form.mobilePrefix')}
          </span>
          <TextInput
            {...c}
            {...input}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={t('form.mobilePlaceholder')}
            className="rounded-l-none"
          />
        </div>
      )}
    </Field>
  );
}
