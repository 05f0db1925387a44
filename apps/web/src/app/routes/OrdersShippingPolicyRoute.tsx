import type { MetaFunction } from '../page';

export { default } from '@/features/content/pages/OrdersShippingPolicyPage';

export const meta: MetaFunction = ({ t }) => ({ description: t('common:seo.ordersShippingPolicy') });
