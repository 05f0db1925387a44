import { useTranslation } from 'react-i18next';

/** Temporary stand-in until the content pages land (the content developer overwrites this file). */
export default function CustomizationPage() {
  const { t } = useTranslation('common');
  return <h1 className="text-2xl font-bold text-ink">{t('routes.customization')}</h1>;
}
