import type { MetaFunction } from '../page';

export { default } from '@/features/content/pages/BrandAuthorizationPage';

export const meta: MetaFunction = ({ t }) => ({ description: t('common:seo.brandAuthorization') });
