import type { MetaFunction } from '../page';

export { default } from '@/features/content/pages/CustomizationPage';

export const meta: MetaFunction = ({ t }) => ({ description: t('common:seo.customization') });
