import { useTranslation } from 'react-i18next';
import type { TAdminSettings, TShopContact } from '@cubeshop/shared';
import { useSaveSettings } from '../api/settings';
import { Field, SectionForm, text } from './parts';

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
export function ContactPanel({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  return (
    <SectionForm
      key={JSON.stringify(settings.contact)}
      title={t('contact.title')}
      description={t('contact.description')}
      testId="contact-form"
      busy={save.isPending}
      build={(form) => ({ contact: Object.fromEntries(FIELDS.map(({ key }) => [key, text(form.get(`contact.${key}`))])) })}
      save={save.mutateAsync}
    >
      {(invalid) =>
        FIELDS.map(({ key, wide, type }) => (
          <Field key={key} label={t(`contact.${key}`)} name={`contact.${key}`} invalid={invalid} defaultValue={settings.contact[key]} wide={wide} type={type ?? 'text'} />
        ))
      }
    </SectionForm>
  );
}
