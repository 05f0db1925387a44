export { default } from '@/features/content/pages/AboutUsPage';
