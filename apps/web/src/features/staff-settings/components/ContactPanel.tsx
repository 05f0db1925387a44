import { useTranslation } from 'react-i18next';
import type { TStaffSettings, TShopContact } from '@cubeshop/shared';
import { TextField } from '@/components/staff/form-fields';
import { useSaveSettings } from '../api/settings';
import { SettingsForm } from './parts';
import { ZContactForm } from './setting-forms';

const FIELDS: { key: keyof TShopContact; wide?: boolean; type?: string }[] = [
  { key: 'phone', type: 'tel' },
  { key: 'email', type: 'email' },
  { key: 'wechat' },
  { key: 'whatsapp', type: 'tel' },
  { key: 'addressZh', wide: true },
  { key: 'addressEn', wide: true },
  { key: 'hoursZh', wide: true },
  { key: 'hoursEn', wide: true },
];

/** The storefront footer's contact details. */
export function ContactPanel({ settings }: { settings: TStaffSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  return (
    <SettingsForm
      key={JSON.stringify(settings.contact)}
      schema={ZContactForm}
      defaultValues={{ contact: settings.contact }}
      title={t('contact.title')}
      description={t('contact.description')}
      testId="contact-form"
      busy={save.isPending}
      save={save.mutateAsync}
    >
      {FIELDS.map(({ key, wide, type }) => (
        <TextField key={key} label={t(`contact.${key}`)} name={`contact.${key}`} wide={wide ?? false} type={type ?? 'text'} maxLength={300} />
      ))}
    </SettingsForm>
  );
}
