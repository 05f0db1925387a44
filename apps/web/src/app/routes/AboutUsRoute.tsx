import type { MetaFunction } from '../page';

export { default } from '@/features/content/pages/AboutUsPage';

export const meta: MetaFunction = ({ t }) => ({ description: t('common:seo.aboutUs') });
