import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingButton } from './SubmitButton';
import { Field, TextInput } from './Field';

interface CodeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  /** Seconds left before another code may be requested (0: the button is free). */
  wait: number;
  sending: boolean;
  onRequest: () => void;
}

/** The one-time code input with its get-code button and the resend countdown. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField({ label, error, wait, sending, onRequest, ...input }, ref) {
  const { t } = useTranslation('account');
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="flex gap-2">
          <TextInput ref={ref} {...control} {...input} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('form.codePlaceholder')} />
          <LoadingButton
            variant="secondary"
            loading={sending}
            disabled={wait > 0}
            onClick={onRequest}
            className="min-w-28 tabular-nums"
          >
            {sending ? t('code.sending') : wait > 0 ? t('code.resendIn', { seconds: wait }) : t('code.get')}
          </LoadingButton>
        </div>
      )}
    </Field>
  );
});
