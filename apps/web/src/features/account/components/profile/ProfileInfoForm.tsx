import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@cubeshop/shared';
import { useAuthStore } from '@/lib/stores/auth';
import { toast } from '@/lib/stores/toast';
import { updateUser } from '../../api/account-api';
import { failureReason } from '../../lib/errors';
import { profileInfoSchema, type ProfileInfoValues } from '../../schemas';
import { RegionSelect } from '../RegionSelect';
import { Field, TextInput } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { LoadingButton } from '../form/SubmitButton';

/** /edit-name: name, nickname and region (PUT /api/user). */
export function ProfileInfoForm({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const setUser = useAuthStore((s) => s.setUser);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileInfoValues>({
    resolver: zodResolver(profileInfoSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { name: user.name, nickname: user.nickname, regionId: user.regionId ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onValid = async (values: ProfileInfoValues) => {
    setFailure(null);
    try {
      const updated = await updateUser({ name: values.name.trim(), nickname: values.nickname.trim(), regionId: values.regionId });
      setUser(updated);
      form.reset({ name: updated.name, nickname: updated.nickname, regionId: updated.regionId ?? '' });
      toast.success(t('profile.info.saved'));
    } catch (error) {
      setFailure(failureReason(error, t('profile.info.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="max-w-md space-y-4">
      {failure ? <FormAlert title={t('profile.info.failed')} reason={failure} /> : null}
      <Field label={t('profile.fields.name')} error={errors.name?.message}>
        {(c) => <TextInput {...c} {...form.register('name')} autoComplete="name" maxLength={50} />}
      </Field>
      <Field label={t('profile.fields.nickname')} error={errors.nickname?.message} hint={t('profile.info.nicknameHint')} optional>
        {(c) => <TextInput {...c} {...form.register('nickname')} autoComplete="nickname" maxLength={50} />}
      </Field>
      <Field label={t('profile.fields.region')} error={errors.regionId?.message}>
        {(c) => (
          <Controller
            control={form.control}
            name="regionId"
            render={({ field }) => (
              <RegionSelect
                {...c}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                emptyLabel={t('region.none')}
                emptySelectable={!user.regionId}
              />
            )}
          />
        )}
      </Field>
      <LoadingButton type="submit" loading={isSubmitting} loadingText={t('form.saving')} disabled={!isDirty}>
        {t('profile.info.save')}
      </LoadingButton>
    </form>
  );
}
