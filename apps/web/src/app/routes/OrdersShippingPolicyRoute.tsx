export { default } from '@/features/content/pages/OrdersShippingPolicyPage';
