import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/stores/toast';
import { changePassword } from '../../api/account-api';
import { failureReason } from '../../lib/errors';
import { changePasswordSchema, type ChangePasswordValues } from '../../schemas';
import { Field, PasswordInput } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { LoadingButton } from '../form/SubmitButton';

/** /change-password: current password, then the new one twice (PUT /api/user/reset-pwd). */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ChangePasswordValues) => {
    setFailure(null);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.reset();
      toast.success(t('profile.password.changed'));
    } catch (error) {
      setFailure(failureReason(error, t('profile.password.failed')));
    }
  };

  return (
    <div className="max-w-md">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
        {failure ? <FormAlert title={t('profile.password.failed')} reason={failure} /> : null}
        <Field label={t('profile.currentPassword')} error={errors.oldPassword?.message}>
          {(c) => <PasswordInput {...c} {...form.register('oldPassword')} autoComplete="current-password" maxLength={128} />}
        </Field>
        <Field label={t('profile.newPassword')} error={errors.newPassword?.message} hint={t('passwordRule')}>
          {(c) => <PasswordInput {...c} {...form.register('newPassword')} autoComplete="new-password" maxLength={128} />}
        </Field>
        <Field label={t('profile.confirmPassword')} error={errors.confirmPassword?.message}>
          {(c) => <PasswordInput {...c} {...form.register('confirmPassword')} autoComplete="new-password" maxLength={128} />}
        </Field>
        <LoadingButton type="submit" loading={isSubmitting} loadingText={t('form.saving')}>
          {t('profile.password.submit')}
        </LoadingButton>
      </form>
      <p className="mt-6 border-t border-gray-100 pt-4 text-sm text-gray-600">
        {t('profile.password.noPassword')}{' '}
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
          {t('profile.password.setWithCode')}
        </Link>
      </p>
    </div>
  );
}
