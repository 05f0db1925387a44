export { default } from '@/features/content/pages/CustomizationPage';
