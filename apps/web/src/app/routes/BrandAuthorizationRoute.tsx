export { default } from '@/features/content/pages/BrandAuthorizationPage';
