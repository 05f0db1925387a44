import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requestCode, type TCodePurpose } from '../../api/account-api';
import { useCodeRequest } from '../../hooks/use-code-request';
import type { TContactMode } from '../../lib/register-type';
import { contactOf } from '../../schemas';
import { LoadingButton } from './SubmitButton';
import { Field, TextInput } from './Field';

/** The fields of a form the code block reads and writes. */
export interface TCodeFields {
  email: string;
  mobile: string;
  otp: string;
}

interface CodeFieldProps<T extends TCodeFields> {
  /** The form (react-hook-form) holding the contact and the code. */
  form: UseFormReturn<T>;
  /** Which code the server sends: sign-up, sign-in or password reset. */
  purpose: TCodePurpose;
  /** Where it goes: the form's e-mail or mobile field. */
  mode: TContactMode;
  label: string;
}

/**
 * The one-time code block of register, login and forgot password (docs/requirements.md, States): the code
 * input and its get-code button. The button first checks the e-mail or mobile field (a wrong
 * address gets its message and the focus, and nothing is sent), then asks the server; the 60 s
 * resend countdown shows on the button (the server's own wait when it names one). E-mail and
 * mobile count down separately: in a form that switches between them (register, forgot
 * password) going back to a tab shows its own countdown still running.
 */
export function CodeField<T extends TCodeFields>({ form, purpose, mode, label }: CodeFieldProps<T>) {
  const { t } = useTranslation('account');
  // UseFormReturn is invariant in its values: the block only touches email, mobile and otp.
  const codeForm = form as unknown as UseFormReturn<TCodeFields>;
  const emailCode = useCodeRequest(() => requestCode(purpose, contactOf('email', codeForm.getValues())));
  const mobileCode = useCodeRequest(() => requestCode(purpose, contactOf('mobile', codeForm.getValues())));
  const code = mode === 'email' ? emailCode : mobileCode;

  const getCode = async () => {
    // The address must be right before a code is sent to it.
    if (!(await codeForm.trigger(mode))) {
      codeForm.setFocus(mode);
      return;
    }
    await code.request();
  };

  return (
    <Field key={mode} label={label} error={codeForm.formState.errors.otp?.message}>
      {(control) => (
        <div className="flex gap-2">
          <TextInput
            {...control}
            {...codeForm.register('otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('form.codePlaceholder')}
          />
          <LoadingButton variant="secondary" loading={code.sending} disabled={code.left > 0} onClick={() => void getCode()} className="min-w-28 tabular-nums">
            {code.sending ? t('code.sending') : code.left > 0 ? t('code.resendIn', { seconds: code.left }) : t('code.get')}
          </LoadingButton>
        </div>
      )}
    </Field>
  );
}
